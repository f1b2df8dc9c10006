// Display helpers of the record cards: the api sends dates as YYYY-MM-DD (UTC) and purchase times as seconds.

/** 'YYYY-MM-DD' in the reader's language ('' stays ''; anything unexpected is shown as sent). */
export function formatDay(day: string, lang: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  } catch {
    return day;
  }
}

/** Epoch seconds as a date in the reader's language and time zone; '' for 0 or no value. */
export function formatSeconds(seconds: number | null | undefined, lang: string): string {
  if (!seconds) return '';
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
  } catch {
    return new Date(seconds * 1000).toISOString().slice(0, 10);
  }
}

/** The api writes 'Unlimited' (untranslated) as total_str of an unlimited package. */
export function isUnlimited(totalStr: string): boolean {
  return totalStr.trim().toLowerCase() === 'unlimited';
}

/** '5.2GB', '500 MB' → megabytes; null for anything else (the meter is then left out). */
export function amountInMb(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(MB|GB|TB)\s*$/i.exec(text);
  const [, amount, unit] = match ?? [];
  if (!amount || !unit) return null;
  const factor = { MB: 1, GB: 1024, TB: 1024 * 1024 }[unit.toUpperCase() as 'MB' | 'GB' | 'TB'];
  return Number(amount) * factor;
}

/** Share of the package used, 0–100, when both figures can be read; null otherwise. */
export function usedPercent(usedStr: string, totalStr: string): number | null {
  const used = amountInMb(usedStr);
  const total = amountInMb(totalStr);
  if (used === null || total === null || !(total > 0)) return null;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}
