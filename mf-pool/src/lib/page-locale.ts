import { getStorage, normalizeLanguage, STORAGE_KEYS, type Language } from 'shared-contracts';

/** The currency the shell chose (CURRENCY_KEY), else USD. */
export function pageCurrency(): string {
  const chosen = getStorage().get(STORAGE_KEYS.CURRENCY_KEY)?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(chosen) ? chosen : 'USD';
}

/** i18next's language as one of the 16 the api takes. */
export const pageLanguage = (lang: string | undefined): Language => normalizeLanguage(lang ?? 'en');

/** 'YYYY-MM-DD' (a UTC day, as the api sends it) written the reader's way; anything else as it came. */
export function readableDay(day: string, lang: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  try {
    return new Date(at).toLocaleDateString(lang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  } catch {
    return day;
  }
}
