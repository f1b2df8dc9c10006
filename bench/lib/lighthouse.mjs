// One Lighthouse run (node API, Lighthouse's default mobile emulation and simulated throttling, performance only)
// in a fresh Chromium: a new temporary profile per run, so no run inherits another's cache, storage or connections.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { seedLocalStorage } from './cdp.mjs';
import { lanternLcp } from './lantern.mjs';
import { onCleanup } from './processes.mjs';
import { CHROME_PATH, CHROMIUM } from './workspace.mjs';

// The flags every browser run of the project uses (e2e's too).
export const CHROME_FLAGS = CHROMIUM.flags;

/**
 * @param {{ url: string, storage?: { url: string, items: Record<string, string> }, expectRequest?: string }} page
 *   storage: localStorage entries put on storage.url's origin first; expectRequest: a URL part the page must have
 *   requested (proof that it showed what we meant to measure, e.g. the logged-in card list's call)
 * @param {{ profile?: boolean, lantern?: boolean }} [options] profile: also record the V8 sampling profiler in the
 *   trace (it slows the observed load a little, so profiling runs are for finding where time goes, not for the
 *   figures); lantern: also return how the simulation arrived at the LCP (lib/lantern.mjs)
 * @returns {Promise<{ metrics: ReturnType<typeof metricsOf>, lhr: object, trace?: object, lantern?: string }>}
 */
export async function runLighthouse(page, { profile = false, lantern = false } = {}) {
  // handleSIGINT off: chrome-launcher's own Ctrl-C handler exits the process before our teardown has stopped the
  // servers and removed the temporary database; the teardown kills the browser instead.
  registerBrowserCleanup();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  try {
    if (page.storage) await seedLocalStorage(chrome.port, page.storage.url, page.storage.items);
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(profile ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`${page.url}: Lighthouse returned nothing`);
    if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metrics = metricsOf(lhr);
    const requested = requestUrls(lhr);
    if (page.expectRequest && !requested.some((url) => url.includes(page.expectRequest))) {
      throw new Error(
        `${page.url}: the page never requested ${page.expectRequest} (ended at ${lhr.finalDisplayedUrl})`,
      );
    }
    return {
      metrics,
      lhr,
      trace: profile ? result.artifacts.Trace : undefined,
      lantern: lantern ? await lanternLcp(result.artifacts, lhr) : undefined,
    };
  } finally {
    await chrome.kill();
  }
}

let browserCleanup = false;
function registerBrowserCleanup() {
  if (browserCleanup) return;
  browserCleanup = true;
  onCleanup(() => chromeLauncher.killAll());
}

const audit = (lhr, id) => lhr.audits[id] ?? {};

function requestUrls(lhr) {
  return (audit(lhr, 'network-requests').details?.items ?? []).map((item) => item.url);
}

/** The figures the benchmark prints, from one report. */
export function metricsOf(lhr) {
  const summary = audit(lhr, 'resource-summary').details?.items ?? [];
  const row = (type) => summary.find((item) => item.resourceType === type) ?? { transferSize: 0, requestCount: 0 };
  return {
    score: lhr.categories.performance.score,
    lcp: audit(lhr, 'largest-contentful-paint').numericValue,
    tbt: audit(lhr, 'total-blocking-time').numericValue,
    fcp: audit(lhr, 'first-contentful-paint').numericValue,
    jsBytes: row('script').transferSize,
    jsRequests: row('script').requestCount,
    requests: row('total').requestCount,
    // Lighthouse's measure of this machine's speed during the run (higher is faster): the CPU side of the
    // simulation is the observed task times times 4, so TBT follows it.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
  };
}
