import { type Locator, type Page } from '@playwright/test';

/**
 * Closes an overlay the site may open by itself (the card list's bind offer, an activity pop-up) whenever it is in
 * the way of a test's next step, with `button` inside it. The page can move on while the overlay shows (a tap that
 * navigates a moment before it opened): the close is then given up after a short wait rather than waited for until
 * the test times out.
 */
export async function closeWhenShown(page: Page, overlay: Locator, button: (overlay: Locator) => Locator) {
  await page.addLocatorHandler(overlay, async (shown) => {
    await button(shown)
      .click({ timeout: 3000 })
      .catch(() => undefined);
  });
}
