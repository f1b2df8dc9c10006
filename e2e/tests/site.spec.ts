import { demo } from '../support/demo';
import { origins } from '../support/ports';
import { expect, test } from '../support/test';

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

test("the host's page is rendered on the server, names the remotes and preloads the route's files, and the shell uses them", async ({
  page,
  request,
}) => {
  const answer = await request.get(`/2/${demo.activatedBound}?lan=ar`);
  const html = await answer.text();
  // The card page comes rendered: the request's language and its direction, the card's summary, the answers the
  // server rendered it with (for the client, once), the map, the card remote's files.
  expect(answer.headers()['x-ssr-fallback']).toBeUndefined();
  expect(answer.headers()['server-timing']).toMatch(/ssr;dur=/);
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain('<div id="root" data-ssr="1">');
  expect(html).toContain('data-testid="card-summary"');
  expect(html).toContain('<script type="application/json" id="ssr-data">');
  expect(html).toContain('<script type="application/json" id="remotes-map">');
  // React's inline scripts carry this response's nonce; the policy allows that nonce and no other inline script.
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(answer.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  // The page is its first view: its code is listed (#page-code: the shell's entry scripts, and the card remote's
  // manifest, entry, route chunk and strings, and what the first screen loads besides) and asked for once the page
  // has painted, by the one start script, which carries the response's nonce. Nothing in the head asks for code.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toMatch(/<script[^>]+src=|rel="preload"/);
  expect(html).toContain(`<script nonce="${nonce}">`);
  const code = JSON.parse(
    /<script type="application\/json" id="page-code">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
  ) as {
    scripts: string[];
    preloads: string[][];
  };
  expect(code.scripts.some((src) => /^\/main\.[0-9a-f]+\.js$/.test(src))).toBe(true);
  expect(html).not.toContain('data-main=');
  expect(html).not.toContain('/_early/');
  expect((await request.get('/_early/mf_card/remoteEntry.js')).status()).toBe(404);
  // The shell's server bundle runs in its host only: never served (a remote's server code is, for the host to check).
  expect((await request.get('/server/render.js')).status()).toBe(404);
  expect((await request.get(`${origins.mf_card}/server/remoteEntry.js`)).status()).toBe(200);
  const files = code.preloads.map(([href]) => href ?? '');
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
  // A route rendered by the browser (a card's settings): the same entry, the files preloaded with it.
  const settings = await (await request.get('/card/set')).text();
  expect(settings).not.toContain('data-ssr');
  expect(settings).toMatch(/<script defer="defer" src="\/react-dom\.[0-9a-f]+\.js"/);
  // Pinned: the preload carries the hash the deploy pinned, so the browser checks the file before the runtime uses it.
  expect(settings).toMatch(
    new RegExp(
      `<link rel="preload" href="${origins.mf_card.replace(/[.]/g, '\\.')}/remoteEntry\\.js" as="script" ` +
        'crossorigin="anonymous" integrity="sha384-[A-Za-z0-9+/=]+">',
    ),
  );
  expect(settings).toMatch(/__federation_expose_routes\.[0-9a-f]+\.js" as="script"/);
  // /pkg of a card is rendered too, its page chunk preloaded.
  const packages = await (await request.get(`/pkg?iccid=${demo.activatedBound}`)).text();
  expect(packages).toContain('<div id="root" data-ssr="1">');
  expect(packages).toMatch(/"[^"]*pkg-page\.[0-9a-f]+\.js"/);

  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`/2/${demo.activatedBound}`);
  await expect(page.locator('[data-remote="mf_card"]').getByTestId('card-summary')).toBeVisible();
  // The listed code was asked for, and used: the remote's entry once (the preload is the one the runtime took).
  await expect(page.locator('#root[data-ssr]')).toHaveCount(0);
  expect(requested.filter((url) => url === `${origins.mf_card}/remoteEntry.js`)).toHaveLength(1);
  // The shell read the map from the page: no round trip for /remotes.json.
  expect(requested.filter((url) => url.endsWith('/remotes.json'))).toEqual([]);
  // The card's first calls came with the page: the browser asks none of them again once it has hydrated.
  await expect(page.getByTestId('package-grid').first()).toBeVisible();
  await expect(page.locator('#root[data-ssr]')).toHaveCount(0);
  for (const call of ['/check/card', '/get/agent', '/get/card', '/get/pkg']) {
    expect(
      requested.filter((url) => url.endsWith(`/eshop${call}`)),
      call,
    ).toHaveLength(0);
  }
  // Every shared module the card page uses is the shell's: mf_card fetched no copy of its own (its fallback chunks
  // are the only unnamed ones, <id>.<hash>.js).
  expect(requested.filter((url) => url.startsWith(origins.mf_card) && /\/\d+\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
});
