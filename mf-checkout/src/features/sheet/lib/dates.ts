/** A date (Unix seconds) as the reader's language writes it, e.g. 'Nov 23, 2026'. */
export function formatDay(seconds: number, lang: string): string {
  const date = new Date(seconds * 1000);
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/**
 * The reminder's wording when auto-renew is already on (spec section 4): the order time still ahead (the next
 * renewal is scheduled), already past, or unknown.
 */
export function reminderKind(orderTime: number | null, now = Date.now()): 'future' | 'past' | 'unknown' {
  if (orderTime === null || !Number.isFinite(orderTime) || orderTime <= 0) return 'unknown';
  return orderTime * 1000 > now ? 'future' : 'past';
}

/**
 * A validity as the reader's language writes it. The package lists say it in English ('30 days', '1 day'): such a
 * text is written again in `lang` ('30 Tage'); any other text (already translated, or not a number of days) is kept.
 */
export function localValidity(validity: string, lang: string): string {
  const days = /^\s*(\d{1,4})\s+days?\s*$/i.exec(validity)?.[1];
  if (!days) return validity;
  try {
    return new Intl.NumberFormat(lang, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(Number(days));
  } catch {
    return validity;
  }
}
