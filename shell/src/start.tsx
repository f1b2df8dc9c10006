import * as React from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import {
  COOKIE_MIRRORED_KEYS,
  forgetInitialResults,
  getStorage,
  receiptDigest,
  registerRuntime,
  seedInitialResults,
  prepareDeviceMoments,
  seedFormatted,
  seedServerWidgets,
  beginHydration,
  seedTimeZone,
  rememberTimeZone,
  STORAGE_KEYS,
  type CallName,
  type CallResult,
} from 'shared-contracts';
import { App } from './app/App';
import { AppProviders } from './app/provider';
import { takeReceiptFromQuery } from './features/auth/lib/receipt';
import { persistLocale, resolveLocale } from './features/locale/lib/resolve-locale';
import { federationRoutesLoader, loadOnce, type RemoteRoutesLoader } from './features/remotes/lib/remote-routes-store';
import { prefetchRoute, settledWithin } from './app/routes/prefetch';
import { apiClient } from './lib/api-client';
import { i18nView } from 'shared-contracts/ui';
import { i18n, initI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { intlWarmed } from './lib/warm-intl';

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
/** What the server rendered the page with (tools/build/host/ssr.mjs): the api's answers and its assumptions. */
interface ServerRendered {
  answers: Record<string, CallResult<CallName>>;
  language: string;
  currency: string | null;
  route: string;
  /** The login it was rendered for (receiptDigest of the receipt cookie), null for a visitor's page. */
  receipt?: string | null;
  /** The zone its moments are written in (null: UTC, labelled). */
  timeZone?: string | null;
  /** The texts its figures and dates were written as (shared-contracts formatOnce). */
  formatted?: Record<string, string>;
  /** Other remotes' widgets its HTML holds (shared-contracts RemoteWidget). */
  widgets?: string[];
}

/** The page's server-rendered seed, when #root holds server HTML. */
function serverRendered(container: HTMLElement | null): ServerRendered | null {
  const script = document.getElementById('ssr-data');
  if (!script || !container?.hasAttribute('data-ssr')) return null;
  try {
    return JSON.parse(script.textContent ?? '') as ServerRendered;
  } catch {
    return null;
  }
}

/** Language and currency are mirrored in cookies, for the server to render in them (shared-contracts storage.ts). */
function mirrorStoredCookies(storage: ReturnType<typeof getStorage>): void {
  const cookies = new Map(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
  );
  for (const key of COOKIE_MIRRORED_KEYS) {
    const value = storage.get(key);
    if (value !== null && cookies.get(key) !== value) storage.set(key, value);
  }
}

/** How long the seeded answers stay readable for the parts that hydrate late (lazy chunks of the first view). */
const SEED_KEPT_MS = 10_000;

export async function startShell(options: StartShellOptions = {}): Promise<void> {
  registerRuntime('shell', { react: React });
  const storage = getStorage();
  mirrorStoredCookies(storage);
  // The start-up in short tasks (the browser paints and takes input between them): the page's seed in the next.
  await nextTask();
  const container = document.getElementById('root');
  let ssr = serverRendered(container);
  // The server's answers first: the route's prefetch and first render take them instead of asking again.
  if (ssr) {
    // Read while the device's login is the one the page was rendered for (checked below; a login in the page ends it).
    const receiptAtStart = storage.get(STORAGE_KEYS.RECEIPT);
    seedInitialResults(ssr.answers, () => storage.get(STORAGE_KEYS.RECEIPT) === receiptAtStart);
    seedTimeZone(ssr.timeZone);
    seedFormatted(ssr.formatted);
    seedServerWidgets(ssr.widgets);
    await nextTask();
  }

  const { pathname, hash } = window.location;
  const taken = takeReceiptFromQuery(window.location.search, storage);
  if (taken) window.history.replaceState(window.history.state, '', `${pathname}${taken.search}${hash}`);
  const initialSearch = window.location.search;

  const locale = resolveLocale({
    search: new URLSearchParams(initialSearch),
    storedLanguage: storage.get(STORAGE_KEYS.LANGUAGE_KEY),
    storedCurrency: storage.get(STORAGE_KEYS.CURRENCY_KEY),
    renderedCurrency: ssr?.currency,
    browserLanguage: navigator.language,
  });
  persistLocale(storage, locale.store);
  // The login the page was rendered for (the api's receipt cookie) against this device's stored one: another login,
  // or a login the cookie does not have (stored before the cookie existed), renders on its own.
  const sameLogin =
    ssr !== null &&
    (await receiptDigest(storage.get(STORAGE_KEYS.RECEIPT)).then(
      (mine) => mine === (ssr?.receipt ?? null),
      () => false,
    ));
  if (ssr && (taken || !sameLogin || ssr.language !== locale.language || ssr.currency !== locale.currency)) {
    // Rendered for another language, currency or login than this device's (storage the cookies did not mirror yet):
    // the client renders the page itself, as without server rendering.
    forgetInitialResults();
    ssr = null;
  }
  // The page's remote and its data start now, beside the language bundles (the same loader the app renders with).
  const remotesLoader = options.remotesLoader ? loadOnce(options.remotesLoader) : federationRoutesLoader;
  const firstView = prefetchRoute(remotesLoader, { pathname, search: initialSearch }, locale.language);
  // The remote's files are asked for; i18next's set-up in a task of its own (the two were one 11 ms task here).
  await nextTask();
  // Hydrating, the first render must equal the server's: it waits for the route's remote and strings, however long.
  await Promise.all([initI18n(locale.language), ssr ? firstView : settledWithin(firstView, FIRST_VIEW_WAIT_MS)]);
  // The page's first Intl calls, once the worker started in index.ts loaded ICU's data (lib/warm-intl.ts; it had the
  // remote's and the strings' round trips to do it in, so waiting here holds nothing on the network): the device's
  // zone (Intl's where there is no Temporal) and, on a first visit, the format its moments are written again in once
  // hydrated, each in a task of its own.
  await intlWarmed();
  rememberTimeZone();
  await nextTask();
  if (ssr && prepareDeviceMoments(ssr.formatted)) await nextTask();

  if (!container) throw new Error('#root missing');
  const app = (
    <React.StrictMode>
      <I18nextProvider i18n={i18nView(i18n)}>
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
      </I18nextProvider>
    </React.StrictMode>
  );
  if (ssr) {
    // In a transition too: React hydrates the server's HTML in slices of a few milliseconds, between which the
    // browser paints and takes input (a tap on a part not hydrated yet makes React hydrate that part first), instead
    // of one long task. The page already shows; nothing is drawn again.
    const hydrating = container;
    // What differs in the browser (useIsClient, useTimeZone) keeps the server's value until the page has hydrated.
    beginHydration();
    React.startTransition(() => {
      hydrateRoot(hydrating, app, {
        onRecoverableError(error, info) {
          console.error('[shell] hydration', error, info.componentStack);
        },
        onCaughtError(error, info) {
          console.error('[shell] caught', error, info.componentStack);
        },
      });
    });
    window.setTimeout(forgetInitialResults, SEED_KEPT_MS);
    return;
  }
  // A transition: React renders the first view in slices and lets the browser handle what arrives meanwhile (the
  // route's data answers), instead of one long task on a phone's main thread.
  const root = createRoot(container);
  React.startTransition(() => root.render(app));
}
