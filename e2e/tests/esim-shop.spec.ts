import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { fillAddressIfAsked } from '../support/checkout';
import { expect, test } from '../support/test';

// Buying an eSIM product (issue 9): the slot page, the eSIM shop with its products and coverage, mf_checkout's sheet
// for a new profile, the sandbox pay page, back on the slot page with the paid report and the new profile waiting
// to be installed (QR code, manual code, one-tap link). A visitor goes through the login and back to the shop.

test.describe.configure({ mode: 'serial' });

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const esim = (page: Page) => page.locator('[data-remote="mf_esim"]');
const sheet = (page: Page) => page.getByTestId('checkout-sheet');
const SHOP_PATH = `/esim/shop/${demo.eid}`;
const SLOT_PATH = `/esim/${demo.eid}`;

async function logIn(page: Page) {
  const form = page.locator('[data-remote="mf_account"]').getByTestId('login-form');
  await expect(form).toBeVisible();
  await form.getByTestId('login-email').fill(demo.user.email);
  await form.getByTestId('login-password').fill(demo.user.password);
  await form.locator('button[type="submit"]').click();
}

test("a visitor in the shop of an account's eSIM: told whose it is, the login leads back to the shop", async ({
  page,
}) => {
  await page.goto(SHOP_PATH);
  // The demo slot belongs to the demo account: a visitor is told so (10024) and offered the login.
  const problem = esim(page).getByTestId('slot-problem');
  await expect(problem).toBeVisible();
  await expect(problem).toHaveAttribute('data-code', '10024');
  await axe(page);
  await problem.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await logIn(page);
  await expect(page).toHaveURL(new RegExp(`${SHOP_PATH}$`));
  await expect(esim(page).getByTestId('slot-name')).toHaveText('My phone');
  await expect(esim(page).getByTestId('products').getByTestId('product-buy').first()).toBeEnabled();
});

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the slot page → the eSIM shop → coverage → sheet → sandbox → paid → the new profile with its QR code, at 390x844 with axe`, async ({
    page,
  }) => {
    const shot = (name: string) => page.screenshot({ path: `screenshots/esim-${name}-${lang}.png` });
    await page.goto(`/user/login?lan=${lang}`);
    await logIn(page);
    await expect(page).not.toHaveURL(/\/user\/login/);

    await page.goto(`${SLOT_PATH}?mode=search&lan=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(esim(page).getByTestId('slot-name')).toHaveText('My phone');
    const profiles = esim(page).getByTestId('profiles').getByTestId('profile');
    await expect(profiles.first()).toBeVisible();
    const before = await profiles.count();
    await shot('1-slot');
    await axe(page);

    await esim(page).getByTestId('buy-plan').click();
    await expect(page).toHaveURL(new RegExp(SHOP_PATH));
    const products = esim(page).getByTestId('products');
    await expect(products).toBeVisible();
    await expect(products.getByTestId('product-buy').first()).toBeVisible();
    await shot('2-shop');
    await axe(page);

    // Coverage of the product: the countries with their networks, in a dialog.
    await products.getByTestId('product-coverage').first().click();
    const coverage = page.getByTestId('coverage-dialog');
    await expect(coverage.getByTestId('coverage-country').first()).toBeVisible();
    await axe(page);
    await page.keyboard.press('Escape');
    await expect(coverage).toBeHidden();

    // The sheet for a new profile: the slot's EID, no renewal; in USD the billing address (sales tax by address, as
    // for a SIM card's package); then the confirmation.
    await products.getByTestId('product-buy').first().click();
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page).getByTestId('checkout-eid')).toHaveText(demo.eid);
    await expect(sheet(page).getByTestId('checkout-renewal')).toHaveCount(0);
    // The slot's agent offers PayPal (the pay check names the slot).
    await expect(sheet(page).getByRole('radio', { name: /PayPal/ })).toBeVisible();
    await shot('3-sheet');
    await axe(page);
    await sheet(page).getByTestId('checkout-buy').click();
    await fillAddressIfAsked(page);
    await expect(page.getByTestId('checkout-pay')).toBeVisible();
    await axe(page);
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/eshop\/pay\/sandbox\//);
    await page.locator('button[value="pay"]').click();

    // Back on the slot page: paid, and the new profile leads the list, waiting to be installed.
    await expect(page).toHaveURL(new RegExp(`${SLOT_PATH}\\?mode=search`));
    const paid = page.getByTestId('paid-dialog');
    await expect(paid.getByTestId('paid-status')).toHaveAttribute('data-status', 'paid');
    await shot('4-paid');
    await axe(page);
    // "E-mail me the receipt" here (no card page): the account's address, sent.
    await paid.getByTestId('paid-email').click();
    const receipt = page.getByTestId('receipt-dialog');
    await expect(receipt.getByTestId('receipt-input')).toHaveValue(demo.user.email);
    await axe(page);
    await receipt.locator('button[type="submit"]').click();
    await expect(receipt).toBeHidden();
    await expect(profiles).toHaveCount(before + 1);
    const guide = profiles.first().getByTestId('install-guide');
    await expect(guide).toBeVisible();
    await expect(guide.getByTestId('qr-code')).toBeVisible();
    await expect(guide.getByTestId('install-code')).toContainText(/^LPA:1\$/);
    await expect(guide.getByTestId('apple-install')).toHaveAttribute('href', /^https:\/\/esimsetup\.apple\.com\//);
    await expect(page).not.toHaveURL(/returnType=/);
    await shot('5-profile');
    await axe(page);
  });
}
