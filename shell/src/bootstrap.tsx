import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { getStorage, registerRuntime, STORAGE_KEYS } from 'shared-contracts';
import { App } from './app/App';
import { AppProviders } from './app/provider';
import { takeReceiptFromQuery } from './features/auth/lib/receipt';
import { persistLocale, resolveLocale } from './features/locale/lib/resolve-locale';
import { ensureRemotesManifest } from './features/remotes/lib/federation';
import { apiClient } from './lib/api-client';
import { initI18n } from './lib/i18n';

async function start() {
  registerRuntime('shell', { react: React });
  const storage = getStorage();

  // Remote addresses are looked up now, in parallel with the language bundles.
  ensureRemotesManifest().catch((error: unknown) => console.warn('[shell] remotes manifest unavailable', error));

  // The receipt is taken before anything renders, so the first calls of any remote already carry it.
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
        >
          <App />
        </AppProviders>
      </BrowserRouter>
    </React.StrictMode>,
  );
}

void start();
