// Dates as the reader's language writes them. The api sends days as YYYY-MM-DD (UTC) and times as epoch seconds.
// Making an Intl.DateTimeFormat costs far more than formatting with one (a list formats a few per row): one per
// language and style, made on first use.

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: string, utc: boolean): Intl.DateTimeFormat {
  const key = `${lang}|${utc}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...(utc ? { timeZone: 'UTC' } : {}) });
    formats.set(key, format);
  }
  return format;
}

/** 'YYYY-MM-DD' in the reader's language ('' stays ''; anything unexpected is shown as sent). */
export function formatDay(day: string, lang: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  try {
    return dateFormat(lang, true).format(date);
  } catch {
    return day;
  }
}

/** Epoch seconds as a date in the reader's language and time zone; '' for 0 or no value. */
export function formatSeconds(seconds: number | null | undefined, lang: string): string {
  if (!seconds) return '';
  try {
    return dateFormat(lang, false).format(new Date(seconds * 1000));
  } catch {
    return new Date(seconds * 1000).toISOString().slice(0, 10);
  }
}
