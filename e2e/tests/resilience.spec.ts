import { execFileSync } from 'node:child_process';
import { demo } from '../support/demo';
import { root, startServer, stopServer } from '../support/servers';
import { expect, test } from '../support/test';

test.describe.configure({ mode: 'serial' });

test('with one remote server stopped, its area shows the fallback and the rest of the site works', async ({ page }) => {
  await stopServer('mf_esim');
  try {
    await page.goto(`/esim/shop/${demo.eid}`);
    const fallback = page.getByTestId('remote-unavailable');
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute('data-remote-unavailable', 'mf_esim');
    await expect(page.getByTestId('app-header')).toBeVisible();
    await page.screenshot({ path: 'screenshots/remote-offline.png' });

    // Another remote's route still works in the same session.
    await page.getByTestId('frame-home').or(page.locator('a[href="/"]')).first().click();
    await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
    await page.goto(`/2/${demo.activatedBound}`);
    await expect(page.locator('[data-remote="mf_card"]')).toContainText(/activated/i);
  } finally {
    await startServer('mf_esim');
  }

  // The server is back: Retry loads the remote without a page reload.
  await page.goto(`/esim/shop/${demo.eid}`);
  await expect(page.locator('[data-remote="mf_esim"]')).toBeVisible();
});

test('Retry in the fallback loads the remote once its server is back', async ({ page }) => {
  await stopServer('mf_pool');
  try {
    await page.goto('/pool/detail');
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  } finally {
    await startServer('mf_pool');
  }
  await page.getByTestId('remote-retry').click();
  await expect(page.locator('[data-remote="mf_pool"]')).toBeVisible();
});

/** The shell's page without its remotes map, which carries the pins of the remotes' files (remote integrity). */
const withoutPins = (html: string) =>
  html.replace(/<script type="application\/json" id="remotes-map">.*?<\/script>/, '');

test('a rebuilt remote is picked up on reload without rebuilding the shell', async ({ page }) => {
  test.setTimeout(240_000);
  const label = `e2e-${Date.now()}`;
  const shellEntryBefore = withoutPins(await (await page.request.get('/')).text());
  await page.goto('/user/login');
  const frame = page.locator('[data-remote="mf_account"]');
  await expect(frame).toBeVisible();
  await expect(frame).not.toHaveAttribute('data-build', label);

  execFileSync('pnpm', ['--filter', 'mf-account', 'run', 'build'], {
    cwd: root,
    env: { ...process.env, BUILD_LABEL: label },
    stdio: 'inherit',
  });
  // The deploy pins the new build's files: the shell host restarts (reads each remote's mf-integrity.json again),
  // the shell itself is not rebuilt.
  await stopServer('shell');
  await startServer('shell');

  await page.reload();
  await expect(page.locator('[data-remote="mf_account"]')).toHaveAttribute('data-build', label);
  // The shell's page (and so its entry script) is byte for byte what it was, but for the new pins.
  expect(withoutPins(await (await page.request.get('/')).text())).toBe(shellEntryBefore);
});
