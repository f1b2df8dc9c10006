// `pnpm bench:shifts`: every layout shift of the site's pages, and what moved. Lighthouse's CLS says how much; this
// says which element moved, from where to where and when, in each language asked for (right-to-left pages shift
// differently), so a shift can be found and fixed. Each page loads cold in a fresh Chromium with Lighthouse's mobile
// screen (412 x 823, DPR 1.75) and its applied Slow 4G throttling (request latency 562.5 ms, 1474.56/675 kbit/s,
// CPU x4), logged in where bench:web's page is; a PerformanceObserver added before the page's own scripts records
// each `layout-shift` entry with its sources. The page is read once it has been quiet (no request, no shift) for
// BENCH_SHIFT_QUIET_MS. Prints one line per moved element; exits 0 whatever it finds (a finder, not a test).
//
// Environment: BENCH_PAGES (as bench:web: names or prefixes; default every site page but the single-bundle ones),
// BENCH_LANGS (en,ar), BENCH_SHIFT_QUIET_MS (3000), BENCH_SHIFT_CPU (4), BENCH_SKIP_BUILD=1, BENCH_PORT_BASE,
// CHROME_PATH.

import { rerunWithWebSocket } from './lib/websocket.mjs';

// Chrome's DevTools protocol needs a WebSocket client (Node 20: behind a flag, this script is run again with it).
rerunWithWebSocket();

const { appliedLoad } = await import('./lib/applied-load.mjs');
const { THROTTLING } = await import('./lib/lighthouse.mjs');
const { buildPages, pagesOf, selected, startMeasuredSite } = await import('./lib/pages.mjs');
const { sleep, withTeardown } = await import('./lib/processes.mjs');
const { fixed, resultsDir, table } = await import('./lib/report.mjs');

const LANGS = (process.env.BENCH_LANGS || 'en,ar')
  .split(',')
  .map((lang) => lang.trim())
  .filter(Boolean);
const QUIET_MS = Math.max(500, Number(process.env.BENCH_SHIFT_QUIET_MS || 3000));
const CPU = Math.max(1, Number(process.env.BENCH_SHIFT_CPU || THROTTLING.devtools.throttling.cpuSlowdownMultiplier));
const LONGEST_MS = 60_000;

// Runs in the page before its own scripts: each shift with its sources, each source's node named so a reader finds it
// (tag, id, test id, classes, the start of its text) with its box before and after.
const OBSERVER = `(() => {
  const shifts = (window.__benchShifts = []);
  const name = (node) => {
    if (!node) return '(gone)';
    const element = node.nodeType === 1 ? node : node.parentElement;
    if (!element) return '(text)';
    const test = element.getAttribute('data-testid');
    const classes = [...element.classList].slice(0, 2).join('.');
    const text = (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 32);
    return element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') +
      (test ? '[data-testid=' + test + ']' : '') + (classes ? '.' + classes : '') + (text ? ' "' + text + '"' : '');
  };
  const box = (rect) => rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(',') : '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        input: entry.hadRecentInput,
        sources: (entry.sources || []).map((source) => ({
          node: name(source.node),
          from: box(source.previousRect),
          to: box(source.currentRect),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** What the page has done so far: its shifts, how many files it fetched, whether it has loaded. */
const STATE = `JSON.stringify({
  shifts: window.__benchShifts || [],
  resources: performance.getEntriesByType('resource').length,
  ready: document.readyState,
})`;

/** One cold load of `page` in `lang`: its shifts once it has been quiet for QUIET_MS. */
function shiftsOf(page, lang) {
  const prepare = async (session) => {
    // The language as a phone set to it has it: Accept-Language and navigator.language(s) both.
    const { userAgent } = await session.send('Browser.getVersion');
    await session.send('Emulation.setUserAgentOverride', { userAgent, acceptLanguage: lang });
    await session.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    await session.send('Emulation.setLocaleOverride', { locale: lang });
  };
  return appliedLoad(page, { cpu: CPU, script: OBSERVER, prepare }, async (evaluate) => {
    // Quiet: loaded, no new resource and no new shift for QUIET_MS.
    const started = Date.now();
    let last = '';
    let since = Date.now();
    for (;;) {
      await sleep(250);
      const now = (await evaluate(STATE)) ?? '';
      if (now !== last) {
        last = now;
        since = Date.now();
      }
      const state = last ? JSON.parse(last) : { ready: 'loading' };
      if ((state.ready === 'complete' && Date.now() - since >= QUIET_MS) || Date.now() - started > LONGEST_MS) break;
    }
    return last ? JSON.parse(last).shifts : [];
  });
}

await withTeardown(async () => {
  await buildPages();
  const out = resultsDir('shifts');
  const { origins, receipt } = await startMeasuredSite(out);
  const pages = pagesOf(origins, receipt).filter((page) => page.kind !== 'floor' && selected(page));
  console.log(
    `[shifts] ${pages.length} pages x ${LANGS.join(', ')}; Lighthouse's mobile screen, Slow 4G applied, CPU x${CPU}`,
  );
  const rows = [];
  const totals = [];
  for (const page of pages) {
    for (const lang of LANGS) {
      const shifts = await shiftsOf(page, lang);
      const counted = shifts.filter((shift) => !shift.input);
      const sum = counted.reduce((total, shift) => total + shift.value, 0);
      totals.push([page.name, lang, String(counted.length), fixed(sum, 4)]);
      console.log(`[shifts] ${page.name} ${lang}: ${counted.length} shifts, sum ${fixed(sum, 4)}`);
      for (const shift of counted) {
        for (const source of shift.sources.length ? shift.sources : [{ node: '(no source)', from: '', to: '' }]) {
          rows.push([page.name, lang, String(shift.at), fixed(shift.value, 4), source.node, source.from, source.to]);
        }
      }
    }
  }
  console.log('');
  console.log(table(['page', 'lang', 'shifts', 'sum (no input)'], totals));
  console.log('');
  console.log(
    rows.length
      ? table(['page', 'lang', 'at ms', 'value', 'what moved', 'box before x,y,w,h', 'box after'], rows)
      : 'no layout shift on any page',
  );
});
