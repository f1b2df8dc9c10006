// The shell's providers for renderRemote (shared-contracts/testing), set up as bootstrap does: stored values, the
// language and currency resolved from the query and storage, the shell's i18n set-up (which also sets
// <html lang dir>), theme, remotes, auth and locale. Not a second render helper: it only builds the options.
import { type ReactNode } from 'react';
import {
  createApiClient,
  createSafeStorage,
  STORAGE_KEYS,
  type ApiClient,
  type Config,
  type SafeStorage,
} from 'shared-contracts';
import { siteConfig, type RenderRemoteOptions, type StoredValues } from 'shared-contracts/testing';
import { AppProviders } from '../app/provider';
import { resolveLocale } from '../features/locale/lib/resolve-locale';
import { type RemoteRoutesLoader } from '../features/remotes/lib/remote-routes-store';
import { initI18n } from '../lib/i18n';

export interface ShellAppOptions {
  /** Location the router starts at (path and query). */
  route?: string;
  /** Stored values (localStorage) before the first render. */
  stored?: StoredValues;
  /** Replaces the federation loader of remotes' ./routes (default: the real federation runtime). */
  remotesLoader?: RemoteRoutesLoader;
}

export interface ShellApp extends RenderRemoteOptions {
  client: ApiClient;
  storage: SafeStorage;
}

/** renderRemote options for a shell component: `await renderRemote(<Header />, shellApp({ route: '/' }))`. */
export function shellApp({ route = '/', stored = {}, remotesLoader }: ShellAppOptions = {}): ShellApp {
  const storage = createSafeStorage(window.localStorage);
  for (const [key, value] of Object.entries(stored)) {
    if (value !== undefined) storage.set(STORAGE_KEYS[key as keyof typeof STORAGE_KEYS], value);
  }
  const search = route.includes('?') ? route.slice(route.indexOf('?')) : '';
  const locale = resolveLocale({
    search: new URLSearchParams(search),
    storedLanguage: storage.get(STORAGE_KEYS.LANGUAGE_KEY),
    storedCurrency: storage.get(STORAGE_KEYS.CURRENCY_KEY),
    browserLanguage: 'en-US',
  });
  const client = createApiClient({ storage });
  function ShellProviders({ children }: { children: ReactNode }) {
    return (
      <AppProviders
        client={client}
        storage={storage}
        locale={locale}
        initialSearch={search}
        remotesLoader={remotesLoader}
      >
        {children}
      </AppProviders>
    );
  }
  return { route, i18n: { lang: locale.language, init: initI18n }, wrapper: ShellProviders, client, storage };
}

/** The notices answer of a card without notices (the header asks on every page). */
export const NO_NOTICES = { notice: null, list: [], unread: 0 };

/** Config the api would answer (lists used by the language/currency logic). */
export const DEMO_CONFIG: Config = siteConfig({
  lang_list: ['en', 'de', 'ar', 'he', 'ja', 'fr'],
  ccy_list: ['USD', 'EUR', 'JPY'],
});
