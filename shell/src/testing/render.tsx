import { act, render, type RenderResult } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  createApiClient,
  createSafeStorage,
  getBus,
  STORAGE_KEYS,
  type ApiClient,
  type EventBus,
  type SafeStorage,
} from 'shared-contracts';
import { AppProviders } from '../app/provider';
import { resolveLocale } from '../features/locale/lib/resolve-locale';
import { type RemoteRoutesLoader } from '../features/remotes/lib/remote-routes-store';
import { initI18n } from '../lib/i18n';

export interface RenderOptions {
  /** Location the router starts at (path and query). */
  route?: string;
  /** Stored values (localStorage) before the first render. */
  stored?: Partial<Record<keyof typeof STORAGE_KEYS, string>>;
  /** Replaces the federation loader of remotes' ./routes (default: the real federation runtime). */
  remotesLoader?: RemoteRoutesLoader;
}

export interface RenderedApp extends RenderResult {
  client: ApiClient;
  storage: SafeStorage;
  bus: EventBus;
}

/**
 * Renders `ui` the way bootstrap does: router at `route`, the page's i18next instance in the resolved language,
 * theme, remotes, auth and locale providers, and the page bus. The network is whatever fetch stub the test set.
 */
export async function renderWithApp(ui: ReactElement, options: RenderOptions = {}): Promise<RenderedApp> {
  const { route = '/', stored = {}, remotesLoader } = options;
  window.localStorage.clear();
  const storage = createSafeStorage(window.localStorage);
  for (const [key, value] of Object.entries(stored)) storage.set(STORAGE_KEYS[key as keyof typeof STORAGE_KEYS], value);
  const search = route.includes('?') ? route.slice(route.indexOf('?')) : '';
  const locale = resolveLocale({
    search: new URLSearchParams(search),
    storedLanguage: storage.get(STORAGE_KEYS.LANGUAGE_KEY),
    storedCurrency: storage.get(STORAGE_KEYS.CURRENCY_KEY),
    browserLanguage: 'en-US',
  });
  await initI18n(locale.language);
  const client = createApiClient({ storage });
  // An awaited act: pages suspend on React's use() (remote routes, translations), which a synchronous act leaves
  // unflushed in React 19.
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <MemoryRouter initialEntries={[route]}>
        <AppProviders
          client={client}
          storage={storage}
          locale={locale}
          initialSearch={search}
          remotesLoader={remotesLoader}
        >
          {ui}
        </AppProviders>
      </MemoryRouter>,
    );
  });
  return { ...result, client, storage, bus: getBus() };
}

/**
 * Lets a load a page suspended on (React's use()) finish and React show its outcome, as in a browser: outside
 * act, in real time. React reveals suspended content at most every 300 ms (its fallback throttle), hence the
 * default. `action` (e.g. a Retry click) runs in the same window, so the load it starts is not tied to an act scope.
 */
export async function settle(ms = 700, action?: () => void): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    action?.();
    await new Promise<void>((resolve) => setTimeout(resolve, ms));
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}
