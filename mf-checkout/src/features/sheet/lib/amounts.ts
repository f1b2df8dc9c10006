import { formatPrice, taxOf, type Goods } from 'shared-contracts';

/** What the sheet charges, in minor units of the goods' currency (spec section 9: tax = price × taxRate). */
export interface Amounts {
  price: number;
  taxRate: number;
  tax: number;
  total: number;
  currency: string;
}

/** The goods' price with the tax rate that applies (the saved address's once there is one, else the package's). */
export function amountsOf(goods: Goods, taxRate: number | null): Amounts {
  const rate = taxRate ?? goods.taxRate;
  const price = Math.max(0, goods.price);
  const tax = taxOf(price, rate);
  return { price, taxRate: rate, tax, total: price + tax, currency: goods.currency };
}

/** An amount as the reader's language writes it in the currency (JPY without decimals); null for zero or less. */
export function money(minor: number, currency: string, lang: string): string | null {
  return formatPrice(minor, currency, { lang });
}

/** A tax rate as a percentage in the reader's language: 0.0725 → '7.25%'. */
export function percent(rate: number, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 3 }).format(rate);
  } catch {
    return `${Math.round(rate * 100000) / 1000}%`;
  }
}
