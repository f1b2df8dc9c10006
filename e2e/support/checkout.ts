import { expect, type Page } from '@playwright/test';

/**
 * From an open pay sheet to paid: Buy, past the unused-package warning when it shows, a New York billing address
 * when one is asked for, the sandbox's Pay; back on the page the purchase started from, its paid dialog saying paid.
 */
export async function payInSandbox(page: Page) {
  await page.getByTestId('checkout-sheet').getByTestId('checkout-buy').click();
  const unused = page.getByTestId('unused-continue');
  const address = page.getByRole('dialog').filter({ has: page.getByTestId('address-country') });
  const pay = page.getByTestId('checkout-pay');
  await expect(unused.or(address).or(pay)).toBeVisible();
  if (await unused.isVisible()) {
    await unused.click();
    await expect(address.or(pay)).toBeVisible();
  }
  if (await address.isVisible()) await fillNewYorkAddress(page);
  await pay.click();
  await expect(page).toHaveURL(/\/eshop\/pay\/sandbox\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('paid-dialog').getByTestId('paid-status')).toHaveAttribute('data-status', 'paid');
}

/**
 * The open billing address dialog (USD and CAD purchases, a SIM card's package or a new eSIM profile alike): a New
 * York address, saved, then OK; found by its fields, so it works in every language, prefilled or not.
 */
export async function fillNewYorkAddress(page: Page) {
  const address = page.getByRole('dialog').filter({ has: page.getByTestId('address-country') });
  await expect(address).toBeVisible();
  await address.getByTestId('address-country').selectOption('US');
  await address.getByTestId('address-region').selectOption('NY');
  await address.getByTestId('address-city').fill('New York');
  await address.getByTestId('address-postalCode').fill('10001');
  await address.getByTestId('address-line1').fill('350 Fifth Avenue');
  await address.getByTestId('address-submit').click();
  await expect(address.getByTestId('address-tax')).toBeVisible();
  await address.getByTestId('address-submit').click();
  await expect(address).toBeHidden();
}

/** After Buy: the billing address when it is asked for (USD, CAD), else straight on to the confirmation. */
export async function fillAddressIfAsked(page: Page) {
  const address = page.getByRole('dialog').filter({ has: page.getByTestId('address-country') });
  await expect(address.or(page.getByTestId('checkout-pay'))).toBeVisible();
  if (await address.isVisible()) await fillNewYorkAddress(page);
}
