import type * as WorkboxWindow from 'workbox-window';
import { urlsToWarm } from '../../../sw/match';

/** What registration needs of the page, so tests can pass their own. */
export interface ServiceWorkerPage {
  /** Production build: the only one that emits /sw.js. */
  production: boolean;
  navigator: Navigator;
  window: Window;
  /** workbox-window, loaded only where a worker is registered. */
  loadWorkbox?: () => Promise<typeof WorkboxWindow>;
  /** How long after the load event the registration waits (default SETTLE_MS). */
  settleMs?: number;
}

/**
 * The page's load event comes early (every script is deferred, the first view's data comes by fetch), and a new
 * worker precaches the shell's files at once: on a phone's slow connection that download would compete with the
 * card's own calls. The registration waits this long after the load event.
 */
export const SETTLE_MS = 3000;

export const SERVICE_WORKER_URL = '/sw.js';

const defaultPage = (): ServiceWorkerPage => ({
  production: process.env.NODE_ENV === 'production',
  navigator: globalThis.navigator,
  window: globalThis.window,
});

/**
 * Registers the shell's service worker (scope '/') a while after the page has loaded (SETTLE_MS), in production builds where the
 * browser has service workers; never in development, tests (jsdom has none) or old browsers. Returns whether a
 * registration was started.
 *
 * A first visit loads its remotes before the worker exists: once the worker controls the page, the page hands it
 * the remote files it loaded (Workbox's CACHE_URLS message), so the card page works offline from then on.
 */
export function registerServiceWorker(page: ServiceWorkerPage = defaultPage()): boolean {
  if (!page.production || !page.navigator || !('serviceWorker' in page.navigator)) return false;
  const load = page.loadWorkbox ?? (() => import(/* webpackChunkName: "sw-register" */ 'workbox-window'));
  const start = async () => {
    const { Workbox } = await load();
    const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    workbox.addEventListener('controlling', (event) => {
      // An update (a new worker taking over) finds the remote caches the previous one filled.
      if (event.isUpdate) return;
      const resources = page.window.performance?.getEntriesByType?.('resource') ?? [];
      const urls = urlsToWarm(resources as PerformanceResourceTiming[], page.window.location.origin);
      if (urls.length) void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }).catch(() => {});
    });
    await workbox.register();
  };
  const run = () =>
    void start().catch((error: unknown) => console.warn('[shell] service worker not registered', error));
  const later = () => page.window.setTimeout(run, page.settleMs ?? SETTLE_MS);
  if (page.window.document.readyState === 'complete') later();
  else page.window.addEventListener('load', later, { once: true });
  return true;
}
