// One cold page load as bench:web's applied runs make it, for the benchmarks that read the page themselves
// (bench:shifts, bench:first-paint): a fresh Chromium, the page's login seeded, a new tab with Lighthouse's applied
// Slow 4G, the CPU multiplier and Lighthouse's mobile screen, a script run before the page's own, then the page.
import { connect, launchChromium, seedLocalStorage } from './cdp.mjs';
import { THROTTLING, registerBrowserCleanup } from './lighthouse.mjs';

/** Lighthouse's mobile screen (its default formFactor). */
const SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };

/**
 * Loads `page` and hands `read` the page's `evaluate` (an expression's value, null while the page cannot answer, e.g.
 * mid-navigation), to wait for what it needs; the browser is closed after. `prepare` runs on the DevTools session
 * before the navigation (a language, a trace).
 * @template T
 * @param {{ url: string, storage?: { url: string, items: Record<string, string>, cookies?: Record<string, string> } }} page
 * @param {{ cpu: number, script: string, prepare?: (session: { send: Function }) => Promise<unknown> }} o
 * @param {(evaluate: (expression: string) => Promise<unknown>) => Promise<T>} read
 * @returns {Promise<T>}
 */
export async function appliedLoad(page, { cpu, script, prepare }, read) {
  registerBrowserCleanup();
  const chrome = await launchChromium();
  try {
    if (page.storage) await seedLocalStorage(chrome.port, page.storage.url, page.storage.items, page.storage.cookies);
    const devtools = `http://127.0.0.1:${chrome.port}`;
    const target = await (await fetch(`${devtools}/json/new?about:blank`, { method: 'PUT' })).json();
    const session = await connect(target.webSocketDebuggerUrl);
    try {
      const { requestLatencyMs, downloadThroughputKbps, uploadThroughputKbps } = THROTTLING.devtools.throttling;
      await session.send('Network.enable');
      await session.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: requestLatencyMs,
        downloadThroughput: (downloadThroughputKbps * 1024) / 8,
        uploadThroughput: (uploadThroughputKbps * 1024) / 8,
      });
      await session.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await session.send('Emulation.setDeviceMetricsOverride', SCREEN);
      await session.send('Page.enable');
      await session.send('Page.addScriptToEvaluateOnNewDocument', { source: script });
      await prepare?.(session);
      await session.send('Page.navigate', { url: page.url });
      const evaluate = (/** @type {string} */ expression) =>
        session
          .send('Runtime.evaluate', { expression, returnByValue: true })
          .then((answer) => answer.result.value ?? null)
          .catch(() => null);
      return await read(evaluate);
    } finally {
      session.close();
    }
  } finally {
    await chrome.kill();
  }
}
