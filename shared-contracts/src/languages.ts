// The 16 supported languages (spec section 2, `lan` query), their direction and the fallbacks of section 5.

export const LANGUAGE_CODES = [
  'ar',
  'de',
  'en',
  'es',
  'fr',
  'it',
  'ja',
  'th',
  'tr',
  'ko',
  'id',
  'pt',
  'zh',
  'vi',
  'pl',
  'he',
] as const;
export type Language = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Spec order, with the name each language has for itself (shown in the language dialog). */
export const LANGUAGES: ReadonlyArray<{ code: Language; nativeName: string }> = [
  { code: 'ar', nativeName: 'العربية' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'en', nativeName: 'English' },
  { code: 'es', nativeName: 'Español' },
  { code: 'fr', nativeName: 'Français' },
  { code: 'it', nativeName: 'Italiano' },
  { code: 'ja', nativeName: '日本語' },
  { code: 'th', nativeName: 'ไทย' },
  { code: 'tr', nativeName: 'Türkçe' },
  { code: 'ko', nativeName: '한국어' },
  { code: 'id', nativeName: 'Bahasa Indonesia' },
  { code: 'pt', nativeName: 'Português' },
  { code: 'zh', nativeName: '中文' },
  { code: 'vi', nativeName: 'Tiếng Việt' },
  { code: 'pl', nativeName: 'Polski' },
  { code: 'he', nativeName: 'עברית' },
];

export const RTL_LANGUAGES: ReadonlyArray<Language> = ['ar', 'he'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as ReadonlyArray<string>).includes(value);
}

/**
 * Any value to a supported language. Case and a region subtag are tolerated ('zh-CN', 'PT_br' → zh, pt) because
 * the value often comes from navigator.language; everything else falls back to en (spec: `lan` fallback).
 */
export function normalizeLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/**
 * The language a page starts in, before the server's list is known (spec section 2): `lan` in the address, else
 * the one stored on this device, else the browser's. The shell starts in it, and the routes' first calls ask in it
 * (their prefetch), so they are the requests the page makes.
 */
export function startLanguage(sources: {
  lan: string | null;
  stored: string | null;
  browser?: string | null;
}): Language {
  if (sources.lan !== null) return normalizeLanguage(sources.lan);
  return normalizeLanguage(sources.stored ?? (sources.browser ? normalizeLanguage(sources.browser) : null));
}

export function dirFor(lang: string): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as ReadonlyArray<string>).includes(normalizeLanguage(lang)) ? 'rtl' : 'ltr';
}

/**
 * Stored language/currency must be one the server offers (Config.lang_list / ccy_list); otherwise the first entry
 * wins (spec section 5). Returns undefined only when the server list is empty.
 */
export function pickFromServerList<T extends string>(stored: string | null | undefined, list: ReadonlyArray<T>) {
  const found = list.find((entry) => entry === stored);
  return found ?? list[0];
}

/**
 * The i18next options every page shares (the shell, its server render, a remote's standalone page, the tests), beside
 * each one's language and namespaces. `bindI18nStore: ''`: no re-render of every translated component when a bundle
 * is added (a remote's strings arriving after the page was hydrated rendered the whole page again, one long task); a
 * component whose namespace is not in yet waits for it itself (ui createRemoteI18n's useRemoteTranslation suspends).
 */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGE_CODES],
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
  react: { bindI18nStore: '', useSuspense: true },
};
