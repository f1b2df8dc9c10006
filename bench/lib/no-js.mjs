// The "no JavaScript" check of bench:web: does a card page's HTML, as a browser with JavaScript off shows it, hold
// the card's status, expiry and data figures? A server-rendered card page would; a client-rendered one shows an
// empty shell until its scripts run (or never, on a phone whose scripts fail to load).
//
// Each page is loaded twice in one fresh Chromium (the project's flags) over the DevTools protocol: first with
// JavaScript, to read what the page shows (the card's elements by test id, mf-card's CardSummary: card-status,
// card-expiry, card-data), then in a new tab with Emulation.setScriptExecutionDisabled before navigating. Each item
// counts as shown without JavaScript when the script-less document has its element with text in it, or its text
// (the one read with JavaScript) appears in the document's visible text.

import { connect, launchChromium } from './cdp.mjs';
import { registerBrowserCleanup } from './lighthouse.mjs';
import { sleep } from './processes.mjs';

/** What the check looks for: the card summary's elements (mf-card/src/features/card/components/CardSummary.tsx). */
export const NO_JS_ITEMS = [
  { key: 'status', testId: 'card-status' },
  { key: 'expiry', testId: 'card-expiry' },
  { key: 'data', testId: 'card-data' },
];

const READ_ITEMS = `(() => {
  const read = (id) => document.querySelector('[data-testid="' + id + '"]')?.textContent?.replace(/\\s+/g, ' ').trim() || null;
  return {
    summary: Boolean(document.querySelector('[data-testid="card-summary"]')),
    items: Object.fromEntries(${JSON.stringify(NO_JS_ITEMS)}.map(({ key, testId }) => [key, read(testId)])),
    text: (document.body?.innerText ?? '').replace(/\\s+/g, ' ').trim(),
    html: document.documentElement.outerHTML.length,
  };
})()`;

/**
 * @param {{ name: string, url: string }[]} pages
 * @param {{ timeoutMs?: number }} [options] how long the JavaScript load may take to show the card summary
 * @returns {Promise<Array<{ name: string, url: string, withJs: Record<string, string | null>, summaryWithJs: boolean,
 *   noJs: Record<string, boolean>, noJsHtmlBytes: number, noJsText: string, error?: string }>>}
 */
export async function checkWithoutJavaScript(pages, { timeoutMs = 20_000 } = {}) {
  registerBrowserCleanup();
  const chrome = await launchChromium();
  try {
    const results = [];
    for (const page of pages) {
      try {
        const withJs = await load(chrome.port, page.url, { javascript: true, timeoutMs });
        const noJs = await load(chrome.port, page.url, { javascript: false, timeoutMs: 5_000 });
        const shown = Object.fromEntries(
          NO_JS_ITEMS.map(({ key }) => {
            const own = noJs.items[key];
            const expected = withJs.items[key];
            return [key, Boolean(own) || Boolean(expected && noJs.text.includes(expected))];
          }),
        );
        results.push({
          name: page.name,
          url: page.url,
          withJs: withJs.items,
          summaryWithJs: withJs.summary,
          noJs: shown,
          noJsHtmlBytes: noJs.html,
          noJsText: noJs.text.slice(0, 120),
        });
      } catch (error) {
        results.push({
          name: page.name,
          url: page.url,
          withJs: {},
          summaryWithJs: false,
          noJs: {},
          noJsHtmlBytes: Number.NaN,
          noJsText: '',
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

/** One load in a new tab; with JavaScript: until the card summary's items are there (or timeoutMs). */
async function load(port, url, { javascript, timeoutMs }) {
  const devtools = `http://127.0.0.1:${port}`;
  const target = await (await fetch(`${devtools}/json/new?about:blank`, { method: 'PUT' })).json();
  const session = await connect(target.webSocketDebuggerUrl);
  try {
    await session.send('Page.enable');
    // A fresh tab of a fresh profile, so no cache or storage of the other load.
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (!javascript) await session.send('Emulation.setScriptExecutionDisabled', { value: true });
    await session.send('Page.navigate', { url });
    const evaluate = async (expression) =>
      (await session.send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
    const started = Date.now();
    let last;
    for (;;) {
      // DevTools' own evaluation runs with the page's scripts off too.
      const state = await evaluate('document.readyState + " " + location.href').catch(() => '');
      if (state.startsWith('complete ') && !state.endsWith(' about:blank')) {
        last = await evaluate(READ_ITEMS);
        if (!javascript || (last.summary && Object.values(last.items).some(Boolean))) break;
      }
      if (Date.now() - started > timeoutMs) break;
      await sleep(200);
    }
    if (!last) throw new Error(`${url} did not load ${javascript ? 'with' : 'without'} JavaScript`);
    if (javascript) {
      // The summary is up; its other items arrive in the same render, but give a late one a moment.
      await sleep(500);
      last = await evaluate(READ_ITEMS);
    }
    return last;
  } finally {
    session.close();
    await fetch(`${devtools}/json/close/${target.id}`).catch(() => undefined);
  }
}
