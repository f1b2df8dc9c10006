import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page, type Route } from '@playwright/test';
import { demo } from '../support/demo';
import { origins } from '../support/ports';
import { root, startServer, stopServer } from '../support/servers';
import { expect, test } from '../support/test';

// Remote code is pinned (ARCHITECTURE): each remote's build publishes its files' hashes (mf-integrity.json), the
// shell host pins them when it starts (the deploy), and the shell refuses a remote whose files do not match: the
// browser blocks the script (its integrity attribute), that remote's area shows its fallback with Retry, and the rest
// of the site keeps working. Files are changed in flight here, as a compromised remote origin or CDN would serve them.

test.describe.configure({ mode: 'serial' });
// page.route sees a remote's files only when no service worker answers them (it would fetch them itself).
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // A deploy: the shell host pins the remotes that run now, with checking required whatever the suite's default.
  await stopServer('shell');
  await startServer('shell', { REMOTE_INTEGRITY: 'required' });
});

test.afterAll(async () => {
  test.setTimeout(90_000);
  await stopServer('shell');
  await startServer('shell');
});

const sri = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Serves `pattern`'s files changed by `change` (the remote host's own answer, other bytes). Returns the URLs it
 * changed. The tampered code, were it run, would mark the page.
 */
async function tamper(page: Page, pattern: RegExp, change: (body: string) => string): Promise<string[]> {
  const changed: string[] = [];
  await page.route(pattern, async (route: Route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    changed.push(route.request().url());
    await route.fulfill({ response, headers, body: change(await response.text()) });
  });
  return changed;
}

const MARK = ';document.documentElement.dataset.tampered = "yes";\n';

/** Chromium's console line for a script whose bytes do not match its integrity attribute. */
function integrityErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/integrity/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test("the shell's remotes map pins every remote's manifest, whose hashes match what the remotes serve", async ({
  request,
}) => {
  const map = await (await request.get('/remotes.json')).json();
  // Shells built earlier read name -> address: still there.
  expect(map.mf_pool).toBe(`${origins.mf_pool}/mf-manifest.json`);
  expect(map.integrity.mode).toBe('required');
  expect(Object.keys(map.integrity.manifests).sort()).toEqual(
    ['mf_account', 'mf_card', 'mf_checkout', 'mf_esim', 'mf_pool'].sort(),
  );
  const manifest = await (await request.get(`${origins.mf_pool}/mf-manifest.json`)).body();
  expect(map.integrity.manifests.mf_pool).toBe(sri(manifest));
  // Every script the manifest names carries its hash, and the served bytes have it.
  const named = JSON.parse(manifest.toString()).integrity as Record<string, string>;
  const entry = await (await request.get(`${origins.mf_pool}/remoteEntry.js`)).body();
  expect(named['remoteEntry.js']).toBe(sri(entry));
  const lock = await (await request.get('/remotes.lock.json')).json();
  expect(lock.remotes.mf_pool.files['remoteEntry.js']).toBe(sri(entry));
  // The page carries the same pins (no round trip for the map).
  const page = await (await request.get('/pool/detail')).text();
  expect(page).toContain(`"mf_pool":"${map.integrity.manifests.mf_pool}"`);
});

test('a tampered remote chunk shows its fallback while the rest of the site works, and Retry loads the real one', async ({
  page,
}) => {
  const errors = integrityErrors(page);
  const chunk = new RegExp(`^${escaped(origins.mf_pool)}/__federation_expose_routes\\.[0-9a-f]+\\.js$`);
  const changed = await tamper(page, chunk, (body) => body + MARK);

  await page.goto('/pool/detail');
  const fallback = page.getByTestId('remote-unavailable');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('data-remote-unavailable', 'mf_pool');
  // The changed chunk was served, and the browser refused to run it.
  expect(changed.length).toBeGreaterThan(0);
  expect(errors.some((text) => text.includes('__federation_expose_routes'))).toBe(true);
  await expect(page.locator('html')).not.toHaveAttribute('data-tampered', 'yes');
  await expect(page.getByTestId('app-header')).toBeVisible();
  await page.screenshot({ path: 'screenshots/remote-tampered.png' });
  await axe(page);

  // Another remote's route works in the same session.
  await page.getByTestId('frame-home').or(page.locator('a[href="/"]')).first().click();
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  await page.goto(`/2/${demo.activatedBound}`);
  await expect(page.locator('[data-remote="mf_card"]')).toContainText(/activated/i);

  // Back on the pool page, still refused; the real chunk served again, Retry loads the remote without a reload.
  await page.goto('/pool/detail');
  await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  await page.unroute(chunk);
  await page.getByTestId('remote-retry').click();
  await expect(page.locator('[data-remote="mf_pool"]')).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-tampered', 'yes');
});

test("a tampered remote entry is refused the same way, and only that remote's area falls back", async ({ page }) => {
  const errors = integrityErrors(page);
  await tamper(page, new RegExp(`^${escaped(origins.mf_esim)}/remoteEntry\\.js$`), (body) => MARK + body);
  await page.goto(`/esim/shop/${demo.eid}`);
  const fallback = page.getByTestId('remote-unavailable');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('data-remote-unavailable', 'mf_esim');
  expect(errors.some((text) => text.includes('remoteEntry.js'))).toBe(true);
  await expect(page.locator('html')).not.toHaveAttribute('data-tampered', 'yes');
  await expect(page.getByTestId('app-header')).toBeVisible();
});

test('a remote whose manifest changed after the deploy is refused: its pinned hash is checked first', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  // The same manifest, one byte more: another hash than the deploy pinned.
  await tamper(page, new RegExp(`^${escaped(origins.mf_account)}/mf-manifest\\.json$`), (body) => `${body} `);
  await page.goto('/user/login');
  const fallback = page.getByTestId('remote-unavailable');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('data-remote-unavailable', 'mf_account');
  expect(logged.some((text) => text.includes('does not match the hash pinned for it'))).toBe(true);
  await expect(page.getByTestId('app-header')).toBeVisible();
});

test("a remote's server code that is not what the deploy pinned never runs in the site host: the page renders in the browser", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The card remote's server entry changed on its origin after the deploy (as a compromised origin would serve it).
  const entry = path.join(root, 'mf-card', 'dist', 'server', 'remoteEntry.js');
  const original = fs.readFileSync(entry);
  const card = `/2/${demo.activatedBound}`;
  expect((await request.get(card)).headers()['x-ssr-fallback']).toBeUndefined();
  try {
    fs.writeFileSync(entry, Buffer.concat([original, Buffer.from('\nglobalThis.tamperedServerCode = true;\n')]));
    // The host looks for a new deploy of a remote's server code every 2 s.
    await expect
      .poll(async () => (await request.get(card)).headers()['x-ssr-fallback'], { timeout: 15_000, intervals: [1_000] })
      .toBe('1');
    const html = await (await request.get(card)).text();
    expect(html).not.toContain('data-ssr');
    // The browser still shows the card (its own code is checked against the pins as always).
    await page.goto(card);
    await expect(page.locator('[data-remote="mf_card"]').getByTestId('card-summary')).toBeVisible();
  } finally {
    fs.writeFileSync(entry, original);
  }
  // The pinned code again: rendered on the server again.
  await expect
    .poll(async () => (await request.get(card)).headers()['x-ssr-fallback'] ?? 'rendered', {
      timeout: 15_000,
      intervals: [1_000],
    })
    .toBe('rendered');
});
