import { expect, type Locator, type Page } from '@playwright/test';
import { untilLive } from './test';

/**
 * The pages a card list hands its item to (spec section 3's local-storage hand-overs: CARD_ITEM, SET_SLOT_ITEM,
 * ESIM_CARD_INFO, POOL_INFO_ITEM, SET_POOL_ITEM), reached as a user reaches them: from the card list, pressing the
 * widget's settings or manage button. Once handed over, the page opens again by its address (the item stays in local
 * storage), so a check may reload it.
 */

/**
 * The page as the app draws it: live (the shell has taken over what the server rendered: the card page's, the card
 * list's and /pkg's HTML shows before the app's code is in, with nothing that works yet), and no part still loading.
 */
export async function appShown(page: Page) {
  await expect(page.locator('[data-remote-area]').first()).toBeAttached({ timeout: 15_000 });
  await untilLive(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Closes the dialogs a page opens by itself (the batch bind offer, a pop-up), as a user would. */
export async function closeOwnDialogs(page: Page) {
  await page.waitForTimeout(400);
  for (let i = 0; i < 3; i++) {
    const dialog = page.locator('[role="dialog"]:visible');
    if (!(await dialog.count())) break;
    await dialog
      .first()
      .getByTestId('dialog-close')
      .or(dialog.first().getByRole('button', { name: /cancel|close|abbrechen|schließen|إلغاء|إغلاق/i }))
      .first()
      .click({ timeout: 3000 })
      // Closed meanwhile (by the page, or by a test's own handler).
      .catch(() => undefined);
    await page.waitForTimeout(400);
  }
}

async function fromCardList(page: Page, press: (page: Page) => Locator, lands: RegExp) {
  // The list's own overlays (the activity pop-up, the batch bind offer) may open at any moment: closed whenever they
  // are in the way, in any language.
  const overlay = page.locator('[role="dialog"]:visible').getByTestId('dialog-close');
  await page.addLocatorHandler(overlay, async (close) => {
    await close.click({ timeout: 3000 }).catch(() => undefined);
  });
  await page.goto('/eshop/card/list');
  await appShown(page);
  await press(page).click();
  await expect(page).toHaveURL(lands);
  await page.removeLocatorHandler(overlay);
  await appShown(page);
}

export type HandOver = (page: Page) => Promise<void>;

export const handOvers = {
  /** /card/set: a card's settings (CARD_ITEM). */
  cardSettings: (page: Page) =>
    fromCardList(page, (p) => p.getByTestId('sim-card').first().locator('button').first(), /\/card\/set$/),
  /** /esim/card/set/0: an eSIM's settings (ESIM_CARD_INFO). */
  esimSettings: (page: Page) =>
    fromCardList(page, (p) => p.getByTestId('esim-card').first().locator('button').first(), /\/esim\/card\/set\/0$/),
  /** /esim/slot/set: a slot's settings (SET_SLOT_ITEM). */
  slotSettings: (page: Page) =>
    fromCardList(page, (p) => p.getByTestId('slot-card').first().locator('button').first(), /\/esim\/slot\/set$/),
  /** /pool/detail: a shared plan's page (POOL_INFO_ITEM). */
  poolDetail: (page: Page) =>
    fromCardList(page, (p) => p.getByTestId('pool-card').first().getByTestId('pool-manage'), /\/pool\/detail\?/),
  /** /pool/add: the cards that may join the plan. */
  poolAdd: async (page: Page) => {
    await handOvers.poolDetail(page);
    await page.getByTestId('pool-addCards').click();
    await expect(page).toHaveURL(/\/pool\/add\?/);
  },
  /** /pool/set: the plan's settings (SET_POOL_ITEM). */
  poolSettings: async (page: Page) => {
    await handOvers.poolDetail(page);
    await page.getByTestId('pool-settings').click();
    await expect(page).toHaveURL(/\/pool\/set\?/);
  },
} satisfies Record<string, HandOver>;
