// One Lighthouse run (node API, Lighthouse's default mobile emulation, performance only) in a fresh Chromium: a new
// temporary profile per run, so no run inherits another's cache, storage or connections. Two ways to throttle:
// - simulate (Lighthouse's default): the page loads at full speed and Lantern computes what the load would have
//   taken on the mobile Slow 4G link (150 ms RTT, 1.6 Mbit/s) and a 4x slower CPU from the observed requests and
//   tasks;
// - devtools (applied): Chrome itself slows the real load (request latency 562.5 ms, 1474.56 kbit/s down, 675 kbit/s
//   up, CPU 4x slower): Lighthouse's own mobileSlow4G figures for this method (its constants: the simulated RTT and
//   throughput with its DevTools adjustment factors, 3.75 and 0.9). What the page really did, slowed; noisier, and
//   every run takes longer (Lighthouse waits 5.25 s of quiet instead of 1 s).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

import { benchmarkIndexIn } from './benchmark-index.mjs';
import { launchChromium, seedLocalStorage } from './cdp.mjs';
import { lanternLcp, lanternTbt } from './lantern.mjs';
import { onCleanup } from './processes.mjs';
import { CHROMIUM } from './workspace.mjs';

// The flags every browser run of the project uses (e2e's too).
export const CHROME_FLAGS = CHROMIUM.flags;

/**
 * The two throttling methods bench:web runs every page with, and Lighthouse's settings for each. devtools: the
 * mobile "Slow 4G" figures written out (latency 150 ms x 3.75, throughput 1.6 Mbit/s and 750 kbit/s x 0.9, CPU x4),
 * checked against Lighthouse's own below.
 */
export const THROTTLING = {
  simulate: { throttlingMethod: 'simulate', throttling: throttling.mobileSlow4G },
  devtools: {
    throttlingMethod: 'devtools',
    throttling: {
      rttMs: 150,
      throughputKbps: 1.6 * 1024,
      requestLatencyMs: 150 * 3.75,
      downloadThroughputKbps: 1.6 * 1024 * 0.9,
      uploadThroughputKbps: 750 * 0.9,
      cpuSlowdownMultiplier: 4,
    },
  },
};
// If a Lighthouse upgrade moves its mobileSlow4G, the devtools runs would no longer be its mobile default: say so.
for (const [key, value] of Object.entries(THROTTLING.devtools.throttling)) {
  if (value !== throttling.mobileSlow4G[key]) {
    console.warn(
      `[bench] devtools throttling ${key} ${value}: Lighthouse's mobileSlow4G has ${throttling.mobileSlow4G[key]}`,
    );
  }
}

/**
 * @param {{ url: string, storage?: { url: string, items: Record<string, string>, cookies?: Record<string, string> },
 *   expectRequest?: string }} page
 *   storage: localStorage entries (and cookies) put on storage.url's origin first; expectRequest: a URL part the page must have
 *   requested (proof that it showed what we meant to measure, e.g. the logged-in card list's call)
 * @param {{ method?: keyof typeof THROTTLING, profile?: boolean, lantern?: boolean, asIndex?: number }} [options]
 *   method: simulate (default) or devtools; profile: also record the V8 sampling profiler in the trace (it slows the
 *   observed load a little, so profiling runs are for finding where time goes, not for the figures); lantern: also
 *   return how the simulation arrived at the LCP and the TBT (lib/lantern.mjs; simulate only); asIndex: a machine of
 *   that benchmark index modelled (web.mjs BENCH_AS_INDEX): the index is measured in this run's browser just before
 *   the page loads, and the CPU multiplier is 4 x that / asIndex instead of 4 (4 when the machine is that slow
 *   already), so a run at a slow moment is not modelled slower again
 * @returns {Promise<{ metrics: ReturnType<typeof metricsOf> & { cpuSlowdown: number, indexBefore?: number },
 *   lhr: object, trace?: object, lantern?: string }>}
 */
export async function runLighthouse(
  page,
  { method = 'simulate', profile = false, lantern = false, asIndex = undefined } = {},
) {
  const methodThrottle = THROTTLING[method];
  if (!methodThrottle) throw new Error(`unknown throttling method ${method} (simulate, devtools)`);
  // handleSIGINT off: chrome-launcher's own Ctrl-C handler exits the process before our teardown has stopped the
  // servers and removed the temporary database; the teardown kills the browser instead.
  registerBrowserCleanup();
  const chrome = await launchChromium();
  try {
    const indexBefore = asIndex ? await benchmarkIndexIn(chrome.port, 3) : undefined;
    const multiplier =
      indexBefore && asIndex
        ? Math.max(4, Math.round((400 * indexBefore) / asIndex) / 100)
        : methodThrottle.throttling.cpuSlowdownMultiplier;
    const throttle = {
      ...methodThrottle,
      throttling: { ...methodThrottle.throttling, cpuSlowdownMultiplier: multiplier },
    };
    if (page.storage) {
      await seedLocalStorage(chrome.port, page.storage.url, page.storage.items, page.storage.cookies);
    }
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...throttle,
      ...(profile ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`${page.url}: Lighthouse returned nothing`);
    if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metrics = { ...metricsOf(lhr), cpuSlowdown: multiplier, indexBefore };
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
      lantern:
        lantern && method === 'simulate'
          ? `${await lanternLcp(result.artifacts, lhr)}\n${await lanternTbt(result.artifacts, lhr)}`
          : undefined,
    };
  } finally {
    await chrome.kill();
  }
}

let browserCleanup = false;
/** Kill every Chromium this process launched when the run ends, however it ends (once per process). */
export function registerBrowserCleanup() {
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
    method: lhr.configSettings.throttlingMethod,
    finalUrl: lhr.finalDisplayedUrl,
  };
}
