import { expect, test, type Page } from '@playwright/test';
import { deadEnds } from '../support/dead-ends';
import { demo } from '../support/demo';
import { origins } from '../support/ports';
import { logIn } from '../support/session';

// Issue 26: every link and button of the main pages leads somewhere (a page with something on it, a dialog, a call,
// a change on the page), never to nothing, to another site, to "not found" or to an error.

// E2E_EXTRA_ORIGINS: the site's origins when this spec is pointed at another copy of the site (pnpm start's).
const site = [...Object.values(origins), ...(process.env.E2E_EXTRA_ORIGINS?.split(',') ?? [])];

/** The page shows what it is about; a dialog it opens by itself (a bind offer, a pop-up) is closed as a user would. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400);
  for (let i = 0; i < 3; i++) {
    const dialog = page.locator('[role="dialog"]:visible');
    if (!(await dialog.count())) break;
    await dialog
      .first()
      .getByTestId('dialog-close')
      .or(dialog.first().getByRole('button', { name: /cancel|close/i }))
      .first()
      .click();
    await page.waitForTimeout(400);
  }
}

const pages: Array<{ name: string; path: string; login?: boolean }> = [
  { name: 'scan/home', path: '/' },
  { name: 'card page, owner', path: `/2/${demo.activatedBound}`, login: true },
  { name: 'card page, visitor', path: '/2/89880000000000000004' },
  { name: 'card list', path: '/eshop/card/list', login: true },
  { name: 'purchased packages', path: `/pkg?iccid=${demo.activatedBound}`, login: true },
  { name: 'orders', path: '/pay/order', login: true },
  { name: 'user info', path: '/user/info', login: true },
  { name: 'about', path: '/user/about' },
  { name: 'eSIM slot', path: `/esim/${demo.eid}?mode=search`, login: true },
];

let token: string | null = null;

for (const [i, target] of pages.entries()) {
  test(`${target.name}: every link and button leads somewhere`, async ({ page, request }) => {
    test.setTimeout(180_000);
    if (target.login) {
      token ??= await logIn(request);
      await page.addInitScript((receipt) => localStorage.setItem('RECEIPT', receipt), token);
    }
    // The site's header is the same on every page: pressed on the first only.
    const skipWithin = i === 0 ? '' : 'header';
    expect(await deadEnds(page, target.path, { settle, origins: site, skipWithin })).toEqual([]);
  });
}
