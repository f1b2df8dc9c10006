import { expect, test } from '@playwright/test';
import { demo } from '../support/demo';
import { origins } from '../support/ports';

test('a partner page on another origin renders the card remote alone', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${origins.partner}/?iccid=${demo.activatedBound}`);
  const slot = page.locator('#esim-card');
  await expect(slot).toHaveAttribute('data-mounted', 'true');
  await expect(slot.locator('[data-remote="mf_card"]')).toBeVisible();
  await expect(slot).toContainText(/activated/i);
  // Only mf-card was loaded: no shell, no other remote.
  const others = [origins.mf_pool, origins.mf_esim, origins.mf_account, origins.mf_checkout];
  expect(requested.filter((url) => others.some((o) => url.startsWith(o)))).toEqual([]);
  expect(requested.some((url) => url.endsWith('/remotes.json'))).toBe(false);
  await page.screenshot({ path: 'screenshots/partner.png', fullPage: true });
});
