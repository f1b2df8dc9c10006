// `pnpm bench:first-paint`: the first paint and LCP of the site's pages against the static floor's, loaded the way
// bench:web's applied runs load them (Lighthouse's mobile screen, Slow 4G and CPU x4 applied) but without Lighthouse:
// no trace, unless BENCH_PAINT_TRACE=1 turns on Lighthouse's own trace categories for the load. The two runs side by
// side say how much of a page's applied LCP over the floor's is the page's and how much the measuring (a trace's
// events grow with the page's elements and styles; the floor has few). Each load is cold, in a fresh Chromium; the
// pages in turns, round by round, so a slow minute falls on all of them. Prints medians, each round's ratio to that
// round's static floor, and the benchmark index before and after; exits 0 whatever it finds (a measure, not a test).
//
// Environment: BENCH_PAGES (as bench:web: names or prefixes; default card-0001, card-0004, list, pkg),
// BENCH_ROUNDS (7), BENCH_PAINT_CPU (4), BENCH_PAINT_TRACE (0), BENCH_SKIP_BUILD=1, BENCH_PORT_BASE, CHROME_PATH.

import { rerunWithWebSocket } from './lib/websocket.mjs';

// Chrome's DevTools protocol needs a WebSocket client (Node 20: behind a flag, this script is run again with it).
rerunWithWebSocket();

const { default: TraceGatherer } = await import('lighthouse/core/gather/gatherers/trace.js');
const { benchmarkIndex } = await import('./lib/benchmark-index.mjs');
const { appliedLoad } = await import('./lib/applied-load.mjs');
const { THROTTLING } = await import('./lib/lighthouse.mjs');
const { buildPages, pagesOf, selected, startMeasuredSite } = await import('./lib/pages.mjs');
const { sleep, withTeardown } = await import('./lib/processes.mjs');
const { fixed, median, resultsDir, table } = await import('./lib/report.mjs');

process.env.BENCH_PAGES ||= 'card-0001,card-0004,list,pkg';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 7));
const CPU = Math.max(1, Number(process.env.BENCH_PAINT_CPU || THROTTLING.devtools.throttling.cpuSlowdownMultiplier));
const TRACE = process.env.BENCH_PAINT_TRACE === '1';

// Runs in the page before its own scripts: the first contentful paint and the last LCP candidate.
const OBSERVER = `(() => {
  const paints = (window.__benchPaints = { fcp: null, lcp: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') paints.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) paints.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/** One cold load of `page`: its FCP and LCP (ms from navigation), read once it has loaded and settled. */
function paintsOf(page) {
  // The browser is closed after the load: the trace is recorded (its cost is the point) but never read.
  const prepare = TRACE
    ? (session) =>
        session.send('Tracing.start', {
          categories: TraceGatherer.getDefaultTraceCategories().join(','),
          transferMode: 'ReturnAsStream',
        })
    : undefined;
  return appliedLoad(page, { cpu: CPU, script: OBSERVER, prepare }, async (evaluate) => {
    const read = async () =>
      JSON.parse(
        /** @type {string | null} */ (
          await evaluate('JSON.stringify({ ready: document.readyState, ...(window.__benchPaints || {}) })')
        ) ?? '{}',
      );
    const started = Date.now();
    // The LCP is final once the page has loaded and painted its content; a second more for a late candidate.
    for (;;) {
      await sleep(250);
      const state = await read();
      if ((state.ready === 'complete' && state.lcp != null) || Date.now() - started > 30_000) break;
    }
    await sleep(1_000);
    const last = await read();
    return { fcp: last.fcp ?? Number.NaN, lcp: last.lcp ?? Number.NaN };
  });
}

await withTeardown(async () => {
  await buildPages();
  const out = resultsDir('first-paint');
  const { origins, receipt } = await startMeasuredSite(out);
  const pages = pagesOf(origins, receipt).filter(
    (page) => page.name === 'floor-static' || (page.kind !== 'floor' && selected(page)),
  );
  const indexBefore = await benchmarkIndex();
  console.log(
    `[first-paint] ${pages.length} pages x ${ROUNDS} rounds; Lighthouse's mobile screen, Slow 4G and CPU x${CPU} ` +
      `applied; ${TRACE ? "Lighthouse's trace categories on" : 'no trace'}; benchmark index ${indexBefore}`,
  );
  /** @type {Map<string, { fcp: number, lcp: number }[]>} */
  const loads = new Map(pages.map((page) => [page.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const page of pages) {
      const paints = await paintsOf(page);
      loads.get(page.name).push(paints);
      console.log(
        `[first-paint] round ${round + 1}/${ROUNDS} ${page.name}: FCP ${fixed(paints.fcp, 0)} ms, LCP ${fixed(paints.lcp, 0)} ms`,
      );
    }
  }
  const indexAfter = await benchmarkIndex();
  const floor = loads.get('floor-static');
  const floorLcp = median(floor.map((load) => load.lcp));
  const rows = pages.map((page) => {
    const runs = loads.get(page.name);
    const lcp = median(runs.map((load) => load.lcp));
    const perRound = runs.map((load, round) => `${fixed(load.lcp / floor[round].lcp, 2)}x`).join(' ');
    return [
      page.name,
      fixed(median(runs.map((load) => load.fcp)), 0),
      fixed(lcp, 0),
      `${fixed(lcp / floorLcp, 2)}x`,
      page.name === 'floor-static' ? '' : perRound,
    ];
  });
  console.log('');
  console.log(
    `first paint without Lighthouse, ${ROUNDS} rounds, medians; CPU x${CPU}, ${TRACE ? 'traced' : 'no trace'}; ` +
      `benchmark index ${indexBefore} before, ${indexAfter} after`,
  );
  console.log(table(['page', 'FCP ms', 'LCP ms', 'LCP / static floor', "each round's LCP / that round's floor"], rows));
  console.log(`\nloads: ${out}`);
});
