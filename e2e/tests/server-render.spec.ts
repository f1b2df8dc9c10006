import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { holdShellEntry } from '../support/hold-entry';
import { expect, test } from '../support/test';

// Server-side rendering (issue 27): the card page, the card list and /pkg come from the site host with the app's HTML
// rendered by the same React components the browser runs, the data they need, and the answers the server used; the
// browser hydrates that HTML (keeps its nodes) without asking those calls again.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const frame = (page: Page) => page.locator('[data-remote="mf_card"]');
// The calls the server made for the card page, which the browser must not repeat (the card's notice in its currency;
// the header's unread count, /get/notice without a currency, is the browser's own).
const CARD_CALLS = ['/check/card', '/get/agent', '/get/card', '/get/pkg', '/get/notice?ccy'];
// The demo cards bench:web measures: every one a visitor can open.
const CARDS = ['0001', '0002', '0003', '0004', '0005', '0006', '0101', '0301'].map((n) => `8988000000000000${n}`);

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(result.violations).toEqual([]);
}

/** The api calls the browser makes (path under /eshop), and React's hydration errors on the console. */
function watch(page: Page) {
  const calls: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith('/eshop/')) return;
    const withCurrency = path === '/eshop/get/notice' && /"ccy"/.test(r.postData() ?? '');
    calls.push(`${path.slice('/eshop'.length)}${withCurrency ? '?ccy' : ''}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #(418|423|425)/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  return { calls, errors };
}

const hydrated = (page: Page) => expect(page.locator('#root[data-ssr]')).toHaveCount(0, { timeout: 15_000 });

test('every demo card page comes rendered: its status, expiry and data, or the page of its own flag', async ({
  request,
}) => {
  for (const iccid of CARDS) {
    const answer = await request.get(`/2/${iccid}`, { maxRedirects: 5 });
    const html = await answer.text();
    expect(answer.status(), iccid).toBe(200);
    expect(answer.headers()['x-ssr-fallback'], iccid).toBeUndefined();
    expect(html, iccid).toContain('<div id="root" data-ssr="1">');
    // The agent's list view (version 3) opens on the card's packages; every other card on its summary.
    if (!html.includes('data-testid="card-list-view"')) {
      expect(html, iccid).toContain('data-testid="card-status"');
      expect(html, iccid).toContain('data-testid="card-expiry"');
    }
  }
  // A first visit (no currency stored) is drawn in the site's first currency, as the page shows once it has the lists:
  // the header's switcher does not change its width after hydrating.
  const first = await (await request.get(`/2/${CARDS[0]}`)).text();
  expect(first).toMatch(/data-testid="language-switcher"[^>]*>[\s\S]*?EN(<!-- -->)? · (<!-- -->)?USD</);
  expect(first).not.toContain('"getConfig|');
  // A card on another flag: the server sends the browser to the card's own address, keeping the query.
  const moved = await request.get(`/2/${CARDS[6]}?lan=de`, { maxRedirects: 0 });
  expect(moved.status()).toBe(302);
  expect(moved.headers().location).toBe(`/1/${CARDS[6]}?lan=de`);
});

test.describe('hydration', () => {
  test.use({ timezoneId: 'Europe/Berlin' });
  for (const lang of ['en', 'ar'] as const) {
    test(`the card page before its code, then hydrated in place without asking again (${lang})`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      // A returning visitor: the page told the server its zone before (the first visit's moments are in UTC).
      await page.context().addCookies([{ name: 'esim_tz', value: 'Europe%2FBerlin', url: baseURL ?? '' }]);
      const seen = watch(page);
      // A slow link: the shell's entry does not arrive until released.
      const release = await holdShellEntry(page);
      await page.goto(`/2/${demo.activatedBound}?lan=${lang}`, { waitUntil: 'commit' });
      const summary = frame(page).getByTestId('card-summary');
      await expect(summary).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(frame(page).getByTestId('card-data')).toHaveText(/\d/);
      await expect(page.locator('#root[data-ssr]')).toHaveCount(1);
      const drawn = await summary.textContent();
      // The same node after hydration: marked now, found again later.
      await summary.evaluate((node) => node.setAttribute('data-test-kept', '1'));
      await page.screenshot({ path: `screenshots/card-ssr-${lang}.png` });
      await axe(page);

      release();
      await hydrated(page);
      await expect(frame(page).getByTestId('package-grid')).toBeVisible();
      await expect(summary).toHaveAttribute('data-test-kept', '1');
      // The words are the same, the moments too (in the zone the server was told).
      expect(await summary.textContent()).toBe(drawn);
      // The page is live: its buttons work.
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('side-drawer')).toBeVisible();
      await page.keyboard.press('Escape');
      expect(seen.errors).toEqual([]);
      for (const call of CARD_CALLS)
        expect(
          seen.calls.filter((path) => path === call),
          call,
        ).toEqual([]);
      await axe(page);
    });
  }
});

test('logged in: the card list and /pkg come rendered for the account and hydrate without asking again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The login as the page makes it: the api sets the receipt cookie the host renders with, the page stores the
  // receipt.
  const login = await page.request.post('/eshop/user/auth/login', { data: demo.user });
  const token = (await login.json()).data.token as string;
  expect(login.headers()['set-cookie']).toMatch(/esim_receipt=.*HttpOnly/i);
  await page.addInitScript((value) => localStorage.setItem('RECEIPT', value), token);
  const seen = watch(page);

  const list = await page.request.get('/eshop/card/list');
  expect(list.headers()['cache-control']).toBe('private, no-store');
  const listHtml = await list.text();
  expect(listHtml).toContain(demo.activatedBound.slice(-4));
  // The adverts above the list come with it (asked with the login), and the page never holds the receipt.
  expect(listHtml).toContain('data-testid="banner-carousel"');
  expect(listHtml).not.toContain(token);
  // The other remotes' widgets (shared plans from mf_pool, eSIM slots and eSIMs from mf_esim) are drawn on the
  // server from their own server builds, not their stand-ins.
  expect(listHtml).toContain('data-testid="pool-card"');
  expect(listHtml).not.toContain('data-testid="widget-fallback"');
  expect(listHtml).toContain('"widgets":["mf_esim/SlotCard","mf_pool/PoolCard","mf_esim/EsimCard"]');
  // The seed comes after the page's HTML, not before it (home-activities.spec.ts: the offer ahead of the list).
  expect(listHtml.indexOf('id="ssr-data"')).toBeGreaterThan(listHtml.indexOf('data-testid="sim-card"'));

  const release = await holdShellEntry(page);
  await page.goto('/eshop/card/list', { waitUntil: 'commit' });
  await frame(page)
    .getByTestId('pool-card')
    .first()
    .evaluate((node) => node.setAttribute('data-test-kept', '1'));
  release();
  await hydrated(page);
  await expect(frame(page).getByTestId('sim-card').first()).toBeVisible();
  // The server's widget is hydrated in place, never swapped for its stand-in and drawn again.
  await expect(frame(page).getByTestId('pool-card').first()).toHaveAttribute('data-test-kept', '1');
  await expect(frame(page).getByTestId('widget-fallback')).toHaveCount(0);
  expect(seen.calls.filter((path) => path === '/api/v1/card/list' || path === '/message/activity')).toEqual([]);
  expect(seen.errors).toEqual([]);
  await page.keyboard.press('Escape');
  await axe(page);

  seen.calls.length = 0;
  const html = await (await page.request.get(`/pkg?iccid=${demo.activatedBound}`)).text();
  expect(html).toContain('data-testid="package-record"');
  await page.goto(`/pkg?iccid=${demo.activatedBound}`);
  await hydrated(page);
  await expect(frame(page).getByTestId('package-record').first()).toBeVisible();
  expect(seen.calls.filter((path) => path === '/pkg/record')).toEqual([]);
  expect(seen.errors).toEqual([]);
  await axe(page);
});

test('the recall offer the card page opens by itself is in its HTML, hydrates in place, and stays closed once closed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const recallCard = '89880000000000000005';
  const seen = watch(page);
  // Before the code: the card with a recall alert opens on the offer, drawn by the server.
  const release = await holdShellEntry(page);
  await page.goto(`/2/${recallCard}`, { waitUntil: 'commit' });
  const dialog = page.getByRole('dialog', { name: /free 30-day data plan/i });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Get my free plan/ })).toBeVisible();
  await dialog.evaluate((node) => node.setAttribute('data-test-kept', '1'));
  await axe(page);
  release();
  await hydrated(page);
  // The same node, now a modal dialog: focus inside, the page behind hidden from assistive technology.
  await expect(dialog).toHaveAttribute('data-test-kept', '1');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expect(page.getByTestId('app-header')).toHaveAttribute('aria-hidden', 'true');
  expect(seen.errors).toEqual([]);
  // The activities came with the page: not asked again.
  expect(seen.calls.filter((path) => path === '/message/activity')).toEqual([]);
  await axe(page);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('app-header')).not.toHaveAttribute('aria-hidden');
  // Closed on this device: the server renders the card's page without it for a day (the cookie it was told).
  const again = await (await page.request.get(`/2/${recallCard}`)).text();
  expect(again).toContain('data-testid="card-summary"');
  expect(again).not.toContain('data-testid="recall-dialog"');
});

test('with JavaScript off the card page still shows its status, expiry and data left', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/2/${demo.activatedBound}?lan=de`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(frame(page).getByTestId('card-status')).toHaveText('Aktiviert');
  await expect(frame(page).getByTestId('card-expiry')).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(frame(page).getByTestId('card-data')).toHaveText(/GB/);
  // The packages too: every part of the page is in its HTML, none waits for a script to be put in place.
  await expect(frame(page).getByTestId('package-grid')).toBeVisible();
  await page.screenshot({ path: 'screenshots/card-no-js-de.png' });
  await context.close();
});

test("moments are written in the reader's zone: UTC (named) before the server knows it, the device's after", async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const seen = watch(page);
  // ICU's data is loaded by a worker of the shell's own origin (shell/src/lib/warm-intl.ts), which the page's policy
  // allows and which ends once done.
  const workers: Array<{ url: string; closed: boolean }> = [];
  page.on('worker', (worker) => {
    const entry = { url: worker.url(), closed: false };
    workers.push(entry);
    worker.on('close', () => {
      entry.closed = true;
    });
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const first = await (await page.request.get(`/2/${demo.activatedBound}`)).text();
  expect(first).toMatch(/data-testid="card-updated"[^>]*>[^<]*UTC/);
  await page.goto(`/2/${demo.activatedBound}`);
  await hydrated(page);
  // Hydrated with the zone the page was rendered in, then written in the device's.
  await expect(frame(page).getByTestId('card-updated')).not.toContainText('UTC');
  expect(seen.errors).toEqual([]);
  expect(workers.map((worker) => new URL(worker.url).pathname)).toEqual([expect.stringMatching(/^\/intl-warm\./)]);
  await expect.poll(() => workers[0]?.closed).toBe(true);
  expect(refused).toEqual([]);
  // The page told the server its zone: the next page comes in it.
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'esim_tz')?.value).toBe('Asia%2FTokyo');
  const next = await (await page.request.get(`/2/${demo.activatedBound}`)).text();
  expect(next).not.toMatch(/data-testid="card-updated"[^>]*>[^<]*UTC/);
  await context.close();
});
