import { type APIRequestContext, type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { expect, test } from '../support/test';

// The card page (/{flag}/{iccid}) of every demo card, its login gating and its dialogs, in the composed site.

async function token(request: APIRequestContext, user: { email: string; password: string } = demo.user) {
  const body = await (await request.post('/eshop/user/auth/login', { data: user })).json();
  expect(body.code).toBe(10000);
  return body.data.token as string;
}

async function openAs(page: Page, path: string, receipt: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(receipt)}`);
}

const frame = (page: Page) => page.locator('[data-remote="mf_card"]');

test.describe('every demo card as a visitor with its ICCID', () => {
  const cards: Array<{
    iccid: string;
    status?: string;
    warning?: boolean;
    check?: (page: Page) => Promise<void>;
  }> = [
    { iccid: '89880000000000000001', status: 'Activated', warning: false },
    { iccid: '89880000000000000003', status: 'Deactivated', warning: true },
    {
      iccid: '89880000000000000004',
      status: 'Activated',
      check: async (page) => {
        // The headline is the data used; "Unlimited plan" is its context, never the figure.
        await expect(frame(page).getByTestId('card-data')).toHaveText(/^\d+(\.\d+)? GB used$/);
        await expect(frame(page).getByTestId('card-summary')).toContainText('Unlimited plan');
      },
    },
    {
      iccid: '89880000000000000005',
      check: async (page) => {
        await expect(frame(page).getByTestId('card-speed-limited')).toBeVisible();
        // A card with an alert is offered the free 30-day recall plan; the page behind is hidden until it closes.
        await expect(page.getByTestId('recall-dialog')).toBeVisible();
        await page.getByTestId('dialog-close').click();
      },
    },
    {
      iccid: '89880000000000000006',
      status: 'Not activated',
      check: async (page) => {
        await expect(frame(page).getByTestId('card-third-party')).toBeVisible();
        await expect(frame(page).getByTestId('card-gauge')).toHaveCount(0);
      },
    },
    {
      iccid: '89880000000000000007',
      check: async (page) => expect(frame(page).getByTestId('card-expiry')).toHaveText('Expires in 2 days'),
    },
    {
      iccid: '89880000000000000201',
      check: async (page) => expect(frame(page).getByTestId('card-kind')).toHaveAttribute('data-kind', 'profile'),
    },
  ];
  for (const { iccid, status, warning, check } of cards) {
    test(`card ${iccid}`, async ({ page }) => {
      await page.goto(`/2/${iccid}`);
      const summary = frame(page).getByTestId('card-summary');
      await expect(summary).toBeVisible();
      if (status) await expect(frame(page).getByTestId('card-status')).toHaveText(status);
      if (warning !== undefined)
        await expect(frame(page).getByTestId('card-status')).toHaveAttribute('data-warning', String(warning));
      await check?.(page);
      // Packages and the bottom bar on every new-view card.
      await expect(frame(page).getByTestId('package-grid')).toBeVisible();
      await expect(frame(page).getByRole('navigation', { name: 'Card links' })).toBeVisible();
    });
  }

  test('version 1 shows the old package list; version 3 points to the card list', async ({ page }) => {
    await page.goto(`/2/${demo.oldView}`);
    await expect(page).toHaveURL(new RegExp(`/1/${demo.oldView}$`));
    await expect(frame(page).locator('[data-testid^="old-package-"]').first()).toBeVisible();
    await page.goto('/2/89880000000000000301');
    await expect(page).toHaveURL(/\/3\/89880000000000000301$/);
    await expect(frame(page).getByTestId('card-list-view')).toBeVisible();
  });
});

test.describe('login gating (agent version 2)', () => {
  test("a partner store's card without a login shows the login view only", async ({ page }) => {
    await page.goto('/2/89880000000000000901');
    await expect(page).toHaveURL(/\/acme\/89880000000000000901/);
    await expect(frame(page).getByTestId('card-login-gate')).toBeVisible();
    await expect(frame(page).getByTestId('card-summary')).toHaveCount(0);
    await expect(frame(page).getByTestId('card-login-link')).toHaveAttribute('href', /\/user\/login\?redirect=/);
    await page.screenshot({ path: 'screenshots/card-login-gate-en.png' });
  });

  test('an unbound card without a login shows and is remembered; with a login it goes to the card list', async ({
    page,
    request,
  }) => {
    const unbound = '8988000000000000019';
    await page.goto(`/2/${unbound}`);
    await expect(frame(page).getByTestId('card-summary')).toBeVisible();
    await expect(frame(page).getByTestId('card-bind-hint')).toBeVisible();
    // Remembered once the page runs (a server-rendered page shows the card before its code has run).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('BIND_ICCID'))).toBe(unbound);

    await openAs(page, `/2/${unbound}`, await token(request));
    await expect(page).toHaveURL(/\/eshop\/card\/list/);
  });

  test("another user's card: a warning, no shared plan, no e-mail; the owner sees the plan tabs", async ({
    page,
    request,
  }) => {
    const receipt = await token(request);
    await openAs(page, '/2/89880000000000000008', receipt);
    await expect(frame(page).getByTestId('card-other-user')).toBeVisible();
    await expect(frame(page).getByTestId('plan-tab-shared')).toHaveCount(0);
    await expect(frame(page).getByTestId('card-email-button')).toHaveCount(0);
    await page.screenshot({ path: 'screenshots/card-other-user-en.png' });
    // The server never hands another account's e-mail to the page.
    const card = await (
      await request.post('/eshop/get/card', {
        data: { flag: '2', iccid: '89880000000000000008', lang: 'en' },
        headers: { authorization: `Bearer ${receipt}` },
      })
    ).json();
    expect(card.data.card_email).toBe('');
    expect(card.data.show_share_plan).toBe(false);

    await page.goto(`/2/${demo.activatedBound}`);
    await expect(frame(page).getByTestId('card-other-user')).toHaveCount(0);
    await frame(page).getByTestId('plan-tab-shared').click();
    // The shared plans come from mf-pool through federation.
    await expect(frame(page).getByTestId('pool-plan').first()).toBeVisible();
    await expect(frame(page).getByTestId('pool-plan').first()).toContainText('50 GB');
    await page.screenshot({ path: 'screenshots/card-shared-plan-en.png', fullPage: true });
  });
});

test.describe('card dialogs', () => {
  test('unlock on a card in service: the network has nothing to lift, and the page says so', async ({
    page,
    request,
  }) => {
    // Lifting a real suspension (and the limit of three) is network.spec.ts's and the api tests' business.
    await openAs(page, `/2/${demo.activatedBound}`, await token(request));
    await frame(page).getByTestId('card-unlock-button').click();
    await expect(page.getByTestId('unlock-dialog')).toBeVisible();
    await page.getByTestId('unlock-confirm').click();
    await expect(page.getByTestId('unlock-dialog')).toHaveCount(0);
    await expect(page.getByTestId('toast-region').getByTestId('toast').last()).toContainText(
      'This card is not locked; nothing to unlock.',
    );
    await expect(frame(page).getByTestId('card-status')).toHaveAttribute('data-status', 'Activated');
  });

  test('e-mail bind: the rules, then the new address is kept', async ({ page, request }) => {
    await openAs(page, `/2/${demo.suspended}`, await token(request));
    await frame(page).getByTestId('card-email-button').click();
    const input = page.getByTestId('email-input');
    await input.fill('not-an-address');
    await page.getByTestId('email-submit').click();
    await expect(page.getByTestId('email-error')).toHaveText('Please enter a valid e-mail address.');
    await input.fill(' travel.me@example.org ');
    await page.getByTestId('email-submit').click();
    await expect(page.getByTestId('email-dialog')).toHaveCount(0);
    await page.reload();
    await frame(page).getByTestId('card-email-button').click();
    await expect(page.getByTestId('email-input')).toHaveValue('travel.me@example.org');
  });

  test('coverage: network sheet with operators and a case-insensitive search', async ({ page }) => {
    await page.goto(`/2/${demo.readyUnbound}`);
    await frame(page).getByTestId('package-grid').getByRole('button').first().click();
    await frame(page).getByTestId('coverage-network-button').click();
    const sheet = page.getByTestId('coverage-sheet');
    await expect(sheet.getByTestId('coverage-country').first()).toBeVisible();
    await expect(sheet.getByTestId('coverage-operator').first()).toBeVisible();
    await page.screenshot({ path: 'screenshots/card-networks-en.png' });
    const first = ((await sheet.getByTestId('coverage-country').first().locator('span').first().textContent()) ?? '')
      .trim()
      .slice(0, 4);
    await sheet.getByTestId('coverage-search').fill(first.toUpperCase());
    await expect(sheet.getByTestId('coverage-country').first()).toContainText(first);
    await sheet.getByTestId('coverage-search').fill('zzzz');
    await expect(sheet.getByTestId('coverage-no-match')).toHaveText('No results found');
    await page.screenshot({ path: 'screenshots/card-coverage-en.png' });
  });

  test('Arabic right-to-left: the card dialogs, the shared plan and the login gate', async ({ page, request }) => {
    await openAs(page, `/2/${demo.activatedBound}?lan=ar`, await token(request));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await frame(page).getByTestId('card-email-button').click();
    await expect(page.getByTestId('email-dialog')).toBeVisible();
    await page.screenshot({ path: 'screenshots/card-email-ar.png' });
    await page.getByTestId('dialog-close').click();
    await frame(page).getByTestId('card-unlock-button').click();
    await expect(page.getByTestId('unlock-dialog')).toBeVisible();
    await page.screenshot({ path: 'screenshots/card-unlock-ar.png' });
    await page.getByTestId('dialog-close').click();
    await frame(page).getByTestId('package-grid').getByRole('button').first().click();
    await frame(page).getByTestId('coverage-network-button').click();
    await expect(page.getByTestId('coverage-operator').first()).toBeVisible();
    await page.screenshot({ path: 'screenshots/card-networks-ar.png' });
    await page.getByTestId('dialog-close').click();
    await frame(page).getByTestId('plan-tab-shared').click();
    await expect(frame(page).getByTestId('pool-plan').first()).toBeVisible();
    await page.screenshot({ path: 'screenshots/card-shared-plan-ar.png' });

    await page.evaluate(() => localStorage.removeItem('RECEIPT'));
    await page.goto('/2/89880000000000000901');
    await expect(frame(page).getByTestId('card-login-gate')).toBeVisible();
    await page.screenshot({ path: 'screenshots/card-login-gate-ar.png' });
  });

  test('Arabic right-to-left card page', async ({ page }) => {
    await page.goto(`/2/${demo.activatedBound}?lan=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(frame(page).getByTestId('card-summary')).toBeVisible();
    await expect(frame(page).getByTestId('package-grid')).toBeVisible();
    await page.screenshot({ path: 'screenshots/card-ar.png', fullPage: true });
  });
});
