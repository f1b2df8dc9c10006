import { type APIRequestContext } from '@playwright/test';
import { demo } from '../support/demo';
import { expect, test } from '../support/test';

async function logIn(request: APIRequestContext): Promise<string> {
  const res = await request.post('/eshop/user/auth/login', { data: demo.user });
  const body = await res.json();
  expect(body.code).toBe(10000);
  return body.data.token as string;
}

test('an access_token in the query is stored as the receipt and the user info is loaded', async ({ page, request }) => {
  const token = await logIn(request);
  await page.goto(`/2/${demo.activatedBound}?access_token=${encodeURIComponent(token)}`);
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  // The receipt leaves the address bar (it would otherwise be shared with the link) and stays in storage.
  await expect(page).not.toHaveURL(/access_token/);
  expect(await page.evaluate(() => localStorage.getItem('RECEIPT'))).toBe(token);

  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('drawer-email')).toContainText(demo.user.email);
  const entries = await page
    .getByTestId('side-drawer')
    .locator('[data-testid^="drawer-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
  expect(entries).toEqual(['drawer-email', 'drawer-store', 'drawer-orders', 'drawer-support', 'drawer-about']);
});

test('the region selector is shown to logged-in users only', async ({ page, request }) => {
  await page.goto('/');
  await page.getByTestId('language-switcher').click();
  await expect(page.getByTestId('locale-dialog')).toBeVisible();
  await expect(page.getByTestId('locale-currency')).toBeVisible();
  await expect(page.getByTestId('locale-region')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('locale-dialog')).toBeHidden();

  const token = await logIn(request);
  await page.goto(`/?access_token=${encodeURIComponent(token)}`);
  await page.getByTestId('language-switcher').click();
  await expect(page.getByTestId('locale-region')).toBeVisible();
});

test('a lan link locks the language choice', async ({ page }) => {
  await page.goto('/?lan=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByTestId('language-switcher').click();
  await expect(page.getByTestId('locale-locked')).toBeVisible();
  await expect(page.getByTestId('locale-language')).toBeDisabled();
});
