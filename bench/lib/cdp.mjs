// Puts entries into an origin's localStorage before Lighthouse navigates, over the Chrome DevTools protocol that
// chrome-launcher already opened (no puppeteer): open a tab on a small document of that origin (no app code runs),
// evaluate localStorage.setItem there, close the tab. Lighthouse's own storage reset (v13 default clearStorageTypes:
// file systems, shader cache, service workers, Cache Storage, plus the HTTP cache) leaves localStorage alone, so
// the page loads cold but logged in, like a returning user's phone with an empty cache.
import { sleep } from './processes.mjs';
import * as chromeLauncher from 'chrome-launcher';
import { CHROME_PATH, CHROMIUM } from './workspace.mjs';

/**
 * chrome-launcher's default flags, the project's, and one --disable-features holding chrome-launcher's features and
 * the project's `disableFeatures` (tools/build/chromium.json): Chromium honours only the last --disable-features.
 */
export function benchChromeFlags(defaults = chromeLauncher.Launcher.defaultFlags()) {
  const prefix = '--disable-features=';
  const features = [...defaults, ...CHROMIUM.flags]
    .filter((flag) => flag.startsWith(prefix))
    .flatMap((flag) => flag.slice(prefix.length).split(','))
    .concat(CHROMIUM.disableFeatures ?? []);
  const rest = new Set([...defaults, ...CHROMIUM.flags].filter((flag) => !flag.startsWith(prefix)));
  return [...rest, prefix + [...new Set(features.filter(Boolean))].join(',')];
}

/** The project's Chromium with the project's flags, for a bench run of its own (Ctrl-C is the bench's to handle). */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: CHROME_PATH,
    // The defaults are in benchChromeFlags, with their --disable-features merged into the project's.
    ignoreDefaultFlags: true,
    chromeFlags: benchChromeFlags(),
    logLevel: 'silent',
    handleSIGINT: false,
  });
}

/** One DevTools websocket: send(method, params) resolves with the result. */
export async function connect(webSocketUrl) {
  const socket = new WebSocket(webSocketUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot open ${webSocketUrl}`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
    else waiter.resolve(message.result);
  });
  return {
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
    },
    close: () => socket.close(),
  };
}

/**
 * @param {number} port DevTools port (chrome-launcher's chrome.port)
 * @param {string} url a document on the origin whose storage to fill (e.g. its /remotes.json)
 * @param {Record<string, string>} items
 * @param {Record<string, string>} [cookies] cookies of that origin, as its server set them (HttpOnly, SameSite=Lax:
 *   the login receipt the api sets at login, which the site host renders a logged-in page with)
 */
export async function seedLocalStorage(port, url, items, cookies = {}) {
  const devtools = `http://127.0.0.1:${port}`;
  const target = await (await fetch(`${devtools}/json/new?${url}`, { method: 'PUT' })).json();
  const session = await connect(target.webSocketDebuggerUrl);
  try {
    const origin = new URL(url).origin;
    const evaluate = async (expression) =>
      (await session.send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
    for (let i = 0; ; i += 1) {
      // Until the tab has navigated there is no page context to evaluate in: ask again.
      const state = await evaluate('[location.origin, document.readyState].join(" ")').catch((error) => String(error));
      if (state === `${origin} complete`) break;
      if (i > 100) throw new Error(`${url} did not load in the seeding tab (${state})`);
      await sleep(100);
    }
    const count = await evaluate(
      `(() => { const items = ${JSON.stringify(items)};
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        return Object.keys(items).filter((key) => localStorage.getItem(key) === items[key]).length; })()`,
    );
    if (count !== Object.keys(items).length) throw new Error(`localStorage of ${origin} kept ${count} entries`);
    for (const [name, value] of Object.entries(cookies)) {
      const set = await session.send('Network.setCookie', {
        name,
        value,
        url: origin,
        httpOnly: true,
        sameSite: 'Lax',
      });
      if (!set?.success) throw new Error(`cookie ${name} of ${origin} was not set`);
    }
  } finally {
    session.close();
    await fetch(`${devtools}/json/close/${target.id}`).catch(() => undefined);
  }
}
