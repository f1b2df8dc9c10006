import { currencyDigits, formatPrice, renewPrice, taxOf } from './money';

// Intl puts no-break spaces in some locales; compare with plain spaces.
const plain = (s: string | null) => s?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('formatPrice', () => {
  it('shows nothing for zero, negative and non-finite amounts', () => {
    expect(formatPrice(0, 'USD')).toBeNull();
    expect(formatPrice(-1, 'USD')).toBeNull();
    expect(formatPrice(Number.NaN, 'USD')).toBeNull();
  });

  it('divides minor units by 100 with two decimals', () => {
    expect(formatPrice(1, 'USD')).toBe('$0.01');
    expect(formatPrice(99, 'USD')).toBe('$0.99');
    expect(formatPrice(100, 'USD')).toBe('$1.00');
    expect(formatPrice(1999, 'EUR')).toBe('€19.99');
  });

  it('writes the amount the way the language does', () => {
    expect(plain(formatPrice(1999, 'EUR', { lang: 'de' }))).toBe('19,99 €');
    expect(plain(formatPrice(123456, 'EUR', { lang: 'fr' }))).toBe('1 234,56 €');
  });

  it('keeps a Latin currency symbol whole in right-to-left text (Arabic read "$US 12.90")', () => {
    // A left-to-right mark after 'US$' keeps its '$' from taking the text's direction.
    expect(formatPrice(1290, 'USD', { lang: 'ar' })).toContain('US$\u200E');
    expect(formatPrice(1290, 'EUR', { lang: 'ar' })).not.toContain('\u200E');
    expect(formatPrice(1290, 'USD', { lang: 'he' })).not.toContain('\u200E');
    expect(formatPrice(1290, 'USD', { lang: 'en' })).toBe('$12.90');
  });

  it('uses no decimals for JPY and KRW, whose amounts are whole units', () => {
    expect(formatPrice(1500, 'JPY')).toBe('¥1,500');
    expect(formatPrice(1, 'JPY')).toBe('¥1');
    expect(formatPrice(15000, 'KRW')).toBe('₩15,000');
  });

  it('uses three decimals for KWD', () => {
    expect(plain(formatPrice(1500, 'KWD'))).toBe('KWD 1.500');
  });

  it('applies the renewal divisor of the old view', () => {
    // 1999 cents at 90 % → 179910 / 10000 = 17.991 → 17.99
    expect(formatPrice(1999 * 90, 'USD', { divisor: 10000 })).toBe('$17.99');
    expect(formatPrice(1500 * 90, 'JPY', { divisor: 10000 })).toBe('¥1,350');
  });

  it('does not throw on a malformed currency code', () => {
    expect(formatPrice(100, 'XX')).toBe('1.00 XX');
  });
});

describe('taxOf', () => {
  it('is price times rate, rounded to the minor unit', () => {
    expect(taxOf(1999, 0.0725)).toBe(145);
    expect(taxOf(1000, 0)).toBe(0);
    expect(taxOf(0, 0.2)).toBe(0);
    expect(taxOf(-100, 0.2)).toBe(0);
  });
});

describe('renewPrice', () => {
  it('charges renewDiscount percent of the price', () => {
    expect(renewPrice(1999, 90)).toBe(1799);
    expect(renewPrice(1000, 100)).toBe(1000);
  });

  it('keeps the full price when there is no usable discount', () => {
    expect(renewPrice(1000, 0)).toBe(1000);
    expect(renewPrice(1000, undefined)).toBe(1000);
    expect(renewPrice(1000, 150)).toBe(1000);
  });
});

describe('currencyDigits', () => {
  it('knows the exponent regardless of case', () => {
    expect([currencyDigits('jpy'), currencyDigits('USD'), currencyDigits('BHD')]).toEqual([0, 2, 3]);
  });
});
