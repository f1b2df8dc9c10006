import { expect, test as base, type Page } from '@playwright/test';

/**
 * The suite's `test`: Playwright's, with a page whose `goto` and `reload` return once the page is live. A card page,
 * the card list and /pkg come rendered on the server (issue 27): their buttons are on the screen before the page's
 * code has run, and a tap on them then does nothing, as it would for a person on a slow link. A test that acts on a
 * page right after opening it acts on the live page. `waitUntil: 'commit'` (a test that looks at the page before its
 * code runs) returns at once, as Playwright's does.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await untilLive(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await untilLive(page);
      return response;
    };
    await provide(page);
  },
});

/**
 * Until the page's code has taken over what the server rendered (the shell removes `#root[data-ssr]` once it has
 * hydrated or drawn the page itself); at once on a page that was not rendered on the server.
 */
export async function untilLive(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'), undefined, { timeout: 30_000 });
}

export { expect };
