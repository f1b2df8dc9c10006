import type { Page } from '@playwright/test';

/**
 * A slow link: the shell's entry (main.<hash>.js) does not arrive until the returned function is called, so a test
 * sees what the page shows before its code has run (the server-rendered HTML).
 */
export async function holdShellEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
