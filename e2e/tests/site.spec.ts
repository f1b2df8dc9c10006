import { expect, test } from '@playwright/test';
import { demo } from '../support/demo';
import { origins } from '../support/ports';

test('the site loads: shell chrome and the scan/home page from mf-card', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the card route renders the card from the api', async ({ page }) => {
  await page.goto(`/2/${demo.activatedBound}`);
  const frame = page.locator('[data-remote="mf_card"]');
  await expect(frame).toBeVisible();
  await expect(frame.getByTestId('page-title')).toBeVisible();
  // Status from the api's seed, through checkCard and getCard.
  await expect(frame).toContainText(/activated/i);
  await page.screenshot({ path: 'screenshots/card-en.png', fullPage: true });
});

test('every remote renders its own route inside the shell', async ({ page }) => {
  const routes: Array<[string, string]> = [
    ['/eshop/card/list', 'mf_card'],
    ['/pool/detail', 'mf_pool'],
    [`/esim/shop/${demo.eid}`, 'mf_esim'],
    ['/user/login', 'mf_account'],
    ['/pay/order', 'mf_checkout'],
  ];
  for (const [path, remote] of routes) {
    await page.goto(path);
    await expect(page.locator(`[data-remote="${remote}"]`), `${path} is owned by ${remote}`).toBeVisible();
    await expect(page.getByTestId('app-header')).toBeVisible();
  }
});

test('one React and one event bus across the shell and every remote, and a remote event reaches the shell', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  // Client-side navigation keeps one page, so every remote registers in the same window.
  for (const [path, remote] of [
    ['/pool/detail', 'mf_pool'],
    [`/esim/shop/${demo.eid}`, 'mf_esim'],
    ['/user/login', 'mf_account'],
    ['/pay/order', 'mf_checkout'],
  ] as const) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.locator(`[data-remote="${remote}"]`)).toBeVisible();
  }
  const runtime = await page.evaluate(() => {
    type Entry = { react: object; bus: object; busId: string };
    const registry = (globalThis as unknown as { __ESIM_RUNTIME__?: Record<string, Entry> }).__ESIM_RUNTIME__;
    const entries = Object.entries(registry ?? {});
    const [, first] = entries[0]!;
    return {
      names: entries.map(([name]) => name).sort(),
      sameReact: entries.every(([, e]) => e.react === first.react),
      sameBus: entries.every(([, e]) => e.bus === first.bus),
      busIds: [...new Set(entries.map(([, e]) => e.busId))],
    };
  });
  expect(runtime.names).toEqual(['mf_account', 'mf_card', 'mf_checkout', 'mf_esim', 'mf_pool', 'shell']);
  expect(runtime.sameReact).toBe(true);
  expect(runtime.sameBus).toBe(true);
  expect(runtime.busIds).toHaveLength(1);

  // A remote publishes a toast on the bus it registered; the shell's toast region shows it.
  await page.evaluate(() => {
    type Bus = { publish(type: string, payload: unknown): void };
    const registry = (globalThis as unknown as { __ESIM_RUNTIME__?: Record<string, { bus: Bus }> }).__ESIM_RUNTIME__;
    registry?.mf_checkout?.bus.publish('toast', { kind: 'success', messageKey: 'responseDesc.succOperation' });
  });
  await expect(page.getByTestId('toast-region').getByTestId('toast')).toBeVisible();
});

test("the host's page names the remotes and preloads the route's first view, and the shell uses them", async ({
  page,
  request,
}) => {
  const html = await (await request.get(`/2/${demo.activatedBound}?lan=ar`)).text();
  // Before any script: the guessed language (the site's ?lan=) and its direction, the map, the card remote's files.
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain('<script type="application/json" id="remotes-map">');
  // mf_card's early script, told the route: it asks the card's first calls before the page's code is in, and draws
  // the card's summary from them (the route is one of its manifest's earlyCalls.views). The host serves it from the
  // page's own origin (no second connection on the first view's path), and only mf_card's early files there.
  const earlySrc =
    /<script async src="(\/_early\/mf_card\/early-calls\.[0-9a-f]+\.js)" data-route="\/:flag\/:iccid">/.exec(html)?.[1];
  expect(earlySrc).toBeTruthy();
  const earlyScript = await request.get(earlySrc ?? '/');
  expect(earlyScript.status()).toBe(200);
  expect(earlyScript.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(earlyScript.headers()['cache-control']).toContain('immutable');
  expect(await earlyScript.text()).toBe(
    await (await request.get(`${origins.mf_card}${earlySrc?.slice('/_early/mf_card'.length)}`)).text(),
  );
  expect((await request.get('/_early/mf_card/remoteEntry.js')).status()).toBe(404);
  // The shell's entry (its three files: react-dom, the router, the rest) is asked for and run once that view is
  // painted (the start script, just before the early script), and the card remote's files then: its manifest,
  // entry, route chunk and strings, and what the first screen loads besides (firstView).
  expect(html).not.toMatch(/<script defer/);
  expect(html).not.toMatch(/<link rel="preload" href="\/main\./);
  const start = /<script data-main="([^"]+)" data-preload="([^"]*)">/.exec(html);
  expect(start?.[1]?.split(' ').map((src) => src.replace(/\.[0-9a-f]+\.js$/, ''))).toEqual([
    '/router',
    '/react-dom',
    '/main',
  ]);
  const later = start?.[2] ?? '';
  expect(html.indexOf('data-main=')).toBeLessThan(html.indexOf('early-calls.'));
  const files = (JSON.parse(later.replaceAll('&#34;', '"')) as string[][]).map(([href]) => href ?? '');
  expect(files).toContain(`${origins.mf_card}/mf-manifest.json`);
  expect(files).toContain(`${origins.mf_card}/remoteEntry.js`);
  for (const chunk of [
    /__federation_expose_routes\./,
    /card-locale-ar-json\./,
    /card-purchase\./,
    /cardmore-strings-ar-json\./,
  ]) {
    expect(
      files.some((href) => chunk.test(href)),
      String(chunk),
    ).toBe(true);
  }
  // A route without an early view (a card's settings): the entry deferred as built, the files preloaded at once.
  const settings = await (await request.get('/card/set')).text();
  expect(settings).toMatch(/<script defer="defer" src="\/react-dom\.[0-9a-f]+\.js"/);
  expect(settings).toMatch(/<script defer="defer" src="\/main\.[0-9a-f]+\.js"/);
  // Pinned: the preload carries the hash the deploy pinned, so the browser checks the file before the runtime uses it.
  expect(settings).toMatch(
    new RegExp(
      `<link rel="preload" href="${origins.mf_card.replace(/[.]/g, '\\.')}/remoteEntry\\.js" as="script" ` +
        'crossorigin="anonymous" integrity="sha384-[A-Za-z0-9+/=]+">',
    ),
  );
  expect(settings).toMatch(/__federation_expose_routes\.[0-9a-f]+\.js" as="script"/);
  // /pkg has one (the card's packages): its entry is held like the card page's, its route chunk asked then.
  const packages = await (await request.get(`/pkg?iccid=${demo.activatedBound}`)).text();
  expect(packages).not.toMatch(/<script defer/);
  expect(packages).toMatch(/data-preload="[^"]*pkg-page\.[0-9a-f]+\.js/);

  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`/2/${demo.activatedBound}`);
  await expect(page.locator('[data-remote="mf_card"]').getByTestId('card-summary')).toBeVisible();
  // The shell read the map from the page: no round trip for /remotes.json.
  expect(requested.filter((url) => url.endsWith('/remotes.json'))).toEqual([]);
  // The early script's calls are the page's: each of the card's first calls went out once.
  await expect(page.getByTestId('package-grid').first()).toBeVisible();
  for (const call of ['/check/card', '/get/agent', '/get/card', '/get/pkg']) {
    expect(
      requested.filter((url) => url.endsWith(`/eshop${call}`)),
      call,
    ).toHaveLength(1);
  }
  // Every shared module the card page uses is the shell's: mf_card fetched no copy of its own (its fallback chunks
  // are the only unnamed ones, <id>.<hash>.js).
  expect(requested.filter((url) => url.startsWith(origins.mf_card) && /\/\d+\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
});
