import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { origins } from '../support/ports';
import { root, startServer, stopServer } from '../support/servers';
import { expect, test } from '../support/test';

// Module Federation as promised: real shared packages (a remote built alone, later, finds every export it imports
// in the running shell), and cross-remote actions that reach a listener (checkout:open mounts mf_checkout's sheet).

test.describe.configure({ mode: 'serial' });

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function token(request: APIRequestContext) {
  const body = await (await request.post('/eshop/user/auth/login', { data: demo.user })).json();
  expect(body.code).toBe(10000);
  return body.data.token as string;
}

test('a remote built alone with exports nobody else imports runs on the shell’s one React and one bus', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Built now, alone, by its own package; the shell and its dist are not touched.
  execFileSync('pnpm', ['--filter', 'fixture-late-remote', 'run', 'build'], { cwd: root, stdio: 'inherit' });
  await startServer('late_remote');
  // Deployment: the shell host hands out a remotes manifest pointing mf_pool at the new build.
  await stopServer('shell');
  await startServer('shell', { REMOTE_MF_POOL: `${origins.late_remote}/mf-manifest.json` });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto('/pool/detail?lan=de');
    const box = page.locator('[data-fixture="late-remote"]');
    await expect(box).toBeVisible();
    // react-router-dom's useMatch and NavLink on the shell's router, styled-components' useTheme on its theme,
    // react-i18next's Trans on its i18next (German common text).
    await expect(page.getByTestId('late-match')).toHaveText('detail');
    await expect(page.getByTestId('late-theme')).toHaveText('#07C160');
    await expect(page.getByTestId('late-styled')).toHaveText('styled');
    await expect(page.getByTestId('late-trans')).toHaveText('Die ICCID muss mindestens 19 Zeichen haben.');
    await expect(page.getByTestId('late-runtime')).toContainText('one React, one bus');
    await page.getByTestId('late-link').click();
    await expect(page).toHaveURL(/\/pool\/set$/);
    await expect(page.getByTestId('late-match')).toHaveText('set');
    const runtime = await page.evaluate(() => {
      type Entry = { react: object; busId: string };
      const registry = (globalThis as unknown as { __ESIM_RUNTIME__?: Record<string, Entry> }).__ESIM_RUNTIME__;
      const entries = Object.entries(registry ?? {});
      return {
        names: entries.map(([name]) => name).sort(),
        reacts: new Set(entries.map(([, e]) => e.react)).size,
        buses: new Set(entries.map(([, e]) => e.busId)).size,
      };
    });
    expect(runtime.names).toEqual(expect.arrayContaining(['fixture_late', 'shell']));
    expect(runtime.reacts).toBe(1);
    expect(runtime.buses).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await stopServer('shell');
    await startServer('shell');
    await stopServer('late_remote');
  }
});

test('buying on the card page opens mf_checkout’s sheet with the chosen package', async ({ page, request }) => {
  const receipt = await token(request);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`/2/${demo.activatedBound}?access_token=${encodeURIComponent(receipt)}`);
  const card = page.locator('[data-remote="mf_card"]');
  await expect(card.getByTestId('package-grid')).toBeVisible();
  // Nothing of mf_checkout is fetched before someone wants to pay.
  expect(requested.filter((url) => url.startsWith(origins.mf_checkout))).toEqual([]);

  const first = card.getByTestId('package-grid').getByRole('button').first();
  // Held by its test id: while the sheet is open the page behind it is hidden from the accessibility tree.
  const tile = card.getByTestId('package-grid').getByTestId((await first.getAttribute('data-testid')) ?? 'package-1');
  await tile.click();
  await card.getByTestId('buy').click();

  const sheet = page.getByTestId('checkout-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading')).toHaveText('Your purchase');
  // The goods of the chosen tile: its name is on the tile.
  const name = (await sheet.getByTestId('checkout-goods-name').textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await expect(tile).toContainText(name.split(' ')[0]!);
  await expect(sheet.getByTestId('checkout-price')).not.toBeEmpty();
  expect(requested.some((url) => url.startsWith(origins.mf_checkout))).toBe(true);
  await page.screenshot({ path: 'screenshots/checkout-sheet.png' });
  await axe(page);

  await sheet.getByTestId('checkout-close').click();
  await expect(sheet).toBeHidden();
  // A second purchase opens it again without another download of the remote.
  await card.getByTestId('buy').click();
  await expect(page.getByTestId('checkout-sheet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('checkout-sheet')).toBeHidden();
});

test('with mf_checkout down the sheet shows the fallback, and Retry opens it once it is back', async ({
  page,
  request,
}) => {
  const receipt = await token(request);
  await stopServer('mf_checkout');
  try {
    await page.goto(`/2/${demo.activatedBound}?lan=ar&access_token=${encodeURIComponent(receipt)}`);
    const card = page.locator('[data-remote="mf_card"]');
    await card.getByTestId('package-grid').getByRole('button').first().click();
    await card.getByTestId('buy').click();
    await expect(page.getByTestId('remote-unavailable')).toHaveAttribute('data-remote-unavailable', 'mf_checkout');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await axe(page);
  } finally {
    await startServer('mf_checkout');
  }
  await page.getByTestId('remote-retry').click();
  await expect(page.getByTestId('checkout-sheet')).toBeVisible();
  await page.screenshot({ path: 'screenshots/checkout-sheet-ar.png' });
});
