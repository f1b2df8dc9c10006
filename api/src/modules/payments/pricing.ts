import { createHash } from 'node:crypto';
import { taxOf } from 'shared-contracts';
import { type PackageRow } from '../catalogue/repository';

/**
 * Prices come from the catalogue row the buyer's screen was built from (catalogue listPackages with the same
 * agent, view and currencies as getPkg / getPoolPkgList), never from the request: the client's amount is ignored.
 */

/** Where the package was listed: the old card view (version 1), the new views (2, 3) or the shared-pool plans. */
export type PriceView = 'old' | 'new' | 'pool';

/** The price the screen shows and the buyer pays before tax, in minor units. */
export function salePrice(row: Pick<PackageRow, 'amount' | 'discount_amount'>, view: PriceView): number {
  if (view === 'old') return row.amount;
  // getPoolPkgList's plan card shows the discount amount whenever one is set.
  if (view === 'pool') return row.discount_amount ?? row.amount;
  const discount = row.discount_amount ?? row.amount;
  return discount > 0 && discount < row.amount ? discount : row.amount;
}

/**
 * Currencies whose buyers pay sales tax by billing address (US states, Canadian provinces): for these the pay check
 * asks for the address (isShowAddress) and the order's tax rate is the address's. Elsewhere the package's own rate
 * (taxRate in the package lists) applies, as the sheet shows it.
 */
export const ADDRESS_TAX_CURRENCIES: ReadonlySet<string> = new Set(['USD', 'CAD']);

export interface OrderPrice {
  amount: number;
  taxRate: number;
  tax: number;
  total: number;
  currency: string;
}

export function orderPrice(amount: number, taxRate: number, currency: string): OrderPrice {
  const tax = taxOf(amount, taxRate);
  return { amount, taxRate, tax, total: amount + tax, currency };
}

/** Identifies one purchase (who, what, how, at which price): the same purchase asked twice finds one open order. */
export function purchaseKey(parts: ReadonlyArray<string | number | boolean | null>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
