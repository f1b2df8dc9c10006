import { cardDisplayName } from 'shared-contracts';
import { type PaymentMethod } from '../api/payment-methods';

type Translate = (key: string, values?: Record<string, string>) => string;

/** Card brands as their owners write them; an unknown brand gets a capital letter. */
const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

function brandName(brand: string): string {
  const known = BRANDS[brand.toLowerCase()];
  return known ?? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}`;
}

/** The card as it is written on screen, 'Visa •••• 4242', when the provider told its brand and last digits. */
export function methodCard(method: PaymentMethod): string | null {
  return method.brand && method.last4 ? `${brandName(method.brand)} •••• ${method.last4}` : null;
}

/**
 * What a method is called: 'Visa •••• 4242' on screen and 'Visa ending 4242' for a screen reader (`spoken`), else
 * the brand, 'PayPal', the sandbox's stand-ins (their test card on a line of its own: testCard) or a plain 'Card'.
 */
export function methodLabel(method: PaymentMethod, t: Translate, spoken = false): string {
  if (method.provider === 'sandbox') {
    return t(method.pay === 'paypal' ? 'paymentMethods.sandboxPaypal' : 'paymentMethods.sandboxCard');
  }
  if (method.pay === 'paypal' || method.provider === 'paypal') return 'PayPal';
  const card = methodCard(method);
  if (card && method.brand && method.last4) {
    return spoken
      ? t('paymentMethods.cardEndingSpoken', { brand: brandName(method.brand), last4: method.last4 })
      : card;
  }
  return method.brand ? brandName(method.brand) : t('paymentMethods.card');
}

/** The sandbox's test card behind a 'Sandbox card' ('Visa •••• 4242'), or null (any other method, or none told). */
export function testCard(method: PaymentMethod): string | null {
  return method.provider === 'sandbox' && method.pay !== 'paypal' ? methodCard(method) : null;
}

/** The expiry as the card shows it (MM/YYYY), or null when the provider did not tell it. */
export function methodExpiry(method: PaymentMethod): string | null {
  if (method.exp_month === null || method.exp_year === null) return null;
  return `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
}

/** The names of what the method renews: each card's name (or 'SIM' and its last digits), each pool's. */
export function renewedNames(method: PaymentMethod, t: Translate): string[] {
  return method.renews.map((item) =>
    item.iccid !== undefined
      ? cardDisplayName(item.name ?? '', item.iccid, 'sim')
      : item.name?.trim() || t('paymentMethods.pool'),
  );
}
