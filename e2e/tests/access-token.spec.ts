import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { loggedInPhone, logIn } from '../support/session';
import { expect, test } from '../support/test';

// Issue 23, login CSRF: a link with `?access_token=` of another account never replaces the login on its own. The
// page asks (an accessible dialog), drops the token from the address bar either way, and staying is the default.

const other = { email: 'other@example.com', password: 'other-password-1' } as const;

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const receipt = (page: Page) => page.evaluate(() => localStorage.getItem('RECEIPT'));

/** Logged in as the demo user on a phone, the page opens a link signing in as the other account. */
async function openOthersLink(page: Page, request: Parameters<typeof logIn>[0], lang: 'en' | 'ar') {
  const demoToken = await loggedInPhone(page, request);
  const otherToken = await logIn(request, other);
  await page.goto(`/2/${demo.activatedBound}?access_token=${encodeURIComponent(otherToken)}&lan=${lang}`);
  const dialog = page.getByTestId('switch-account');
  await expect(dialog).toBeVisible();
  return { demoToken, otherToken, dialog };
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: another account's link asks; Stay keeps the demo login`, async ({ page, request }) => {
    const { demoToken, dialog } = await openOthersLink(page, request, lang);

    await expect(page).not.toHaveURL(/access_token/);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('dialog')).toHaveAccessibleName(lang === 'ar' ? 'رابط تسجيل الدخول' : 'Sign-in link');
    // The link's account as the api gave it, and the one signed in now on the button that keeps it.
    await expect(dialog.getByTestId('switch-account-text')).toContainText(other.email);
    const stay = dialog.getByTestId('switch-account-stay');
    await expect(stay).toContainText(demo.user.email);
    await expect(stay).toBeFocused();
    for (const id of ['switch-account-stay', 'switch-account-switch', 'dialog-close']) {
      const box = await dialog.getByTestId(id).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    // Nothing changed while the user reads.
    expect(await receipt(page)).toBe(demoToken);
    await axe(page);
    await page.screenshot({ path: `screenshots/access-token-switch-${lang}.png` });

    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(await receipt(page)).toBe(demoToken);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('drawer-email')).toContainText(demo.user.email);
    await axe(page);
  });
}

test('Switch, by keyboard, signs the link in', async ({ page, request }) => {
  const { otherToken, dialog } = await openOthersLink(page, request, 'en');
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('switch-account-switch')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(await receipt(page)).toBe(otherToken);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('drawer-email')).toContainText(other.email);
});

test('a link of the account already signed in asks nothing', async ({ page, request }) => {
  const demoToken = await loggedInPhone(page, request);
  const again = await logIn(request);
  await page.goto(`/2/${demo.activatedBound}?access_token=${encodeURIComponent(again)}`);
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  await expect(page).not.toHaveURL(/access_token/);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('drawer-email')).toContainText(demo.user.email);
  await expect(page.getByTestId('switch-account')).toHaveCount(0);
  expect(await receipt(page)).toBe(demoToken);
});

// Where nobody is signed in, the link signs in (the spec's parameter), and the page says whose account it is until
// the user keeps it or signs out: someone sent a link to another's account must not bind cards or buy in it unaware.
const userInfo = async (request: Parameters<typeof logIn>[0], token: string) =>
  (
    await (
      await request.post('/eshop/api/v1/user/info', { data: {}, headers: { Authorization: `Bearer ${token}` } })
    ).json()
  ).code as number;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a link where nobody is signed in names the account; "No, sign out" ends it`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await logIn(request, other);
    await page.goto(`/2/89880000000000000008?access_token=${encodeURIComponent(token)}&lan=${lang}`);
    const notice = page.getByTestId('link-login');
    await expect(notice).toBeVisible();
    await expect(page).not.toHaveURL(/access_token/);
    await expect(notice).toContainText(other.email);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    for (const id of ['link-login-keep', 'link-login-out']) {
      const box = await notice.getByTestId(id).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    // It stays on a reload until answered.
    await page.reload();
    await expect(notice).toBeVisible();
    await axe(page);
    await page.screenshot({ path: `screenshots/access-token-link-login-${lang}.png` });

    await notice.getByTestId('link-login-out').click();
    await expect(notice).toBeHidden();
    expect(await receipt(page)).toBeNull();
    // Ended on the server too: the link's token signs nobody in any more.
    expect(await userInfo(request, token)).not.toBe(10000);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('drawer-email')).toHaveCount(0);
  });
}

test('"Yes, it is mine" keeps the link\'s login and the notice does not come back', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await logIn(request, other);
  await page.goto(`/2/89880000000000000008?access_token=${encodeURIComponent(token)}`);
  await page.getByTestId('link-login-keep').click();
  await expect(page.getByTestId('link-login')).toBeHidden();
  await page.reload();
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('drawer-email')).toContainText(other.email);
  await expect(page.getByTestId('link-login')).toHaveCount(0);
  expect(await receipt(page)).toBe(token);
  expect(await userInfo(request, token)).toBe(10000);
});
