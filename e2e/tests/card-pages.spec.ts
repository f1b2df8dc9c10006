import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { logIn } from '../support/session';
import { closeWhenShown } from '../support/overlays';
import { expect, test } from '../support/test';

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// mf-card's purchased packages (/pkg), SIM card settings (/card/set) and scan/home (/).

/** Seed card 0001 has one active, one pending (init) and one stopped package (api/src/seed.ts card_packages). */
const WITH_RECORDS = demo.activatedBound;
/** Seed card 0005 (unbound, unlimited, speed limited): bound, renamed and removed here, then put back as seeded. */
const SETTINGS_CARD = '89880000000000000005';

async function callApi(request: APIRequestContext, token: string, path: string, data: unknown) {
  const body = await (
    await request.post(`/eshop/api${path}`, { data, headers: { Authorization: `Bearer ${token}` } })
  ).json();
  return body.code as number;
}

const frame = (page: Page) => page.locator('[data-remote="mf_card"]');

test('/pkg lists the packages of a card in active, pending and stopped sections', async ({ page, request }) => {
  // A visitor gets the catalogue's answer for a card bound to an account, and a way to log in.
  await page.goto(`/pkg?iccid=${WITH_RECORDS}`);
  await expect(frame(page).getByTestId('packages-error')).toContainText('This belongs to another account.');
  await expect(frame(page).getByRole('link', { name: 'Log in' })).toBeVisible();

  const token = await logIn(request);
  await page.goto(`/pkg?iccid=${WITH_RECORDS}&access_token=${encodeURIComponent(token)}`);
  const active = frame(page).getByTestId('packages-active');
  const pending = frame(page).getByTestId('packages-pending');
  const stopped = frame(page).getByTestId('packages-stopped');
  await expect(active.getByTestId('package-record')).toHaveCount(1);
  // The network reports the use as it goes: 5.2 GB at the seed, more later.
  await expect(active.getByTestId('package-record')).toContainText(/\d+(\.\d+)? GB used of 20 GB/);
  await expect(active.getByRole('switch', { name: 'Auto-renew' })).toHaveAttribute('aria-checked', 'true');
  await expect(pending.getByTestId('package-record')).toHaveCount(1);
  await expect(pending.getByTestId('package-record')).toContainText('Pending');
  await expect(stopped.getByTestId('package-record')).toHaveCount(1);
  await expect(stopped.getByTestId('package-record')).toContainText('Stopped');
  await expect(frame(page).getByTestId('packages-back')).toHaveAttribute('href', `/2/${WITH_RECORDS}`);
  await page.screenshot({ path: 'screenshots/pkg-en.png', fullPage: true });

  await page.goto(`/pkg?iccid=${WITH_RECORDS}&lan=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(frame(page).getByTestId('package-record')).toHaveCount(3);
  await page.screenshot({ path: 'screenshots/pkg-ar.png', fullPage: true });
});

test('/card/set after login: rename a card, then remove it from the account', async ({ page, request }) => {
  const token = await logIn(request);
  expect(await callApi(request, token, '/v1/bind/card', { iccid: SETTINGS_CARD })).toBe(10000);
  // The card list may offer to bind the account's purchased, unbound cards first: not this test's business.
  await closeWhenShown(page, page.getByRole('dialog').filter({ has: page.getByTestId('batch-iccid') }), (dialog) =>
    // Its close icon (the first button), in whatever language the page is in.
    dialog.getByRole('button').first(),
  );
  try {
    await page.goto(`/eshop/card/list?access_token=${encodeURIComponent(token)}`);
    const widget = frame(page).getByTestId('sim-card').filter({ hasText: SETTINGS_CARD });
    await widget.getByRole('button', { name: /settings/i }).click();

    await expect(page).toHaveURL(/\/card\/set$/);
    const settings = frame(page);
    await expect(settings.getByTestId('settings-iccid')).toHaveText(SETTINGS_CARD);
    await expect(settings.getByTestId('settings-name')).toHaveText('SIM 0005');
    await page.screenshot({ path: 'screenshots/card-settings-en.png', fullPage: true });

    const name = settings.getByRole('textbox', { name: 'Card name' });
    await name.fill('Trip phone');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('toast-region').getByTestId('toast')).toContainText('Card renamed to “Trip phone”.');
    await expect(settings.getByTestId('settings-name')).toHaveText('Trip phone');

    // The monthly auto-renewal limit: set, shown, removed.
    const limit = settings.getByTestId('renewal-cap');
    await expect(limit.getByTestId('renewal-cap-current')).toHaveText('No limit: every due renewal is charged.');
    await limit.getByLabel(/^Monthly limit/).fill('30');
    await limit.getByRole('button', { name: 'Save limit' }).click();
    await expect(limit.getByTestId('renewal-cap-current')).toContainText('30.00');

    // The card's alerts: 20% and 5% left by default; a third threshold and no expiry alert, saved.
    const alerts = settings.getByTestId('alert-settings');
    await expect(alerts.getByRole('checkbox', { name: '20%' })).toBeChecked();
    await expect(alerts.getByRole('checkbox', { name: '5%' })).toBeChecked();
    await alerts.getByText('50%').click();
    await expect(alerts.getByRole('checkbox', { name: '50%' })).toBeChecked();
    await alerts.getByTestId('alert-expiry').click();
    await alerts.getByTestId('alert-save').click();
    await expect(page.getByTestId('toast-region')).toContainText('Alerts saved');
    await alerts.getByTestId('alert-thresholds').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/card-alerts-en.png' });
    await axe(page);
    await limit.getByRole('button', { name: 'Remove limit' }).click();
    await expect(limit.getByTestId('renewal-cap-current')).toHaveText('No limit: every due renewal is charged.');

    await page.goto('/card/set?lan=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(settings.getByTestId('settings-name')).toHaveText('Trip phone');
    await page.screenshot({ path: 'screenshots/card-settings-ar.png', fullPage: true });
    await settings.getByTestId('alert-thresholds').scrollIntoViewIfNeeded();
    // The three saved thresholds (50%, 20%, 5%), written the Arabic way.
    await expect(settings.getByTestId('alert-thresholds').getByRole('checkbox', { checked: true })).toHaveCount(3);
    await axe(page);
    await page.screenshot({ path: 'screenshots/card-alerts-ar.png' });

    await settings.getByTestId('settings-unbind').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Trip phone');
    await page.screenshot({ path: 'screenshots/card-settings-unbind-ar.png' });
    await dialog.getByRole('button').last().click();

    await expect(page).toHaveURL(/\/eshop\/card\/list$/);
    await expect(page.getByTestId('toast-region').getByTestId('toast')).toBeVisible();
    await expect(frame(page).getByTestId('sim-card').first()).toBeVisible();
    await expect(frame(page).getByTestId('sim-card').filter({ hasText: SETTINGS_CARD })).toHaveCount(0);
  } finally {
    // Put the card back as seeded: unbound, no name.
    await callApi(request, token, '/v1/bind/card', { iccid: SETTINGS_CARD });
    await callApi(request, token, '/v1/set/card', { iccid: SETTINGS_CARD, name: '' });
    await callApi(request, token, '/v1/unbind/card', { iccid: SETTINGS_CARD });
  }
});

test('/ scan/home: a typed ICCID opens its card page; no Scan button without BarcodeDetector', async ({ page }) => {
  await page.goto('/');
  const home = frame(page);
  await expect(home.getByRole('heading', { name: 'Where do I find the ICCID?' })).toBeVisible();
  const scanSupported = await page.evaluate(() => 'BarcodeDetector' in window);
  await expect(home.getByTestId('scan-camera')).toHaveCount(scanSupported ? 1 : 0);
  await page.screenshot({ path: 'screenshots/scan-en.png', fullPage: true });

  await home.getByTestId('scan-input').fill(`${demo.readyUnbound.slice(0, 8)} ${demo.readyUnbound.slice(8)}`);
  await home.getByTestId('scan-submit').click();
  await expect(page).toHaveURL(new RegExp(`/\\w+/${demo.readyUnbound}$`));

  await page.goto('/?lan=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(frame(page).getByTestId('scan-input')).toBeVisible();
  await page.screenshot({ path: 'screenshots/scan-ar.png', fullPage: true });
});

test('/ scan/home: the camera view reads a barcode and opens the card (fake detector and camera)', async ({ page }) => {
  // Chromium on Linux has no BarcodeDetector and the test machine no camera: a canvas stream stands in for the
  // camera and a detector reports a code once the test says so.
  await page.addInitScript(() => {
    const w = window as unknown as { BarcodeDetector: unknown; __scanCode?: string };
    w.BarcodeDetector = class {
      static async getSupportedFormats() {
        return ['code_128', 'qr_code', 'data_matrix'];
      }
      async detect() {
        return w.__scanCode ? [{ rawValue: w.__scanCode, format: 'code_128' }] : [];
      }
    };
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const ctx = canvas.getContext('2d')!;
    setInterval(() => {
      ctx.fillStyle = '#3a4350';
      ctx.fillRect(0, 0, 640, 360);
      ctx.fillStyle = '#fff';
      ctx.fillRect(170, 130, 300, 100);
      for (let x = 190; x < 450; x += 7) {
        ctx.fillStyle = '#111';
        ctx.fillRect(x, 145, x % 3 ? 3 : 2, 60);
      }
    }, 100);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => canvas.captureStream(10) },
    });
  });
  await page.goto('/');
  await frame(page).getByTestId('scan-camera').click();
  const scanner = page.getByRole('dialog', { name: 'Scan the barcode' });
  await expect(scanner).toBeVisible();
  await expect(scanner.getByRole('status')).toContainText('Hold the barcode');
  await page.screenshot({ path: 'screenshots/scan-camera-en.png' });

  await page.evaluate((iccid) => {
    (window as unknown as { __scanCode?: string }).__scanCode = iccid;
  }, demo.readyUnbound);
  await expect(page).toHaveURL(new RegExp(`/\\w+/${demo.readyUnbound}$`));
  await expect(scanner).toHaveCount(0);
});
