import { resolveLocale } from './resolve-locale';

const server = { lang_list: ['en', 'de', 'ar', 'ja'], ccy_list: ['USD', 'EUR', 'JPY'] };
const q = (search: string) => new URLSearchParams(search);

describe('resolveLocale', () => {
  it('lan sets the language and locks the configuration', () => {
    const result = resolveLocale({ search: q('?lan=ja'), storedLanguage: 'de', storedCurrency: null, server });
    expect(result).toMatchObject({ language: 'ja', locked: true, store: { language: 'ja' } });
  });

  it.each(['xx', 'english', '', 'ar-'])('lan=%s outside the 16 falls back to en (still locked)', (lan) => {
    const result = resolveLocale({ search: q(`?lan=${lan}`), storedLanguage: null, storedCurrency: null });
    expect(result.language).toBe(lan === 'ar-' ? 'ar' : 'en');
    expect(result.locked).toBe(true);
  });

  it('lan wins over the server list (the link decides)', () => {
    const result = resolveLocale({ search: q('?lan=he'), storedLanguage: null, storedCurrency: null, server });
    expect(result.language).toBe('he');
  });

  it('keeps a stored language the server offers, unlocked', () => {
    const result = resolveLocale({ search: q(''), storedLanguage: 'de', storedCurrency: 'EUR', server });
    expect(result).toEqual({ language: 'de', currency: 'EUR', locked: false, store: {} });
  });

  it('replaces a stored language the server does not offer by its first entry, and stores it', () => {
    const result = resolveLocale({ search: q(''), storedLanguage: 'fr', storedCurrency: null, server });
    expect(result.language).toBe('en');
    expect(result.store.language).toBe('en');
  });

  it('replaces a stored currency the server does not offer by its first entry, and stores it', () => {
    const result = resolveLocale({ search: q(''), storedLanguage: 'en', storedCurrency: 'GBP', server });
    expect(result.currency).toBe('USD');
    expect(result.store.currency).toBe('USD');
  });

  it('a first visit takes the currency its server-rendered page was drawn in, and stores it', () => {
    const first = resolveLocale({ search: q(''), storedLanguage: null, storedCurrency: null, renderedCurrency: 'USD' });
    expect(first.currency).toBe('USD');
    expect(first.store.currency).toBe('USD');
    // A stored currency or the link's own is the device's choice: the page's does not replace it.
    const stored = resolveLocale({
      search: q(''),
      storedLanguage: 'en',
      storedCurrency: 'EUR',
      renderedCurrency: 'USD',
    });
    expect(stored).toMatchObject({ currency: 'EUR', store: {} });
    const linked = resolveLocale({
      search: q('?ccy=jpy'),
      storedLanguage: null,
      storedCurrency: null,
      renderedCurrency: 'USD',
    });
    expect(linked.currency).toBe('JPY');
  });

  it('ccy in the query sets the currency', () => {
    const result = resolveLocale({ search: q('?ccy=jpy'), storedLanguage: 'en', storedCurrency: 'USD', server });
    expect(result.currency).toBe('JPY');
    expect(result.store.currency).toBe('JPY');
  });

  it('uses the browser language on a first visit when the server offers it', () => {
    const result = resolveLocale({
      search: q(''),
      storedLanguage: null,
      storedCurrency: null,
      browserLanguage: 'de-AT',
      server,
    });
    expect(result.language).toBe('de');
    expect(result.store.language).toBe('de');
  });

  it('before the server answered, a stored language outside the 16 reads as en', () => {
    const result = resolveLocale({ search: q(''), storedLanguage: 'klingon', storedCurrency: null });
    expect(result.language).toBe('en');
    expect(result.currency).toBeNull();
  });
});
