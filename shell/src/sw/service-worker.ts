/// <reference lib="webworker" />
// The shell's service worker (built into dist/sw.js by Workbox's InjectManifest, production builds only).
//
// - The shell's own files are precached (the list is injected at build time), so the site starts offline.
// - The document is network-first with a short timeout, falling back to the precached index.html: a deploy is
//   never hidden behind a cache while the network answers.
// - /remotes.json, each remote's mf-manifest.json and remoteEntry.js: network-first, cached for offline use. They
//   name the current build of each remote, so online they always come from the network.
// - The remotes' hashed chunks: cache-first (their names change with their content).
// - The api (POST /eshop/...) is never touched: the card page keeps its own last known card (mf-card).
import { clientsClaim, type RouteHandlerCallbackOptions, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  CACHES,
  isShellNavigation,
  NETWORK_TIMEOUT_SECONDS,
  remoteFileKind,
  remoteOriginsOf,
  remotesMapInPage,
  REMOTES_MAP_PATH,
  SHELL_DOCUMENT,
} from './match';

declare const self: ServiceWorkerGlobalScope;

// A new worker takes over at once. Safe here because it holds no version of any remote: remote entries and
// manifests are network-first and chunks are keyed by their content hash, and the document is network-first, so
// the next navigation runs the newest shell and remotes whichever worker answers.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

// directoryIndex '' and no clean URLs: '/' must not be answered from the precache (the document is network-first).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// ---- The remotes map: which origins are remotes. Kept in memory, reloaded from the cache when the worker restarts.
let remoteOrigins = new Set<string>();
const remember = async (response: Response | undefined) => {
  if (!response?.ok) return;
  try {
    remoteOrigins = remoteOriginsOf(await response.clone().json(), self.location.origin);
  } catch {
    // Not JSON: keep what was known.
  }
};
const mapLoaded = caches
  .open(CACHES.remotesMap)
  .then((cache) => cache.match(REMOTES_MAP_PATH))
  .then(remember, () => undefined);

async function keepMapOf(page: Response): Promise<void> {
  const map = remotesMapInPage(await page.text());
  if (!map) return;
  const response = new Response(JSON.stringify(map), { headers: { 'content-type': 'application/json' } });
  await (await caches.open(CACHES.remotesMap)).put(REMOTES_MAP_PATH, response.clone());
  await remember(response);
}

const rememberRemotes: WorkboxPlugin = {
  cacheDidUpdate: async ({ newResponse }) => remember(newResponse),
};

// At install, the map of the page that registered the worker: that page loaded its remotes before the worker
// existed, and asks for them to be cached (CACHE_URLS) once the worker controls it.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(REMOTES_MAP_PATH, { cache: 'no-cache' });
        if (!response.ok) return;
        await (await caches.open(CACHES.remotesMap)).put(REMOTES_MAP_PATH, response.clone());
        await remember(response);
      } catch {
        // Offline at install: the map is cached on its next fetch.
      }
    })(),
  );
});

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === REMOTES_MAP_PATH,
  new NetworkFirst({
    cacheName: CACHES.remotesMap,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [rememberRemotes],
  }),
);

// ---- The document: every page route of the single-page app is index.html (the api's own pages are not).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isShellNavigation(url),
  new NetworkOnly({
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      { handlerDidError: async () => (await matchPrecache(SHELL_DOCUMENT)) ?? undefined },
      // Each page names the live remotes (the page no longer fetches /remotes.json): keep that map, as if fetched.
      {
        fetchDidSucceed: async ({ response }) => {
          if (response.ok) void keepMapOf(response.clone());
          return response;
        },
      },
    ],
  }),
);

// ---- The remotes' files.
// The federation runtime loads remoteEntry.js and chunks with script tags (no-cors, so an opaque answer that the
// Cache API pads to megabytes and cannot check). The remote hosts answer CORS for the shell's origin: ask in cors
// mode, and the page's script gets a readable answer that is cached only when it is a 200.
const corsRequest: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    request.mode === 'no-cors' ? new Request(request.url, { mode: 'cors', credentials: 'omit' }) : request,
};

const remoteChunks = new CacheFirst({
  cacheName: CACHES.remoteChunks,
  plugins: [
    corsRequest,
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
  ],
});
const remoteDocuments = new NetworkFirst({
  cacheName: CACHES.remoteEntries,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [corsRequest, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
});

let mapReady = false;
void mapLoaded.then(() => {
  mapReady = true;
});

registerRoute(
  // Until the cached map is read (a worker just restarted), a remote-looking file of any origin is taken, and the
  // handler checks its origin once the map is known.
  ({ url, sameOrigin, request }) =>
    !sameOrigin &&
    request.method === 'GET' &&
    remoteFileKind(url) !== null &&
    (!mapReady || remoteOrigins.has(url.origin)),
  async (options: RouteHandlerCallbackOptions) => {
    await mapLoaded;
    const { url, request } = options;
    if (!remoteOrigins.has(url.origin)) return fetch(request);
    const strategy = remoteFileKind(url) === 'chunk' ? remoteChunks : remoteDocuments;
    try {
      return await strategy.handle(options);
    } catch {
      // A remote host that refuses this origin CORS still serves the script as the page asked for it (uncached);
      // offline, this fails like the page's own request would.
      return fetch(request);
    }
  },
);
