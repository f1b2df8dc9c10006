import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { origins } from '../support/ports';
import { expect, test } from '../support/test';

// The offline card page: the shell's service worker (Workbox) caches the shell, the card remote and the remotes
// map; mf-card keeps the card's last answer. A traveller without roaming still sees data left and expiry.

const ICCID = '89880000000000000001';
const frame = (page: Page) => page.locator('[data-remote="mf_card"]');

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The worker controls the page and has cached mf_card's entry (handed over from the first load). */
async function waitForOfflineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await expect
    .poll(
      () =>
        page.evaluate(
          async (entry) => Boolean(await caches.match(entry)) && Boolean(await caches.match('/remotes.json')),
          `${origins.mf_card}/remoteEntry.js`,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('the service worker, manifest and icons are served for an installable site', async ({ request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const body = await manifest.json();
  expect(body).toMatchObject({ name: 'eSIM Shop', start_url: '/', display: 'standalone', theme_color: '#07C160' });
  for (const icon of body.icons as Array<{ src: string; sizes: string }>) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  expect((body.icons as Array<{ purpose: string }>).map((icon) => icon.purpose)).toContain('maskable');
  const csp = (await request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
});

test('offline, the card page shows the last known data left and expiry, marked with when it was updated', async ({
  page,
  context,
}) => {
  await page.goto(`/2/${ICCID}`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const total = await frame(page).getByTestId('stat-total').textContent();
  const expiry = await frame(page).getByTestId('card-expiry').textContent();
  expect(total).toBeTruthy();
  await waitForOfflineReady(page);

  await context.setOffline(true);
  try {
    await page.reload();
    const card = frame(page);
    await expect(card.getByTestId('card-offline')).toBeVisible();
    await expect(card.getByTestId('card-last-updated')).toHaveText(/^Last updated /);
    await expect(card.getByTestId('stat-total')).toHaveText(total ?? '');
    await expect(card.getByTestId('card-expiry')).toHaveText(expiry ?? '');
    await expect(card.getByTestId('card-data')).toBeVisible();
    await expect(card.getByTestId('card-error')).toHaveCount(0);
    await page.screenshot({ path: 'screenshots/offline-card.png' });
    await axe(page);
  } finally {
    await context.setOffline(false);
  }

  // Back online, Try again shows the live card (and its packages) without a reload.
  await frame(page).getByRole('button', { name: 'Try again' }).click();
  await expect(frame(page).getByTestId('card-offline')).toHaveCount(0);
  await expect(frame(page).getByTestId('package-grid')).toBeVisible();
});

test('Arabic: the offline card page right to left, with its note translated', async ({ page, context }) => {
  await page.goto(`/2/${ICCID}?lan=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(frame(page).getByTestId('stat-total')).toBeVisible();
  await waitForOfflineReady(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const card = frame(page);
    await expect(card.getByTestId('card-offline')).toBeVisible();
    await expect(card.getByTestId('card-last-updated')).not.toHaveText(/Last updated/);
    await page.screenshot({ path: 'screenshots/offline-card-ar.png' });
    await axe(page);
  } finally {
    await context.setOffline(false);
  }
});

test('online, the document and every build document come from the network through the worker', async ({
  page,
  context,
}) => {
  await page.goto(`/2/${ICCID}`);
  await waitForOfflineReady(page);
  // Requests the service worker itself sends to the network (Chromium reports them on the context).
  const fetched: string[] = [];
  context.on('requestfinished', (request) => {
    if (request.serviceWorker()) fetched.push(request.url());
  });
  await page.reload();
  await expect(frame(page).getByTestId('stat-total')).toBeVisible();
  expect(fetched).toEqual(
    expect.arrayContaining([
      // The page names the remotes itself (no /remotes.json round trip); the worker keeps that map.
      `${origins.shell}/2/${ICCID}`,
      `${origins.mf_card}/mf-manifest.json`,
      `${origins.mf_card}/remoteEntry.js`,
    ]),
  );
  // The shell's own hashed files come from the precache, and the remote's chunks from the runtime cache.
  expect(fetched.filter((url) => url.startsWith(`${origins.shell}/main.`))).toEqual([]);
});
