import { type Goods } from 'shared-contracts';
import { stripeKeyOf } from '../hooks/use-pay-check';
import { amountsOf, percent } from './amounts';
import { localValidity, reminderKind } from './dates';
import { deviceFingerprint, prepareFingerprint } from './fingerprint';

const goods = { price: 1999, taxRate: 0.0725, currency: 'USD' } as Goods;

describe('sheet helpers', () => {
  it('tax = price × taxRate rounded to the minor unit; the saved address rate wins', () => {
    expect(amountsOf(goods, null)).toEqual({ price: 1999, taxRate: 0.0725, tax: 145, total: 2144, currency: 'USD' });
    expect(amountsOf(goods, 0)).toMatchObject({ tax: 0, total: 1999 });
    expect(amountsOf({ ...goods, price: 980, currency: 'JPY', taxRate: 0.1 }, null)).toMatchObject({
      tax: 98,
      total: 1078,
    });
    expect(percent(0.0725, 'en')).toBe('7.25%');
  });

  it('words the reminder by the order time', () => {
    const now = 1_800_000_000_000;
    expect(reminderKind(1_800_000_100, now)).toBe('future');
    expect(reminderKind(1_799_999_000, now)).toBe('past');
    expect(reminderKind(null, now)).toBe('unknown');
  });

  it("writes the package list's English validity in the reader's language, and keeps any other text", () => {
    expect(localValidity('30 days', 'de')).toBe('30 Tage');
    expect(localValidity('1 day', 'pl')).toBe('1 dzień');
    expect(localValidity('7 days', 'en')).toBe('7 days');
    expect(localValidity('7 Tage', 'de')).toBe('7 Tage');
    expect(localValidity('until the end of the month', 'de')).toBe('until the end of the month');
  });

  it('takes a Stripe publishable key from the pay check only when it looks like one', () => {
    const check = { isShowAddress: false, isShowPayPal: false, unusedPackage: false };
    expect(stripeKeyOf(check)).toBeNull();
    expect(stripeKeyOf({ ...check, stripeKey: 'pk_test_123' } as typeof check)).toBe('pk_test_123');
    expect(stripeKeyOf({ ...check, stripeKey: 'sk_live_1' } as typeof check)).toBeNull();
  });

  it('loads Stripe.js only with a key, and never holds paying up when it does not arrive', async () => {
    expect(await deviceFingerprint(10)).toBeUndefined();
    expect(document.querySelector('script[src^="https://js.stripe.com"]')).toBeNull();
    prepareFingerprint('pk_test_123');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('script[src^="https://js.stripe.com"]')).not.toBeNull();
    // jsdom never runs the script (as offline): the fingerprint is simply left out.
    const started = Date.now();
    expect(await deviceFingerprint(50)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    document.cookie = '__stripe_mid=device-1';
    expect(await deviceFingerprint(50)).toBe('device-1');
  });
});
