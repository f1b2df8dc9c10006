// The single-bundle site: the shell's start-up (shell/src/bootstrap.tsx, which takes no routes loader, so its
// steps are repeated here), with every remote's routes imported directly instead of through federation.
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { getStorage, registerRuntime, STORAGE_KEYS } from 'shared-contracts';

import { bundledRoutesLoader, registerBundledRemotes } from './local-remotes';
import { App, AppProviders, apiClient, initI18n, persistLocale, resolveLocale, takeReceiptFromQuery } from './parts';

async function start() {
  registerRuntime('shell', { react: React });
  registerBundledRemotes();
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
  await initI18n(locale.language);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <React.StrictMode>
      <BrowserRouter>
        <AppProviders
          client={apiClient}
          storage={storage}
          locale={locale}
          initialSearch={initialSearch}
          freshReceipt={Boolean(taken?.token)}
          remotesLoader={bundledRoutesLoader}
        >
          <App />
        </AppProviders>
      </BrowserRouter>
    </React.StrictMode>,
  );
}

void start();
