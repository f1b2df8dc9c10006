import { type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { englishLeftovers, readableTexts } from '../support/english-text';
import { appShown, handOvers } from '../support/hand-overs';
import { logIn } from '../support/session';
import { expect, test } from '../support/test';

// Issue 26: a page in another language shows nothing left in English (brand names, units and codes aside), on the
// main screens as a newcomer meets them: the card page in its states, the card list, the checkout sheet, the orders,
// the purchased packages, the account pages, the agreements, the eSIM slot and shop.

interface Screen {
  name: string;
  path: string;
  login?: boolean;
  /** What to do once the page shows, before reading it (open a sheet). */
  then?: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'scan/home', path: '/' },
  { name: 'card page, owner', path: `/2/${demo.activatedBound}`, login: true },
  { name: 'card page, visitor, unbound unlimited', path: '/2/89880000000000000004' },
  { name: 'card page, visitor, never used', path: `/2/${demo.readyUnbound}` },
  { name: 'card page, visitor, third-party card', path: '/2/89880000000000000006' },
  { name: 'card page, another account', path: '/2/89880000000000000008', login: true },
  {
    name: 'checkout sheet',
    path: `/2/${demo.activatedBound}`,
    login: true,
    then: async (page) => {
      const grid = page.getByTestId('package-grid');
      await grid.getByRole('button').first().click();
      await page.getByTestId('buy').click();
      await expect(page.getByTestId('checkout-sheet')).toBeVisible();
    },
  },
  { name: 'card list', path: '/eshop/card/list', login: true },
  { name: 'purchased packages', path: `/pkg?iccid=${demo.activatedBound}`, login: true },
  { name: 'orders', path: '/pay/order', login: true },
  { name: 'notices', path: '/card/msg', login: true },
  { name: 'user info', path: '/user/info', login: true },
  { name: 'about', path: '/user/about' },
  { name: 'login', path: '/user/login' },
  { name: 'purchase agreement', path: '/agreement' },
  { name: 'renewal agreement', path: '/renew/agreement' },
  { name: 'eSIM slot', path: `/esim/${demo.eid}?mode=search`, login: true },
  { name: 'eSIM shop', path: `/esim/shop/${demo.eid}`, login: true },
  // The pages a card list hands its item to, reached from the list as a user reaches them.
  { name: 'card settings', path: '/eshop/card/list', login: true, then: handOvers.cardSettings },
  { name: 'eSIM settings', path: '/eshop/card/list', login: true, then: handOvers.esimSettings },
  { name: 'slot settings', path: '/eshop/card/list', login: true, then: handOvers.slotSettings },
  { name: 'shared plan', path: '/eshop/card/list', login: true, then: handOvers.poolDetail },
  { name: 'shared plan, add cards', path: '/eshop/card/list', login: true, then: handOvers.poolAdd },
  { name: 'shared plan, settings', path: '/eshop/card/list', login: true, then: handOvers.poolSettings },
  { name: 'sign up', path: '/user/login', then: (page) => page.getByTestId('mode-signup').click() },
  { name: 'password reset', path: '/user/login', then: (page) => page.getByTestId('mode-reset').click() },
];

/** One login for the whole file (the api limits logins per client). */
let token: string | null = null;

for (const lang of ['de', 'ar']) {
  test.describe(`${lang}: no English left`, () => {
    for (const screen of screens) {
      test(screen.name, async ({ page, request }) => {
        if (screen.login) token ??= await logIn(request);
        const receipt = screen.login ? token : null;
        await page.addInitScript(
          ({ language, receipt }) => {
            localStorage.setItem('LANGUAGE_KEY', language);
            if (receipt) localStorage.setItem('RECEIPT', receipt);
          },
          { language: lang, receipt },
        );
        await page.goto(screen.path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        // The page's own content, not only the chrome: its main landmark has text, and the loading lines are gone.
        await expect(page.locator('main')).not.toHaveText('');
        await appShown(page);
        if (screen.then) await screen.then(page);
        // Anything the page opens on its own (a bind offer, a pop-up) is read too: give it its half second.
        await page.waitForTimeout(800);
        const leftovers = englishLeftovers(await readableTexts(page), lang);
        expect(leftovers, `${screen.path} in ${lang} shows English`).toEqual([]);
      });
    }
  });
}
