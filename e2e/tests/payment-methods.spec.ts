import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { loggedInPhone } from '../support/session';
import { expect, test } from '../support/test';

// Saved payment methods in /user/info (issue 23): a purchase with auto-renewal in the sandbox saves the payer's
// method; the account lists it with what it renews and deletes it after a confirmation, in English and Arabic.

test.describe.configure({ mode: 'serial' });

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const account = (page: Page) => page.locator('[data-remote="mf_account"]');
const section = (page: Page) => account(page).getByTestId('account-payment-methods');

/**
 * Seed card 0001, the demo account's, which checkout.spec also buys for (after card-pages.spec counted its packages).
 * Not 0007: network.spec watches its last package cross the low-data threshold, which more packages would delay.
 */
const CARD = demo.activatedBound;

/**
 * The demo user buys a package with auto-renewal for their own card (USD: the billing address first) and pays it on
 * the sandbox's page with the instant test card, which saves the payment method.
 */
async function buyWithRenewal(page: Page, request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const call = async (path: string, data: object) => (await request.post(`/eshop${path}`, { data, headers })).json();
  const iccid = CARD;
  const saved = await call('/save/address', {
    email: demo.user.email,
    country: 'US',
    region: 'NY',
    city: 'New York',
    postalCode: '10001',
    line1: '350 Fifth Avenue',
    iccid,
  });
  expect(saved.code).toBe(10000);
  const goods = await call('/get/pkg', { iccid, lang: 'en', ccy: 'USD' });
  const list = (goods.data.newList ?? goods.data.list) as Array<{ id: number; renewal: boolean }>;
  const renewing = list.find((item) => item.renewal);
  expect(renewing).toBeDefined();
  const bought = await call('/pay/buy', {
    id: renewing?.id,
    renewal: true,
    iccid,
    flag: '2',
    lang: 'en',
    ccy: 'USD',
    pay: 'stripe',
  });
  expect([bought.code, bought.message]).toEqual([10000, 'success']);
  await page.goto(new URL(bought.data.pay_url as string).pathname);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/eshop/pay/sandbox/'));
}

test('the saved methods in /user/info: listed with what they renew, one deleted after a confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await loggedInPhone(page, request);
  // Two purchases, two saved methods: one to delete here, one for the Arabic page.
  await buyWithRenewal(page, request, token);
  await buyWithRenewal(page, request, token);

  await page.goto('/user/info');
  await expect(section(page).getByRole('heading', { name: 'Saved payment methods' })).toBeVisible();
  const methods = section(page).getByTestId('payment-method');
  await expect(methods.first()).toBeVisible();
  const before = await methods.count();
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(methods.first()).toContainText('Sandbox card');
  await expect(methods.first()).toContainText(/Renews .+/);
  await axe(page);
  await section(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/payment-methods-en.png', fullPage: true });

  // Every Delete button is touch-sized and named for what it deletes.
  const remove = methods.first().getByRole('button', { name: 'Delete Sandbox card' });
  const box = await remove.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  await remove.click();
  const dialog = page.getByTestId('payment-method-delete-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Delete this payment method?');
  await axe(page);
  await page.screenshot({ path: 'screenshots/payment-methods-confirm-en.png' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(methods).toHaveCount(before - 1);
  await expect(page.getByTestId('toast-region')).toContainText('Sandbox card was deleted.');

  // Gone for good: a reload lists one less.
  await page.reload();
  await expect(section(page).getByTestId('payment-method')).toHaveCount(before - 1);
  await axe(page);
});

test('the saved methods in Arabic, right to left', async ({ page, request }) => {
  await loggedInPhone(page, request);
  await page.goto('/user/info?lan=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(section(page).getByRole('heading', { name: 'طرق الدفع المحفوظة' })).toBeVisible();
  const methods = section(page).getByTestId('payment-method');
  await expect(methods.first()).toContainText('بطاقة تجريبية');
  await axe(page);
  await section(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/payment-methods-ar.png', fullPage: true });

  const before = await methods.count();
  await methods.first().getByRole('button', { name: 'حذف بطاقة تجريبية' }).click();
  const dialog = page.getByTestId('payment-method-delete-dialog');
  await expect(dialog).toContainText('هل تريد حذف طريقة الدفع هذه؟');
  await axe(page);
  await page.screenshot({ path: 'screenshots/payment-methods-confirm-ar.png' });
  await dialog.getByRole('button', { name: 'حذف', exact: true }).click();
  await expect(methods).toHaveCount(before - 1);
  await axe(page);
});
