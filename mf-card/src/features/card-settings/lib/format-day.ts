/** 'YYYY-MM-DD' (the api's UTC day) in the reader's language; anything else is shown as sent. */
export function formatDay(day: string, lang: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  } catch {
    return day;
  }
}
