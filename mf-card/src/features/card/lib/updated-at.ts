/** A moment (ms since 1970) as the page language writes a date and time; ISO where Intl cannot. */
export function formatMoment(ms: number, lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}
