// The shell's server bundle (dist/server/render.js, issue 27): renders a page with the real shell and the real
// remote's route, for the site host (tools/build/host/ssr.mjs) to put in the shell's document.
//
// One process renders every visitor's page, so what a request owns is scoped (shared-contracts request-scope.ts,
// AsyncLocalStorage): its storage (from the cookies the client mirrors), its api calls (over loopback, recorded for
// the page), its language (a clone of the i18next instance, which shares the loaded bundles). The remote's
// server build (<remote origin>/server/remoteEntry.js) is loaded over HTTP through this bundle's federation runtime,
// which provides the shared singletons (eager here), so the remote runs on this bundle's React, i18next and
// shared-contracts, as it does on the page.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import * as React from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { getInstance } from '@module-federation/enhanced/runtime';
import {
  callKey,
  type CallName,
  type CallResult,
  cookieMirrored,
  createSafeStorage,
  DEFAULT_LANGUAGE,
  dirFor,
  I18N_OPTIONS,
  RECEIPT_COOKIE,
  receiptDigest,
  registerRuntime,
  type RemoteRoute,
  type RequestScope,
  setRequestScopeProvider,
  STORAGE_KEYS,
  TIME_ZONE_COOKIE,
  validTimeZone,
} from 'shared-contracts';
import { App } from '../app/App';
import { AppProviders } from '../app/provider';
import { resolveRoute } from '../app/routes/table';
import { type LocaleSources, type ResolvedLocale, resolveLocale } from '../features/locale/lib/resolve-locale';
import { type RemoteRoutesLoader } from '../features/remotes/lib/remote-routes-store';
import { type RemoteName } from '../features/remotes/lib/remote-names';
import { apiClient } from '../lib/api-client';
import { apiFetch } from './loopback-fetch';
import { COMMON_NS, loadLanguage, SHELL_NS } from '../lib/i18n';
import { i18nView } from 'shared-contracts/ui';

export interface RenderRequest {
  /** The page's address: path and query. */
  url: string;
  /** Cookies of the request (name -> value). */
  cookies: Record<string, string>;
  /** The request's Accept-Language. */
  acceptLanguage?: string;
  /** The api's origin as the host reaches it (loopback), e.g. http://127.0.0.1:3000. */
  apiOrigin: string;
  /** The deploy's remotes map: name -> mf-manifest.json URL (the server build is at server/remoteEntry.js beside it). */
  remotes: Record<string, string>;
  /** Longest time for the route's calls and the render. */
  timeoutMs?: number;
  /** The response's CSP nonce, for React's inline scripts. */
  nonce?: string;
  /**
   * Checks a file of a remote's server code (its path beside the remote's manifest, `server/remoteEntry.js`) before
   * it runs in this process: false refuses it (the page then renders in the browser). The host passes its pins
   * (the remote's mf-integrity.json, read at deploy); absent, nothing is checked (REMOTE_INTEGRITY=off).
   */
  verifyServerCode?: (remote: string, file: string, body: Uint8Array) => boolean;
}

export type RenderResult = RenderedPage | RedirectedPage;

/** The page asks for another address (redirectOnServer): the host answers a redirect. */
export interface RedirectedPage {
  status: 302;
  /** Path and query. */
  redirect: string;
  language: string;
  dir: 'ltr';
  styles: '';
  html: '';
  data: null;
  timings: Record<string, number>;
}

export interface RenderedPage {
  status: 200;
  redirect?: undefined;
  language: string;
  dir: 'ltr' | 'rtl';
  /** <style data-styled> tags for the head. */
  styles: string;
  /** The app's HTML (inside #root). */
  html: string;
  /** The page's seed for the client (JSON-safe): the answers and what the render assumed. */
  data: {
    answers: Record<string, CallResult<CallName>>;
    language: string;
    currency: string | null;
    route: string;
    /** The login the page was rendered for (receiptDigest), null for a visitor's page. */
    receipt: string | null;
    /** The reader's time zone the moments were written in; null: UTC (the page had no zone cookie). */
    timeZone: string | null;
    /** The texts the formatters wrote (shared-contracts formatOnce): the hydrating render takes them. */
    formatted: Record<string, string>;
    /** Other remotes' widgets drawn in the HTML (the rest are stand-ins): the hydrating render draws them too. */
    widgets: string[];
  };
  timings: Record<string, number>;
}

const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeProvider(() => scopes.getStore());
registerRuntime('shell', { react: React });

let i18nReady: Promise<unknown> | null = null;
function initServerI18n() {
  // The process-wide instance holds every loaded bundle (shared by the per-request clones); its own language is
  // never a request's.
  i18nReady ??= i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    ...I18N_OPTIONS,
    ns: [COMMON_NS, SHELL_NS],
    defaultNS: COMMON_NS,
    resources: {},
  });
  return i18nReady;
}

/** The remotes map and the check of the latest request (one host: the same for every request). */
let serverCode: { remotes: Record<string, string>; verify?: RenderRequest['verifyServerCode'] } = { remotes: {} };

/** The remote and file (`server/...`) a server code address is, by the remotes map; null for any other address. */
function serverCodeFile(url: string): { remote: string; file: string } | null {
  const address = url.split(/[?#]/)[0] ?? url;
  for (const [remote, manifestUrl] of Object.entries(serverCode.remotes)) {
    const base = new URL('.', manifestUrl).href;
    if (address.startsWith(`${base}server/`)) return { remote, file: address.slice(base.length) };
  }
  return null;
}

/**
 * Every file of a remote's server code is checked against its pin before it runs in this process. The federation
 * runtime's Node loaders (the remote entry's, and @module-federation/node's chunk loader inside the remote's own
 * runtime) both fetch with the global fetch and then run what came: this bundle puts a checking fetch in its place,
 * which answers a remote's server code (an address under its manifest's server/ folder) only once it matches, and
 * passes every other request through unchanged. A file that does not match, or cannot be read, fails the load: the
 * page renders in the browser.
 */
const networkFetch = globalThis.fetch;
globalThis.fetch = function checkingFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  // Only what is run is checked: the code itself (GET), not the HEAD that looks for a new deploy.
  if (!serverCode.verify || method.toUpperCase() !== 'GET') return networkFetch(input, init);
  if (serverCodeFile(url)) {
    return checkedServerCode(url, init).then((body) => new Response(Buffer.from(body), { status: 200 }));
  }
  // Closed: in this process only a remote's server code is fetched as a script. One from anywhere else (another
  // address than the remotes map's) is refused rather than run unchecked.
  if (/\.[cm]?js$/.test(new URL(url).pathname)) {
    return Promise.reject(new Error(`${url} is no pinned remote's server code: not loaded`));
  }
  return networkFetch(input, init);
};

/** A file of a remote's server code, once it matches its pin (rejects otherwise: the load fails, closed). */
async function checkedServerCode(url: string, init?: RequestInit): Promise<Uint8Array> {
  const verify = serverCode.verify;
  const file = serverCodeFile(url);
  if (!verify || !file) throw new Error(`${url} is not a remote's server code`);
  const response = await networkFetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  if (!verify(file.remote, file.file, body)) throw new Error(`${url} is not the server code pinned for ${file.remote}`);
  return body;
}

/** How often a remote's server entry is checked for a new deploy (HEAD, etag). */
const REMOTE_CHECK_MS = 2_000;
/** A remote's server build as registered: its entry, its version (etag), and its modules loaded so far (by id). */
interface ServerRemote {
  entry: string;
  etag: string | null;
  checkedAt: number;
  modules: Map<string, Promise<unknown>>;
}
const remoteState = new Map<string, ServerRemote>();

/** A remote's server build, registered again when its remoteEntry.js changed (a redeploy: its modules load anew). */
async function serverRemote(remote: string, manifestUrl: string): Promise<ServerRemote> {
  const federation = getInstance();
  if (!federation) throw new Error('no federation instance in the server bundle');
  const entry = new URL('server/remoteEntry.js', manifestUrl).href;
  let state = remoteState.get(remote);
  const now = Date.now();
  if (!state || state.entry !== entry || now - state.checkedAt > REMOTE_CHECK_MS) {
    const response = await fetch(entry, { method: 'HEAD', signal: AbortSignal.timeout(1_000) });
    if (!response.ok) throw new Error(`${entry}: HTTP ${response.status}`);
    const etag = response.headers.get('etag');
    if (!state || state.entry !== entry || etag !== state.etag) {
      // registerRemotes with force drops the previous version's entry, module cache and share registrations.
      const versioned = `${entry}?v=${encodeURIComponent(etag ?? String(now))}`;
      federation.registerRemotes([{ name: remote, entry: versioned }], { force: Boolean(state) });
      state = { entry, etag, checkedAt: now, modules: new Map() };
      remoteState.set(remote, state);
    } else state.checkedAt = now;
  }
  return state;
}

/** One module of a remote's server build (`<remote>/<expose>`), loaded once per version of the remote. */
async function serverModule(id: string, manifestUrl: string): Promise<unknown> {
  const remote = id.slice(0, id.indexOf('/'));
  const state = await serverRemote(remote, manifestUrl);
  let module = state.modules.get(id);
  if (!module) {
    module = getInstance()!.loadRemote(id);
    state.modules.set(id, module);
    module.catch(() => {
      if (state.modules.get(id) === module) state.modules.delete(id);
    });
  }
  return module;
}

/** A remote's './routes' from its server build. */
async function serverRoutes(remote: string, manifestUrl: string): Promise<readonly RemoteRoute[]> {
  const module = (await serverModule(`${remote}/routes`, manifestUrl)) as { default?: unknown } | null;
  if (!module || !Array.isArray(module.default)) throw new Error(`${remote}/routes has no route list`);
  return module.default as readonly RemoteRoute[];
}

/**
 * Another remote's widget the page's route asked for (shared-contracts loadWidget), from that remote's server build
 * when the deploy has one; rejects otherwise (the page then draws the widget's stand-in, as before).
 */
function serverWidget(id: string, remotes: Record<string, string>): Promise<unknown> {
  const remote = id.slice(0, id.indexOf('/'));
  const manifestUrl = remotes[remote];
  if (!remote || !manifestUrl) return Promise.reject(new Error(`${id}: its remote is not in the remotes map`));
  return serverModule(id, manifestUrl);
}

/** A promise React's `use` reads without suspending. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Waits until no call of the request is on its way (calls started by others' answers included). */
async function callsSettled(scope: RequestScope): Promise<void> {
  while (scope.pending.size > 0) {
    await Promise.allSettled([...scope.pending]);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function requestStorage(cookies: Record<string, string>) {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(cookies)) if (value && cookieMirrored(name)) map.set(name, value);
  // The login, from the cookie the api set at login (HttpOnly): the page's calls carry it as their bearer.
  if (cookies[RECEIPT_COOKIE]) map.set(STORAGE_KEYS.RECEIPT, cookies[RECEIPT_COOKIE]);
  return createSafeStorage({
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  });
}

/**
 * A device without a currency (no ccy, none stored: a first visit) sees the site's first (spec section 5), which the
 * client learns from getConfig once the page is up: the server asks it too, so the page is drawn in it. The answer
 * is not the page's (the client's call names its own address): it is left out of the seed.
 */
async function firstCurrency(
  scope: RequestScope,
  locale: ResolvedLocale,
  sources: Omit<LocaleSources, 'server'>,
): Promise<string | null> {
  if (locale.currency !== null) return null;
  const payload = { url: '' };
  const result = await apiClient.call('getConfig', payload, { disableBack: true, closeMessage: true });
  scope.answers.delete(callKey('getConfig', payload));
  return result.ok ? resolveLocale({ ...sources, server: result.data }).currency : null;
}

/** Renders the page at `request.url`; rejects when it cannot (the host then serves the client-only page). */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const timeoutMs = request.timeoutMs ?? 3_000;
  const url = new URL(request.url, 'http://ssr.invalid');
  const route = resolveRoute(url.pathname, url.search);
  if (!route) throw new Error(`no route for ${url.pathname}`);
  const manifestUrl = request.remotes[route.owner];
  if (!manifestUrl) throw new Error(`${route.owner} is not in the remotes map`);
  serverCode = { remotes: request.remotes, verify: request.verifyServerCode };

  const scope: RequestScope = {
    storage: requestStorage(request.cookies),
    apiBase: `${request.apiOrigin.replace(/\/$/, '')}/eshop`,
    fetch: apiFetch,
    answers: new Map(),
    pending: new Set(),
    timeZone: validTimeZone(request.cookies[TIME_ZONE_COOKIE]),
    formatted: new Map(),
    loadWidget: (id) => serverWidget(id, request.remotes),
    widgets: new Set(),
  };
  const sources = {
    search: url.searchParams,
    storedLanguage: scope.storage.get(STORAGE_KEYS.LANGUAGE_KEY),
    storedCurrency: scope.storage.get(STORAGE_KEYS.CURRENCY_KEY),
    browserLanguage: (request.acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim() || null,
  };
  let locale = resolveLocale(sources);
  const language = locale.language;

  // The login's digest for the seed (Web Crypto's digest answers from another thread: a millisecond here) is worked
  // out while the page's data loads; taken again at the end only if the render ended the login.
  const receiptAtStart = scope.storage.get(STORAGE_KEYS.RECEIPT);
  const digestAtStart = receiptDigest(receiptAtStart);
  digestAtStart.catch(() => undefined);

  return scopes.run(scope, async () => {
    await initServerI18n();
    // The site's first currency and the page's strings are asked beside the route's code, and the route's calls as
    // soon as that code is in: none of them waits for another (the route's calls read the address and the
    // device's choices, never the site's currency).
    const strings = loadLanguage(language);
    const siteCurrency = firstCurrency(scope, locale, sources);
    // Read below, or not at all when the route's code fails (the page is then the client's).
    strings.catch(() => undefined);
    // Logged in: the account, for the header (AuthProvider reads it as the page's answer); a session found ended is
    // the page's answer too (the client then ends it, as it would have).
    if (scope.storage.get(STORAGE_KEYS.RECEIPT)) {
      void apiClient.call('getUserInfo', {}, { disableBack: true, closeMessage: true });
    }
    const routes = await withTimeout(serverRoutes(route.owner, manifestUrl), timeoutMs, `${route.owner}/routes`);
    timings.remote = performance.now() - t0;
    const own = routes.find((candidate) => candidate.path === route.entry.path);
    if (!own) throw new Error(`${route.owner} has no route ${route.entry.path}`);
    // The route's first calls and strings, as the client's start-up asks them (its prefetch).
    const [, currency] = await withTimeout(
      Promise.all([
        strings,
        siteCurrency,
        Promise.resolve(own.prefetch?.({ params: route.params, search: url.searchParams, lang: language })).then(() =>
          callsSettled(scope),
        ),
      ]),
      timeoutMs,
      'route data',
    );
    // The language stays the start's (the client starts in it before the lists arrive); the currency is the site's.
    if (currency) locale = { ...locale, currency };
    timings.data = performance.now() - t0;

    const requestI18n = i18n.cloneInstance({ lng: language, initAsync: false });
    if (requestI18n.language !== language) await requestI18n.changeLanguage(language);
    const loader: RemoteRoutesLoader = {
      load: (remote: RemoteName) =>
        remote === route.owner ? settled(routes) : Promise.reject(new Error(`${remote}: not rendered on the server`)),
      reset: () => undefined,
    };
    const sheet = new ServerStyleSheet();
    try {
      const app = sheet.collectStyles(
        <I18nextProvider i18n={i18nView(requestI18n)}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppProviders
              client={apiClient}
              storage={scope.storage}
              locale={locale}
              initialSearch={url.search}
              remotesLoader={loader}
            >
              <App />
            </AppProviders>
          </StaticRouter>
        </I18nextProvider>,
      );
      const html = await withTimeout(renderToString(app, request.nonce), timeoutMs, 'render');
      timings.render = performance.now() - t0;
      // Calls made while rendering (none expected: they belong in the route's prefetch) are in the page too.
      await callsSettled(scope);
      if (scope.redirect) {
        const location = `${scope.redirect}${url.search}`;
        return { status: 302, redirect: location, language, dir: 'ltr', styles: '', html: '', data: null, timings };
      }
      return {
        status: 200,
        language,
        dir: dirFor(language) === 'rtl' ? 'rtl' : 'ltr',
        styles: sheet.getStyleTags(),
        html,
        data: {
          answers: Object.fromEntries(scope.answers),
          language,
          currency: locale.currency,
          route: route.entry.path,
          receipt: await (scope.storage.get(STORAGE_KEYS.RECEIPT) === receiptAtStart
            ? digestAtStart
            : receiptDigest(scope.storage.get(STORAGE_KEYS.RECEIPT))),
          timeZone: scope.timeZone ?? null,
          formatted: Object.fromEntries(scope.formatted ?? []),
          widgets: [...(scope.widgets ?? [])],
        },
        timings,
      };
    } finally {
      sheet.seal();
    }
  });
}

/**
 * The app through renderToPipeableStream, collected once everything (Suspense boundaries, lazy parts) is ready: the
 * styles of the whole tree are then known for the head. (Streaming the shell first needs the styles of each boundary
 * sent with it: a later step.)
 */
function renderToString(app: React.ReactNode, nonce?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    let failed: unknown = null;
    const stream = renderToPipeableStream(app, {
      nonce,
      // Every boundary inline, however large: the page is sent whole, and must read without JavaScript (React moves
      // a large boundary's HTML to the end of the page, for its script to put in place, above 12.8 kB by default).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failed) reject(failed);
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error;
        console.error('[ssr] render error', error);
      },
    });
  });
}
