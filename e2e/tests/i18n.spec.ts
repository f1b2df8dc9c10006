import { demo } from '../support/demo';
import { expect, test } from '../support/test';

test('Arabic switches the page to right-to-left and translates the remote', async ({ page }) => {
  await page.goto(`/2/${demo.activatedBound}?lan=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const title = page.locator('[data-remote="mf_card"]').getByTestId('page-title');
  await expect(title).toBeVisible();
  // Arabic script in the remote's own namespace, not an English fallback or a raw key.
  await expect(title).toHaveText(/[\u0600-\u06FF]/);
  await page.screenshot({ path: 'screenshots/card-ar.png', fullPage: true });
});

test('Hebrew is right-to-left too; an unknown lan falls back to English', async ({ page }) => {
  await page.goto('/?lan=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/?lan=xx');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
