import type * as WorkboxWindow from 'workbox-window';
import { registerServiceWorker, SERVICE_WORKER_URL, SETTLE_MS, type ServiceWorkerPage } from './service-worker';

type Listener = (event: { isUpdate?: boolean }) => void;

/** A stand-in for workbox-window's Workbox: records registration, listeners and messages. */
function fakeWorkbox() {
  const made: Array<{ url: string; options: unknown }> = [];
  const listeners = new Map<string, Listener>();
  const messages: unknown[] = [];
  let registered = 0;
  class Workbox {
    constructor(url: string, options: unknown) {
      made.push({ url, options });
    }
    addEventListener(type: string, listener: Listener) {
      listeners.set(type, listener);
    }
    async register() {
      registered += 1;
    }
    async messageSW(message: unknown) {
      messages.push(message);
      return true;
    }
  }
  return {
    made,
    listeners,
    messages,
    registered: () => registered,
    load: async () => ({ Workbox }) as unknown as typeof WorkboxWindow,
  };
}

function page(overrides: Partial<ServiceWorkerPage>, workbox = fakeWorkbox()): ServiceWorkerPage {
  return {
    production: true,
    navigator: { serviceWorker: {} } as unknown as Navigator,
    window,
    loadWorkbox: workbox.load,
    settleMs: 0,
    ...overrides,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('service worker registration', () => {
  it('never registers in tests or development builds', async () => {
    const workbox = fakeWorkbox();
    // As the shell calls it: jest is not a production build, and jsdom has no navigator.serviceWorker.
    expect(registerServiceWorker()).toBe(false);
    expect('serviceWorker' in navigator).toBe(false);
    expect(registerServiceWorker(page({ production: false }, workbox))).toBe(false);
    await flush();
    expect(workbox.made).toEqual([]);
  });

  it('never registers where the browser has no service workers', async () => {
    const workbox = fakeWorkbox();
    expect(registerServiceWorker(page({ navigator: {} as Navigator }, workbox))).toBe(false);
    await flush();
    expect(workbox.made).toEqual([]);
  });

  it('registers /sw.js for the whole site once the page has loaded and settled', async () => {
    jest.useFakeTimers();
    try {
      const workbox = fakeWorkbox();
      // jsdom's document has finished loading.
      expect(document.readyState).toBe('complete');
      expect(registerServiceWorker(page({ settleMs: undefined }, workbox))).toBe(true);
      // Not while the first view's calls may still be on the way.
      await jest.advanceTimersByTimeAsync(SETTLE_MS - 1);
      expect(workbox.made).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(workbox.made).toEqual([{ url: SERVICE_WORKER_URL, options: { scope: '/' } }]);
      expect(workbox.registered()).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('hands the first worker the remote files the page loaded before it existed, not on an update', async () => {
    const workbox = fakeWorkbox();
    const entries = [
      { name: 'http://localhost:8081/remoteEntry.js', initiatorType: 'script' },
      { name: `${window.location.origin}/eshop/get/card`, initiatorType: 'fetch' },
    ];
    // jsdom has no resource timing: a window whose performance lists what the page loaded.
    const loaded = {
      document: window.document,
      location: window.location,
      performance: { getEntriesByType: (type: string) => (type === 'resource' ? entries : []) },
      addEventListener: window.addEventListener.bind(window),
      setTimeout: window.setTimeout.bind(window),
    } as unknown as Window;
    registerServiceWorker(page({ window: loaded }, workbox));
    await flush();
    workbox.listeners.get('controlling')?.({ isUpdate: true });
    expect(workbox.messages).toEqual([]);
    workbox.listeners.get('controlling')?.({ isUpdate: false });
    expect(workbox.messages).toEqual([
      { type: 'CACHE_URLS', payload: { urlsToCache: ['http://localhost:8081/remoteEntry.js'] } },
    ]);
  });
});
