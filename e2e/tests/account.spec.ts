import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { mailedCode } from '../support/mail';
import { expect, test } from '../support/test';

// Accounts through the screens (mf-account), with the codes read from the api's mail outbox.

test.describe.configure({ mode: 'serial' });

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const account = (page: Page) => page.locator('[data-remote="mf_account"]');
const stamp = Date.now().toString(36);
const newUser = { email: `new-${stamp}@example.com`, password: 'Fresh-password-1' };

async function logIn(page: Page, email: string, password: string) {
  const form = account(page).getByTestId('login-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('sign up with the mailed code, then the card list and the drawer know the new user', async ({ page }) => {
  await page.goto('/user/login');
  await account(page).getByTestId('mode-signup').click();
  const signup = account(page).getByTestId('signup-form');
  await signup.getByLabel('E-mail').fill(newUser.email);
  const since = new Date().toISOString();
  await signup.getByRole('button', { name: 'Send code' }).click();
  const code = await mailedCode(newUser.email, /signup/, since);
  await account(page).getByTestId('signup-code').getByLabel('Verification code').fill(code);
  await account(page).getByRole('button', { name: 'Verify code' }).click();
  await account(page).getByTestId('signup-password-form').getByLabel('Choose a password').fill(newUser.password);
  await axe(page);
  await account(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/eshop\/card\/list$/);
  expect(await page.evaluate(() => localStorage.getItem('RECEIPT'))).toBeTruthy();
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('link', { name: newUser.email })).toBeVisible();
});

test('log in: a wrong password is refused with a clear message; the right one logs in', async ({ page }) => {
  await page.goto('/user/login');
  await logIn(page, demo.user.email, 'not-the-password');
  await expect(account(page).getByRole('alert').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('RECEIPT'))).toBeNull();
  await axe(page);
  await account(page).getByTestId('login-form').getByLabel('Password', { exact: true }).fill(demo.user.password);
  await account(page).getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/eshop\/card\/list$/);
});

test('a redirect to another site is refused; a same-site one is followed', async ({ page }) => {
  await page.goto('/user/login?redirect=//evil.example/steal');
  await logIn(page, demo.user.email, demo.user.password);
  await expect(page).toHaveURL(/localhost:\d+\/eshop\/card\/list$/);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/user/login?redirect=${encodeURIComponent('/user/about')}`);
  await logIn(page, demo.user.email, demo.user.password);
  await expect(page).toHaveURL(/\/user\/about$/);
  await expect(account(page)).toContainText('eSIM Shop');
  await axe(page);
});

test('reset the password with the mailed code: logged in, the old password no longer works', async ({ page }) => {
  await page.goto('/user/login');
  await account(page).getByTestId('forgot-password').click();
  const reset = account(page).getByTestId('reset-form');
  await reset.getByLabel('E-mail').fill(newUser.email);
  const since = new Date().toISOString();
  await reset.getByRole('button', { name: 'Send code' }).click();
  const code = await mailedCode(newUser.email, /reset/, since);
  await account(page).getByLabel('Verification code').fill(code);
  await account(page).getByRole('button', { name: 'Verify code' }).click();
  newUser.password = 'Second-password-2';
  await account(page).getByLabel('New password').fill(newUser.password);
  await account(page).getByRole('button', { name: 'Save and log in' }).click();
  await expect(page).toHaveURL(/\/eshop\/card\/list$/);
  const answer = await page.request.post('/eshop/user/auth/login', {
    data: { email: newUser.email, password: 'Fresh-password-1' },
  });
  expect((await answer.json()).code).not.toBe(10000);
});

test('user info: change the e-mail with a code to the new address, then log out', async ({ page }) => {
  await page.goto('/user/login?redirect=%2Fuser%2Finfo');
  await logIn(page, newUser.email, newUser.password);
  await expect(page).toHaveURL(/\/user\/info$/);
  await expect(account(page).getByTestId('account-email-value')).toHaveText(newUser.email);
  await axe(page);
  await account(page).getByTestId('change-email').click();
  const changed = `changed-${stamp}@example.com`;
  const form = account(page).getByTestId('change-email-form');
  await form.getByLabel('New e-mail').fill(changed);
  const since = new Date().toISOString();
  await form.getByRole('button', { name: 'Send code' }).click();
  const code = await mailedCode(changed, /email/, since);
  await account(page).getByLabel('Verification code').fill(code);
  await account(page).getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(account(page).getByTestId('account-email-value')).toHaveText(changed);
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('link', { name: changed })).toBeVisible();
  await page.keyboard.press('Escape');

  await account(page).getByTestId('logout').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  expect(await page.evaluate(() => localStorage.getItem('RECEIPT'))).toBeNull();
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('third-party login through the local OpenID provider (Google configuration): new account, back to the page', async ({
  page,
}) => {
  const email = `google-${stamp}@example.com`;
  await page.goto('/user/info');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  const google = account(page).getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await axe(page);
  await google.click();
  // The provider's own page (oidc-provider), on its own origin.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/user\/info$/);
  await expect(account(page).getByText(email)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_email'))).toBe(email);
  await page.screenshot({ path: 'screenshots/login-third-party-en.png' });
});

test('third-party login: cancelling at the provider says so and offers the way back', async ({ page }) => {
  await page.goto('/user/login');
  await account(page).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/user\/login\/callback\?/);
  await expect(account(page).getByTestId('callback-problem')).toContainText('cancelled');
  expect(await page.evaluate(() => localStorage.getItem('RECEIPT'))).toBeNull();
  await axe(page);
  await account(page).getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('the card page gate sends a visitor to log in and back to the card with the purchase reopened', async ({
  page,
}) => {
  await page.goto(`/2/${demo.activatedBound}`);
  const card = page.locator('[data-remote="mf_card"]');
  await card.getByTestId('package-grid').getByRole('button').first().click();
  await card.getByTestId('buy').click();
  await expect(page).toHaveURL(/\/user\/login/);
  await logIn(page, demo.user.email, demo.user.password);
  await expect(page).toHaveURL(new RegExp(`/2/${demo.activatedBound}`));
  await expect(page.getByTestId('checkout-sheet')).toBeVisible();
});

test('Arabic: the three login modes, right to left', async ({ page }) => {
  await page.goto('/user/login?lan=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const mode of ['login', 'signup', 'reset'] as const) {
    await account(page).getByTestId(`mode-${mode}`).click();
    await expect(account(page).getByTestId(`${mode}-form`)).toBeVisible();
    await page.screenshot({ path: `screenshots/login-${mode}-ar.png` });
  }
  await axe(page);
});

test('the third-party sign-in in English and Arabic: provider button on the login page, the callback saying it was cancelled', async ({
  page,
}) => {
  for (const lang of ['en', 'ar'] as const) {
    await page.goto(`/user/login?lan=${lang}`);
    await expect(account(page).getByTestId('third-party-google')).toBeVisible();
    await page.screenshot({ path: `screenshots/login-providers-${lang}.png` });
    await page.goto(`/user/login/callback?error=access_denied&lan=${lang}`);
    await expect(account(page).getByTestId('callback-problem')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.screenshot({ path: `screenshots/login-callback-${lang}.png` });
    await axe(page);
  }
});
