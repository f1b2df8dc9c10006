import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_COUNTRY,
  getBus,
  isLanguage,
  LANGUAGE_CODES,
  STORAGE_KEYS,
  type ApiClient,
  type Language,
  type SafeStorage,
} from 'shared-contracts';
import { useAuth } from '../../../lib/auth';
import { switchLanguage } from '../../../lib/i18n';
import { LocaleContext, type LocaleChange, type LocaleState } from '../../../lib/locale';
import { getConfig } from '../api/get-config';
import { saveUserSettings } from '../api/save-user-settings';
import { persistLocale, resolveLocale, type ResolvedLocale } from '../lib/resolve-locale';
import { useBusEvent } from '../../../lib/use-bus-event';
import { whenIdle } from '../../../lib/idle';

/**
 * Language, currency and region of the page. Starts from what bootstrap resolved (query and storage), then checks
 * the stored values against getConfig's lists; the language is applied through the shared i18next instance.
 */
export function LocaleProvider({
  client,
  storage,
  initial,
  initialSearch,
  children,
}: {
  client: ApiClient;
  storage: SafeStorage;
  initial: ResolvedLocale;
  /** The query the page was opened with (lan and ccy are read once, at start). */
  initialSearch: string;
  children: ReactNode;
}) {
  const { user, loggedIn } = useAuth();
  const [language, setLanguage] = useState<Language>(initial.language);
  const [currency, setCurrency] = useState<string | null>(initial.currency);
  const [region, setRegion] = useState<string>(() => storage.get(STORAGE_KEYS.AREA_KEY) ?? DEFAULT_COUNTRY);
  const [lists, setLists] = useState<{ languages: readonly Language[]; currencies: readonly string[] }>({
    languages: LANGUAGE_CODES,
    currencies: initial.currency ? [initial.currency] : [],
  });
  const languageRef = useRef(language);
  languageRef.current = language;

  const applyLanguage = useCallback(async (next: Language) => {
    if (next === languageRef.current) return;
    await switchLanguage(next);
    languageRef.current = next;
    setLanguage(next);
  }, []);

  // Stored values must be in the server's lists, else its first entry (spec section 5). Asked once the page's first
  // view has rendered: until then the page shows in the language and currency it started in.
  useEffect(() => {
    let cancelled = false;
    const checkLists = () =>
      getConfig(client, window.location.href).then(async (config) => {
        if (cancelled || !config) return;
        const resolved = resolveLocale({
          search: new URLSearchParams(initialSearch),
          storedLanguage: storage.get(STORAGE_KEYS.LANGUAGE_KEY),
          storedCurrency: storage.get(STORAGE_KEYS.CURRENCY_KEY),
          browserLanguage: navigator.language,
          server: config,
        });
        persistLocale(storage, resolved.store);
        const languages = config.lang_list.filter(isLanguage);
        // Transitions, as every update this provider makes by itself after the page drew (below): the whole page reads
        // this context, so an urgent update would render it again in one task, and would hydrate at once, in that
        // task, any part of a server-rendered page not hydrated yet.
        startTransition(() => {
          setLists({ languages: languages.length ? languages : LANGUAGE_CODES, currencies: config.ccy_list });
          setCurrency(resolved.currency);
        });
        await applyLanguage(resolved.language);
      });
    const cancelIdle = whenIdle(() => void checkLists());
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [client, storage, initialSearch, applyLanguage]);

  // A logged-in user's synced settings: region always, currency unless the link set one.
  useEffect(() => {
    if (!user) return;
    const { area, ccy } = user;
    if (area) storage.set(STORAGE_KEYS.AREA_KEY, area);
    const linked = new URLSearchParams(initialSearch).has('ccy');
    if (ccy && !linked) storage.set(STORAGE_KEYS.CURRENCY_KEY, ccy);
    startTransition(() => {
      if (area) setRegion(area);
      if (ccy && !linked) setCurrency(ccy);
    });
  }, [user, storage, initialSearch]);

  useEffect(() => {
    if (currency) getBus().publish('locale:changed', { lang: language, ccy: currency });
  }, [language, currency]);

  // Another package changed the settings (mf-account's user page saved region and currency): follow it. Values
  // equal to the current ones are this provider's own announcement and change nothing.
  useBusEvent('locale:changed', (next) => {
    if (next.ccy && next.ccy !== currency) {
      setCurrency(next.ccy);
      storage.set(STORAGE_KEYS.CURRENCY_KEY, next.ccy);
    }
    if (next.area && next.area !== region) {
      setRegion(next.area);
      storage.set(STORAGE_KEYS.AREA_KEY, next.area);
    }
    if (next.lang !== language && !initial.locked) {
      void applyLanguage(next.lang);
      storage.set(STORAGE_KEYS.LANGUAGE_KEY, next.lang);
    }
  });

  const update = useCallback(
    async (change: LocaleChange) => {
      if (change.language && !initial.locked) {
        await applyLanguage(change.language);
        storage.set(STORAGE_KEYS.LANGUAGE_KEY, change.language);
      }
      const nextCurrency = change.currency ?? currency;
      if (change.currency) {
        setCurrency(change.currency);
        storage.set(STORAGE_KEYS.CURRENCY_KEY, change.currency);
      }
      const nextRegion = loggedIn && change.region ? change.region : region;
      if (loggedIn && change.region) {
        setRegion(change.region);
        storage.set(STORAGE_KEYS.AREA_KEY, change.region);
      }
      if (loggedIn && nextCurrency) await saveUserSettings(client, { area: nextRegion, ccy: nextCurrency });
    },
    [applyLanguage, client, currency, initial.locked, loggedIn, region, storage],
  );

  const value = useMemo<LocaleState>(
    () => ({
      language,
      currency,
      region,
      locked: initial.locked,
      languages: lists.languages,
      currencies: lists.currencies,
      update,
    }),
    [language, currency, region, initial.locked, lists, update],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}
