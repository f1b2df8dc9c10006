import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { getStorage, registerRuntime, STORAGE_KEYS } from 'shared-contracts';
import { App } from './app/App';
import { AppProviders } from './app/provider';
import { takeReceiptFromQuery } from './features/auth/lib/receipt';
import { persistLocale, resolveLocale } from './features/locale/lib/resolve-locale';
import { federationRoutesLoader, loadOnce, type RemoteRoutesLoader } from './features/remotes/lib/remote-routes-store';
import { prefetchRoute, settledWithin } from './app/routes/prefetch';
import { apiClient } from './lib/api-client';
import { initI18n } from './lib/i18n';

export interface StartShellOptions {
  /** Where the remotes' routes come from; default: through the federation runtime (the site as deployed). */
  remotesLoader?: RemoteRoutesLoader;
}

/**
 * How long the first render waits for the page's remote (its routes and strings) after the shell's own strings are
 * in. Rendered together, the page's view comes in one render, its data calls start before the shell's chrome renders,
 * and the chrome does not render again when the remote's strings arrive. A remote slower than this renders into the
 * shell's skeleton as before (the boot header of the HTML shows meanwhile).
 */
export const FIRST_VIEW_WAIT_MS = 1000;

/**
 * The shell's start-up: the login receipt from the query (before anything renders, so the first calls of any remote
 * carry it), the language and currency, the strings, then the app. bootstrap.tsx runs it for the site; the
 * single-bundle build (bench/mono) runs it with its own routes loader.
 */
export async function startShell(options: StartShellOptions = {}): Promise<void> {
  registerRuntime('shell', { react: React });
  const storage = getStorage();

  const { pathname, hash } = window.location;
  const taken = takeReceiptFromQuery(window.location.search, storage);
  if (taken) window.history.replaceState(window.history.state, '', `${pathname}${taken.search}${hash}`);
  const initialSearch = window.location.search;

  const locale = resolveLocale({
    search: new URLSearchParams(initialSearch),
    storedLanguage: storage.get(STORAGE_KEYS.LANGUAGE_KEY),
    storedCurrency: storage.get(STORAGE_KEYS.CURRENCY_KEY),
    browserLanguage: navigator.language,
  });
  persistLocale(storage, locale.store);
  // The page's remote and its data start now, beside the language bundles (the same loader the app renders with).
  const remotesLoader = options.remotesLoader ? loadOnce(options.remotesLoader) : federationRoutesLoader;
  const firstView = prefetchRoute(remotesLoader, { pathname, search: initialSearch }, locale.language);
  await Promise.all([initI18n(locale.language), settledWithin(firstView, FIRST_VIEW_WAIT_MS)]);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  // A transition: React renders the first view in slices and lets the browser handle what arrives meanwhile (the
  // route's data answers), instead of one long task on a phone's main thread.
  const root = createRoot(container);
  React.startTransition(() =>
    root.render(
      <React.StrictMode>
        <BrowserRouter>
          <AppProviders
            client={apiClient}
            storage={storage}
            locale={locale}
            initialSearch={initialSearch}
            freshReceipt={Boolean(taken?.token)}
            remotesLoader={remotesLoader}
          >
            <App />
          </AppProviders>
        </BrowserRouter>
      </React.StrictMode>,
    ),
  );
}
