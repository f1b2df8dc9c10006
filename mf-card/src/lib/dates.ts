// Dates as the reader's language writes them. The api sends days as YYYY-MM-DD (UTC) and times as epoch seconds.
// Making an Intl.DateTimeFormat costs far more than formatting with one (a list formats a few per row): one per
// language and style, made on first use.

// Days ('YYYY-MM-DD') are written by shared-contracts' formatDay, as every remote's cards write their expiry.
export { formatDay } from 'shared-contracts';

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: string): Intl.DateTimeFormat {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
    formats.set(lang, format);
  }
  return format;
}

/** Epoch seconds as a date in the reader's language and time zone; '' for 0 or no value. */
export function formatSeconds(seconds: number | null | undefined, lang: string): string {
  if (!seconds) return '';
  try {
    return dateFormat(lang).format(new Date(seconds * 1000));
  } catch {
    return new Date(seconds * 1000).toISOString().slice(0, 10);
  }
}
