import { demo } from '../support/demo';
import { expect, test } from '../support/test';

// Seeded notices for a default-agent card: 'Planned maintenance' (2 days old) and 'Welcome to the eSIM Shop' (30).
test('the notices button opens the notices of the last opened card; opening one marks it read', async ({ page }) => {
  await page.goto(`/2/${demo.readyUnbound}`);
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('DEVICE_ITEM_ICCID'))).toBe(demo.readyUnbound);

  const bell = page.getByTestId('notices-button');
  await expect(bell).toHaveAccessibleName('Notices, 2 unread');
  await bell.click();
  await expect(page).toHaveURL(/\/card\/msg$/);

  const frame = page.locator('[data-remote="mf_account"]');
  const notices = frame.getByTestId('notice');
  await expect(notices).toHaveCount(2);
  await expect(notices.nth(0)).toContainText('Planned maintenance');
  await expect(notices.nth(1)).toContainText('Welcome to the eSIM Shop');
  await expect(notices.nth(0)).toHaveAttribute('data-unread', 'true');
  await page.screenshot({ path: 'screenshots/notices-en.png', fullPage: true });

  const toggle = notices.nth(0).getByRole('button');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(notices.nth(0).getByTestId('notice-body')).toContainText('Top-ups may be delayed on Sunday');
  await expect(notices.nth(0)).toHaveAttribute('data-unread', 'false');
  await expect(frame.getByTestId('notices-summary')).toContainText('Unread: 1');

  // Read stays read after a reload (a visitor's mark lives on this device), and the bell counts one less.
  await page.reload();
  await expect(frame.getByTestId('notice').nth(0)).toHaveAttribute('data-unread', 'false');
  await expect(frame.getByTestId('notice').nth(1)).toHaveAttribute('data-unread', 'true');
  await expect(page.getByTestId('notices-button')).toHaveAccessibleName('Notices, 1 unread');
});

test('the notices page in Arabic, right-to-left', async ({ page }) => {
  await page.goto(`/2/${demo.readyUnbound}?lan=ar`);
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  await page.getByTestId('notices-button').click();
  const frame = page.locator('[data-remote="mf_account"]');
  await expect(frame.getByTestId('notice')).toHaveCount(2);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await frame.getByTestId('notice').nth(1).getByRole('button').click();
  await expect(frame.getByTestId('notice').nth(1).getByTestId('notice-body')).toBeVisible();
  await page.waitForTimeout(300); // the chevron's turn, for a still screenshot
  await page.screenshot({ path: 'screenshots/notices-ar.png', fullPage: true });
});
