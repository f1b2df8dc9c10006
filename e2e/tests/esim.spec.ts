import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { demo } from '../support/demo';
import { fillAddressIfAsked } from '../support/checkout';
import { closeWhenShown } from '../support/overlays';
import { restartApi } from '../support/servers';
import { loggedInPhone } from '../support/session';
import { expect, test } from '../support/test';

// eSIM for real (issue 25): the demo slot's profiles with their states and the owner's actions, the slot's and an
// eSIM's settings, and a profile bought in the sandbox that the simulated phone installs while the page watches.

test.describe.configure({ mode: 'serial' });

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const SLOT = `/esim/${demo.eid}?mode=search`;
const esim = (page: Page) => page.locator('[data-remote="mf_esim"]');
const profileOf = (page: Page, iccid: string) => esim(page).locator(`[data-testid="profile"][data-iccid="${iccid}"]`);
const ENABLED = '89880000000000000201';
const FAILED = '89880000000000000202';
const DELETED = '89880000000000000203';

/** The QR code in the page, read back from its pixels. */
async function readQr(code: Locator): Promise<string | null> {
  const png = PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test.beforeAll(async () => {
  // A phone that installs a profile in 20 seconds, so the page can be watched doing it (with 6, a busy machine's
  // iPhone page opened after the profile had installed, and its install guide was gone).
  await restartApi({ SIMULATOR_INSTALL_SECONDS: '20', SIMULATOR_INSTALL_FAIL_SHARE: '0' });
});
test.afterAll(async () => {
  await restartApi();
});

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the demo slot's profiles with their states and actions, the phone seen online, at 390x844 with axe`, async ({
    page,
    request,
  }) => {
    const token = await loggedInPhone(page, request);
    await page.goto(`${SLOT}&lan=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(profileOf(page, ENABLED)).toBeVisible();
    // Whether the phone was seen lately, as the api knows it (a profile another spec bought and installed on this demo
    // phone is seen for 15 minutes), and the page says the same.
    const asked = await request.post('/eshop/eid/checkOnline', {
      headers: { authorization: `Bearer ${token}` },
      data: { eid: demo.eid },
    });
    const { online } = (await asked.json()).data as { online: boolean };
    await expect(esim(page).getByTestId('slot-online')).toHaveAttribute('data-online', String(online));
    // In use: it can be stopped, not deleted.
    await expect(profileOf(page, ENABLED).getByTestId('profile-actions').getByRole('button')).toHaveCount(1);
    await expect(profileOf(page, ENABLED).getByTestId('profile-delete')).toHaveCount(0);
    // Failed: says why it is not working, and can be deleted.
    await expect(profileOf(page, FAILED).getByTestId('install-failed')).toBeVisible();
    await expect(profileOf(page, FAILED).getByTestId('profile-delete')).toBeVisible();
    // Deleted: says so, nothing to do.
    await expect(profileOf(page, DELETED).getByTestId('profile-actions')).toHaveCount(0);
    if (lang === 'en') {
      await expect(profileOf(page, ENABLED).getByTestId('profile-state')).toHaveText('In use');
      await expect(profileOf(page, FAILED).getByTestId('profile-state')).toHaveText('Installation failed');
      await expect(profileOf(page, DELETED).getByTestId('profile-state')).toHaveText('Deleted');
      await expect(esim(page).getByTestId('slot-online')).toHaveText(
        online ? 'Seen on a network recently' : 'Not seen on a network recently',
      );
    }
    await axe(page);
    await page.screenshot({ path: `screenshots/esim-slot-profiles-${lang}.png`, fullPage: true });
  });
}

test('the failed profile is deleted after a confirmation, and says so', async ({ page, request }) => {
  await loggedInPhone(page, request);
  await page.goto(SLOT);
  await profileOf(page, FAILED).getByTestId('profile-delete').click();
  const dialog = page.getByRole('dialog', { name: /^Delete / });
  await expect(dialog).toContainText('cannot be undone');
  await axe(page);
  await dialog.getByTestId('profile-delete-confirm').click();
  await expect(profileOf(page, FAILED).getByTestId('profile-state')).toHaveText('Deleted');
  await expect(profileOf(page, FAILED).getByTestId('profile-actions')).toHaveCount(0);
});

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the slot's settings from the card list: renamed, its e-mail, the name given back`, async ({
    page,
    request,
  }) => {
    await loggedInPhone(page, request);
    // The card list's pop-up and batch-bind offer have their own specs: closed whenever they show.
    await closeWhenShown(page, page.getByTestId('activity-popup'), (popup) => popup.getByTestId('dialog-close'));
    await closeWhenShown(page, page.getByRole('dialog').filter({ has: page.getByTestId('batch-count') }), (dialog) =>
      dialog.getByTestId('dialog-close'),
    );
    await page.goto(`/eshop/card/list?lan=${lang}`);
    const slotCard = page.getByTestId('slot-card').first();
    await expect(slotCard.getByTestId('slot-name')).toHaveText('My phone');
    await slotCard.getByTestId('slot-name').click();
    await expect(page).toHaveURL(/\/esim\/slot\/set$/);
    const settings = esim(page);
    await expect(settings.getByTestId('settings-name')).toHaveText('My phone');
    await expect(settings.getByTestId('settings-number')).toHaveText(demo.eid);
    await axe(page);
    await page.screenshot({ path: `screenshots/esim-slot-settings-${lang}.png`, fullPage: true });

    const name = settings.getByTestId('settings-rename').getByRole('textbox');
    await name.fill('  Travel tablet ');
    await settings.getByTestId('settings-save').click();
    await expect(settings.getByTestId('settings-name')).toHaveText('Travel tablet');
    await settings.getByTestId('settings-email-edit').click();
    const email = page.getByTestId('settings-email-dialog');
    await email.getByTestId('settings-email-input').fill('tablet@example.com');
    await axe(page);
    await email.getByTestId('settings-email-submit').click();
    await expect(settings.getByTestId('settings-email-current')).toHaveText('tablet@example.com');

    // The card list shows the new name; then it is given back for the other specs.
    await page.goto(`/eshop/card/list?lan=${lang}`);
    await expect(page.getByTestId('slot-card').first().getByTestId('slot-name')).toHaveText('Travel tablet');
    await page.getByTestId('slot-card').first().getByTestId('slot-name').click();
    await name.fill('My phone');
    await settings.getByTestId('settings-save').click();
    await expect(settings.getByTestId('settings-name')).toHaveText('My phone');
  });
}

test("an eSIM's settings from the card list: renamed and given its default name back, with axe", async ({
  page,
  request,
}) => {
  await loggedInPhone(page, request);
  await closeWhenShown(page, page.getByTestId('activity-popup'), (popup) => popup.getByTestId('dialog-close'));
  await closeWhenShown(page, page.getByRole('dialog').filter({ has: page.getByTestId('batch-count') }), (dialog) =>
    dialog.getByTestId('dialog-close'),
  );
  await page.goto('/eshop/card/list');
  const card = page.getByTestId('esim-card').filter({ hasText: ENABLED });
  await card.getByTestId('esim-name').click();
  await expect(page).toHaveURL(/\/esim\/card\/set\/0$/);
  const settings = esim(page);
  await expect(settings.getByTestId('settings-number')).toHaveText(ENABLED);
  const name = settings.getByTestId('settings-rename').getByRole('textbox');
  const before = (await settings.getByTestId('settings-name').textContent())?.trim() ?? '';
  await name.fill('Work eSIM');
  await settings.getByTestId('settings-save').click();
  await expect(settings.getByTestId('settings-name')).toHaveText('Work eSIM');
  await axe(page);
  await page.screenshot({ path: 'screenshots/esim-card-settings-en.png', fullPage: true });
  await name.fill(before === 'eSIM 0201' ? '' : before);
  await settings.getByTestId('settings-save').click();
  await expect(settings.getByTestId('settings-name')).toHaveText(before);
});

test('a profile bought in the sandbox: its QR code reads as its LPA code, an iPhone gets the one-tap link first, and the page watches it install', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await loggedInPhone(page, request);
  await page.goto(`/esim/shop/${demo.eid}`);
  await esim(page).getByTestId('products').getByTestId('product-buy').first().click();
  const sheet = page.getByTestId('checkout-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('checkout-buy').click();
  // In USD a new profile is taxed by the billing address, as a SIM card's package.
  await fillAddressIfAsked(page);
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveURL(/\/eshop\/pay\/sandbox\//);
  await page.locator('button[value="pay"]').click();
  await expect(page.getByTestId('paid-dialog').getByTestId('paid-status')).toHaveAttribute('data-status', 'paid');
  await page.getByTestId('paid-dialog').getByTestId('dialog-close').click();

  // The job queue orders the profile from the network: it joins the list as "waiting to be installed".
  const fresh = esim(page)
    .getByTestId('profile')
    .filter({ has: page.getByTestId('install-guide') })
    .first();
  await expect(fresh).toBeVisible({ timeout: 30_000 });
  const iccid = (await fresh.getAttribute('data-iccid')) ?? '';
  expect(iccid).toMatch(/^8988247\d{13}$/);
  const code = (await fresh.getByTestId('install-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^LPA:1\$[^$]+\$[^$]+$/);
  expect(await readQr(fresh.getByTestId('qr-code'))).toBe(code);

  // On an iPhone the same profile offers Apple's one-tap install first.
  const iphone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });
  try {
    await iphone.addInitScript((value) => localStorage.setItem('RECEIPT', value), token);
    const phone = await iphone.newPage();
    await phone.goto(SLOT);
    const guide = profileOf(phone, iccid).getByTestId('install-guide');
    await expect(guide).toHaveAttribute('data-way', 'ios');
    await expect(guide.getByTestId('apple-install')).toHaveAttribute(
      'href',
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(code)}`,
    );
  } finally {
    await iphone.close();
  }

  // The simulated phone downloads and installs it; the page follows and shows it installed.
  await expect(profileOf(page, iccid).getByTestId('install-guide')).toBeHidden({ timeout: 45_000 });
  await expect(profileOf(page, iccid).getByTestId('profile-state')).toHaveText(/In use|Installed, not in use/);
  await axe(page);
  await page.screenshot({ path: 'screenshots/esim-installed-en.png', fullPage: true });
});
