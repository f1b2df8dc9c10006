import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { origins } from '../support/ports';
import { expect, test } from '../support/test';

// A partner's page on another origin with one script tag: mf-card's embed.js.

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a partner page on another origin renders the card remote from one script tag', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${origins.partner}/?iccid=${demo.activatedBound}`);
  // The page's only integration is the embed script of the mf-card deployment.
  await expect(page.locator(`script[src="${origins.mf_card}/embed.js"]`)).toHaveCount(1);
  const slot = page.locator('#esim-card');
  await expect(slot).toHaveAttribute('data-mounted', 'true');
  await expect(slot.locator('[data-remote="mf_card"]')).toBeVisible();
  await expect(slot).toContainText(/activated/i);
  // Only mf-card was loaded: no shell, no other remote, no remotes manifest until someone buys.
  const others = [origins.mf_pool, origins.mf_esim, origins.mf_account, origins.mf_checkout];
  expect(requested.filter((url) => others.some((o) => url.startsWith(o)))).toEqual([]);
  expect(requested.some((url) => url.endsWith('/remotes.json'))).toBe(false);
  await page.screenshot({ path: 'screenshots/partner.png', fullPage: true });
  await axe(page);
});

test("buying on a partner page opens the shop's payment sheet there", async ({ page }) => {
  await page.goto(`${origins.partner}/?iccid=${demo.oldView}`);
  const slot = page.locator('#esim-card');
  await expect(slot).toHaveAttribute('data-mounted', 'true');
  const first = slot.locator('[data-testid^="old-package-"]').first();
  await first.locator('input[type="radio"]').check();
  const name = (await first.locator('strong').first().textContent())?.trim() ?? '';
  await slot.getByTestId('buy').click();
  const sheet = page.getByTestId('checkout-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('checkout-goods-name')).toHaveText(name);
  await page.screenshot({ path: 'screenshots/partner-checkout.png' });
  await axe(page);
  await sheet.getByTestId('checkout-close').click();
  await expect(sheet).toBeHidden();
});

test('without an ICCID the partner page asks for one', async ({ page }) => {
  await page.goto(`${origins.partner}/`);
  await expect(page.locator('#esim-card')).toHaveAttribute('data-mounted', 'no-iccid');
  await page.getByLabel('ICCID').fill(demo.activatedBound);
  await page.getByRole('button', { name: 'Show card' }).click();
  await expect(page.locator('#esim-card')).toHaveAttribute('data-mounted', 'true');
});
