import { dirFor } from './languages';
import { formatMaker, formatOnce } from './formatted';

// Money display (spec section 9). Amounts travel as integers in the currency's ISO 4217 minor unit (cents; yen
// for JPY, which has none) plus a currency code. Screens show two decimals, none for zero-decimal currencies.

/** Currencies without a minor unit (ISO 4217 exponent 0): the amount is already in whole units. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** Currencies with three decimals (ISO 4217 exponent 3): the minor unit is a thousandth. */
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Decimal places of a currency's minor unit. */
export function currencyDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

export interface FormatPriceOptions {
  /** Display language (any BCP 47 tag Intl accepts); default 'en'. */
  lang?: string;
  /**
   * What turns the stored integer into whole units for a two-decimal currency: 100 for minor units (default),
   * 10000 for the old view's renewals (price × renewDiscount percent). Scaled for currencies with another exponent,
   * so a JPY renewal uses 100.
   */
  divisor?: number;
}

/** One Intl.NumberFormat per language, currency and digits (formatMaker). */
const priceFormat = formatMaker(
  (lang: string, currency: string, digits: number) => `${lang}|${currency}|${digits}`,
  (lang: string, currency: string, digits: number) =>
    new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }),
);

/** Left-to-right mark: ends a Latin currency symbol inside right-to-left text. */
const LRM = '\u200E';

/**
 * The price in a right-to-left language with its currency symbol kept whole. Arabic writes '12.90 US$'; inside
 * right-to-left text the '$' after the Latin letters takes the text's direction and jumps in front of them, so the
 * reader saw '$US 12.90'. A left-to-right mark after a symbol with Latin letters keeps it 'US$'.
 */
function keepSymbolWhole(format: Intl.NumberFormat, value: number): string {
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' && /[A-Za-z]/.test(part.value) ? part.value + LRM : part.value))
    .join('');
}

/**
 * The price as the reader's locale writes it in `currency`, e.g. formatPrice(1999, 'EUR') → '€19.99',
 * formatPrice(1500, 'JPY') → '¥1,500'. Returns null for zero, negative or non-finite amounts: the screen then shows
 * 'Null', or the package's price tip / 'free' (spec section 5). An unknown currency code is shown as plain number
 * plus code rather than throwing. The currency is shown by its symbol, not the narrow one: the shop sells in several
 * dollars (USD, AUD, CAD, HKD, SGD) that would all read '$'.
 */
export function formatPrice(minor: number, currency: string, options: FormatPriceOptions = {}): string | null {
  const { lang = 'en', divisor = 100 } = options;
  if (!Number.isFinite(minor) || minor <= 0) return null;
  const digits = currencyDigits(currency);
  const value = minor / (divisor * 10 ** (digits - 2));
  return formatOnce(`price|${lang}|${currency}|${value}`, () => {
    try {
      const format = priceFormat(lang, currency.toUpperCase(), digits);
      return dirFor(lang) === 'rtl' ? keepSymbolWhole(format, value) : format.format(value);
    } catch {
      // RangeError for a malformed currency or language tag: still show the amount.
      return `${value.toFixed(digits)} ${currency}`;
    }
  });
}

/** Tax in minor units: price × taxRate (a fraction), rounded to the nearest minor unit. */
export function taxOf(minor: number, taxRate: number): number {
  if (!Number.isFinite(minor) || !Number.isFinite(taxRate) || minor <= 0 || taxRate <= 0) return 0;
  return Math.round(minor * taxRate);
}

/**
 * Renewal price in minor units: renewDiscount is the percentage of the price charged on renewal (90 → 90 %).
 * A missing, zero or out-of-range discount means no discount.
 */
export function renewPrice(minor: number, renewDiscount: number | null | undefined): number {
  if (renewDiscount == null || !Number.isFinite(renewDiscount) || renewDiscount <= 0 || renewDiscount > 100) {
    return minor;
  }
  return Math.round((minor * renewDiscount) / 100);
}
