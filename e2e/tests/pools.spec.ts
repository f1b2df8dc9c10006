import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { payInSandbox } from '../support/checkout';
import { demo } from '../support/demo';
import { closeWhenShown } from '../support/overlays';
import { FAST_NETWORK, restartApi } from '../support/servers';
import { logIn, loggedInPhone } from '../support/session';
import { expect, test } from '../support/test';

// Shared data pools through the screens (issue 24), as the demo user does it by hand: a pool made of two cards from a
// card page's shared plans (the add-to-pool dialog, then the sandbox), seen on the card list, a third card added by
// its ICCID, one removed, renamed, its data going down as the member cards use it (the simulated network runs), and
// deleted with the data left. Runs in the network project, after network.spec.ts: the running network changes cards.

test.describe.configure({ mode: 'serial' });

const [FIRST, SECOND] = demo.unboundForDemo;
/** An unbound card nobody else's: added by typing its ICCID in the add sheet. */
const TYPED = demo.readyUnbound;
const NAME = 'Travel crew';
const cardFrame = (page: Page) => page.locator('[data-remote="mf_card"]');
const poolFrame = (page: Page) => page.locator('[data-remote="mf_pool"]');

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Binds the demo's card to its account (home-activities.spec.ts may have bound it already: then nothing changes). */
async function bind(request: APIRequestContext, iccid: string) {
  const token = await logIn(request);
  await request.post('/eshop/api/v1/bind/card', { headers: { authorization: `Bearer ${token}` }, data: { iccid } });
}

/** A phone logged in as the demo user, the card list's pop-ups out of the way whenever they show. */
async function demoPhone(page: Page, request: APIRequestContext) {
  await loggedInPhone(page, request);
  await closeWhenShown(page, page.getByTestId('activity-popup'), (popup) =>
    popup.getByRole('button', { name: /^(Close|إغلاق)$/ }),
  );
  await closeWhenShown(page, page.getByRole('dialog', { name: 'Add your cards to this account?' }), (dialog) =>
    dialog.getByRole('button', { name: 'Cancel' }),
  );
}

async function openCardList(page: Page) {
  await page.goto('/eshop/card/list');
  await expect(page.getByTestId('pool-card').first()).toBeVisible();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await restartApi(FAST_NETWORK);
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  // Back to the suite's usual api (the network standing still).
  await restartApi();
});

test('a pool of two cards: the add-to-pool dialog on a card page, paid in the sandbox, then on the card list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await bind(request, FIRST);
  await bind(request, SECOND);
  await demoPhone(page, request);
  await page.goto(`/2/${FIRST}`);
  await cardFrame(page).getByTestId('plan-tab-shared').click();
  await page.getByTestId('pool-plan').first().click();

  // The dialog: the tapped card chosen and locked, the user's other cards to choose from, the ones that cannot join
  // with their reason.
  const dialog = page.getByRole('dialog', { name: 'Share this plan' });
  await expect(dialog).toBeVisible();
  const tapped = dialog.locator(`[data-testid="candidate"][data-iccid="${FIRST}"]`);
  await expect(tapped).toBeChecked();
  await expect(tapped).toBeDisabled();
  await expect(dialog.getByTestId('candidate-invalid').first()).toBeVisible();
  await dialog.locator(`[data-testid="candidate"][data-iccid="${SECOND}"]`).check();
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-add-to-pool-en.png' });
  const created = page.waitForResponse((r) => r.url().endsWith('/v1/pool/create'));
  await dialog.getByTestId('add-to-pool-confirm').click();
  expect((await (await created).json()).code).toBe(10000);

  // The pay sheet opens by itself (500 ms later): the sandbox pays.
  const sheet = page.getByTestId('checkout-sheet');
  await expect(sheet).toBeVisible();
  await payInSandbox(page);

  // On the card list: the new pool, activated, two of its lines used.
  await openCardList(page);
  const pool = page.getByTestId('pool-card').last();
  await expect(pool.getByTestId('pool-status')).toHaveText('Activated');
  await expect(pool.getByTestId('pool-lines').locator('[data-used="true"]')).toHaveCount(2);
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-card-list-en.png', fullPage: true });
});

test('the detail page: a third card added by its ICCID, one removed, in English and Arabic', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await demoPhone(page, request);
  await openCardList(page);
  await page.getByTestId('pool-card').last().getByTestId('pool-manage').click();
  await expect(page).toHaveURL(/\/pool\/detail\?poolId=/);
  const members = poolFrame(page).getByTestId('member');
  await expect(members).toHaveCount(2);
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-detail-en.png', fullPage: true });

  // Add cards: the plus button binds a typed ICCID to the account, which is then chosen; submit joins it.
  await poolFrame(page).getByTestId('pool-addCards').click();
  await expect(page).toHaveURL(/\/pool\/add\?poolId=/);
  await poolFrame(page).getByTestId('pool-add-typed').click();
  const typed = page.getByRole('dialog', { name: 'Add a card' });
  await typed.getByLabel('ICCID or EID').fill(TYPED);
  await typed.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(poolFrame(page).locator(`[data-testid="candidate"][data-iccid="${TYPED}"]`)).toBeChecked();
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-add-en.png', fullPage: true });
  await poolFrame(page).getByTestId('pool-add-submit').click();
  await expect(page.getByTestId('toast-region')).toContainText('1 card joined');
  await expect(page).toHaveURL(/\/pool\/detail\?poolId=/);
  await expect(members).toHaveCount(3);

  // Remove one, confirmed: its line is free again.
  await poolFrame(page).locator(`[data-testid="member"][data-iccid="${SECOND}"]`).getByRole('button').click();
  const confirm = page.getByRole('dialog', { name: 'Remove this card?' });
  await axe(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('toast-region')).toContainText('was removed from');
  await expect(members).toHaveCount(2);
  await expect(poolFrame(page).locator(`[data-testid="member"][data-iccid="${SECOND}"]`)).toHaveCount(0);

  // The same pages in Arabic, right to left.
  const url = new URL(page.url());
  await page.goto(`${url.pathname}${url.search}&lan=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(members).toHaveCount(2);
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-detail-ar.png', fullPage: true });
  await page.goto(`/pool/add${url.search}&lan=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(poolFrame(page).getByTestId('pool-add-submit')).toBeVisible();
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-add-ar.png', fullPage: true });
});

test('renamed in its settings; its data goes down as the member cards use it; its records; then deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await demoPhone(page, request);
  await openCardList(page);
  await page.getByTestId('pool-card').last().getByTestId('pool-manage').click();
  await poolFrame(page).getByTestId('pool-settings').click();
  await expect(page).toHaveURL(/\/pool\/set\?poolId=/);
  await poolFrame(page).getByLabel('Name', { exact: true }).fill(`  ${NAME}  `);
  await poolFrame(page).getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('toast-region')).toContainText(`renamed to “${NAME}”`);
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-settings-en.png', fullPage: true });

  // The card list shows the new name, and the data left goes down while the member cards use it.
  await openCardList(page);
  const pool = page.getByTestId('pool-card').filter({ hasText: NAME });
  await expect(pool).toHaveCount(1);
  const unused = async () => Number.parseFloat((await pool.getByTestId('pool-unused').textContent()) ?? '');
  const before = await unused();
  await expect
    .poll(
      async () => {
        await page.reload();
        return unused();
      },
      { timeout: 90_000, intervals: [3_000] },
    )
    .toBeLessThan(before);

  // Its records: the plan bought, active.
  await pool.getByTestId('pool-manage').click();
  await poolFrame(page).getByRole('button', { name: 'Plan usage' }).click();
  await expect(page).toHaveURL(/\/pkg\?poolId=/);
  await expect(poolFrame(page).getByTestId('pool-records-active').getByTestId('pool-record')).toHaveCount(1);
  await axe(page);
  await page.screenshot({ path: 'screenshots/pool-records-en.png', fullPage: true });

  // The records and the settings in Arabic, right to left.
  const search = new URL(page.url()).search;
  for (const [path, file, ready] of [
    ['/pkg', 'pool-records-ar', poolFrame(page).getByTestId('pool-records-active').getByTestId('pool-record')],
    ['/pool/set', 'pool-settings-ar', poolFrame(page).getByTestId('pool-rename')],
  ] as const) {
    await page.goto(`${path}${search}&lan=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ready).toBeVisible();
    await axe(page);
    await page.screenshot({ path: `screenshots/${file}.png`, fullPage: true });
  }

  // Delete (back in English): data is left, so the dialog says so and asks again.
  await page.goto(`/pool/set${search}&lan=en`);
  await poolFrame(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${NAME}?` });
  await dialog.getByTestId('delete-confirm').click();
  await expect(dialog.getByTestId('delete-data-left')).toBeVisible();
  await axe(page);
  await dialog.getByTestId('delete-confirm').click();
  await expect(page).toHaveURL(/\/eshop\/card\/list/);
  await expect(page.getByTestId('toast-region')).toContainText(`${NAME} was deleted`);
  await expect(page.getByTestId('pool-card').filter({ hasText: NAME })).toHaveCount(0);
});
