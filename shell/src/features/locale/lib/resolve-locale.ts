import {
  isLanguage,
  normalizeLanguage,
  pickFromServerList,
  startLanguage,
  STORAGE_KEYS,
  type Language,
  type SafeStorage,
} from 'shared-contracts';

export interface LocaleSources {
  /** The page's query string (lan, ccy). */
  search: URLSearchParams;
  storedLanguage: string | null;
  storedCurrency: string | null;
  /** navigator.language, used only when nothing is stored. */
  browserLanguage?: string | null;
  /**
   * The currency a server-rendered page was drawn in when the device had none (the site's first, from getConfig): the
   * page's start takes it, so the header does not change from "EN" to "EN · USD" once the lists arrive.
   */
  renderedCurrency?: string | null;
  /** getConfig's lists; absent until the server answered (or when it cannot be reached). */
  server?: { lang_list: readonly string[]; ccy_list: readonly string[] } | null;
}

export interface ResolvedLocale {
  language: Language;
  /** null until a currency is known (no query, nothing stored, no server list yet). */
  currency: string | null;
  /** `lan` in the link fixes the language: the dialog cannot change it. */
  locked: boolean;
  /** Values to write back to storage (only what changed). */
  store: { language?: Language; currency?: string };
}

/**
 * Spec sections 2 and 5: `lan` sets the language and locks the configuration (any value outside the 16 falls
 * back to en); otherwise the stored (or, on a first visit, the browser's) language must be one the server
 * offers, else its first entry. `ccy` sets the currency; a stored one must be in the server list, else the
 * first entry. Whatever was picked is stored.
 */
export function resolveLocale(sources: LocaleSources): ResolvedLocale {
  const { search, storedLanguage, storedCurrency, server } = sources;
  const store: ResolvedLocale['store'] = {};

  const lan = search.get('lan');
  // The start language (before the server's list is known), which the route's first calls ask in.
  let language = startLanguage({ lan, stored: storedLanguage, browser: sources.browserLanguage });
  const locked = lan !== null;
  const serverLanguages = (server?.lang_list ?? []).filter(isLanguage);
  if (!locked && serverLanguages.length > 0) {
    const candidate = storedLanguage ?? (sources.browserLanguage ? normalizeLanguage(sources.browserLanguage) : null);
    language = pickFromServerList(candidate, serverLanguages) ?? language;
  }
  if (language !== storedLanguage) store.language = language;

  const ccy = search.get('ccy')?.trim().toUpperCase() || null;
  const serverCurrencies = server?.ccy_list ?? [];
  let currency: string | null = ccy ?? storedCurrency ?? sources.renderedCurrency ?? null;
  if (serverCurrencies.length > 0) currency = pickFromServerList(currency, serverCurrencies) ?? null;
  if (currency !== null && currency !== storedCurrency) store.currency = currency;

  return { language, currency, locked, store };
}

/** Writes what resolveLocale picked (LANGUAGE_KEY, CURRENCY_KEY). */
export function persistLocale(storage: SafeStorage, store: ResolvedLocale['store']): void {
  if (store.language) storage.set(STORAGE_KEYS.LANGUAGE_KEY, store.language);
  if (store.currency) storage.set(STORAGE_KEYS.CURRENCY_KEY, store.currency);
}
