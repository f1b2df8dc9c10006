import { LANGUAGES, dirFor, normalizeLanguage, pickFromServerList, startLanguage } from './languages';

describe('languages', () => {
  it('lists the 16 languages in spec order with native names', () => {
    expect(LANGUAGES.map((l) => l.code).join(' ')).toBe('ar de en es fr it ja th tr ko id pt zh vi pl he');
    expect(LANGUAGES.every((l) => l.nativeName.length > 0)).toBe(true);
  });

  it('falls back to en for anything unsupported', () => {
    expect(normalizeLanguage('de')).toBe('de');
    expect(normalizeLanguage('xx')).toBe('en');
    expect(normalizeLanguage('')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
    expect(normalizeLanguage(42)).toBe('en');
  });

  it('tolerates case and region subtags', () => {
    expect(normalizeLanguage('zh-CN')).toBe('zh');
    expect(normalizeLanguage('PT_br')).toBe('pt');
    expect(normalizeLanguage('iw')).toBe('en');
  });

  it('is right-to-left only for Arabic and Hebrew', () => {
    expect(dirFor('ar')).toBe('rtl');
    expect(dirFor('he-IL')).toBe('rtl');
    expect(dirFor('en')).toBe('ltr');
    expect(dirFor('fa')).toBe('ltr');
  });

  it('keeps a stored value only when the server offers it', () => {
    expect(pickFromServerList('EUR', ['USD', 'EUR'])).toBe('EUR');
    expect(pickFromServerList('GBP', ['USD', 'EUR'])).toBe('USD');
    expect(pickFromServerList(null, ['ja'])).toBe('ja');
    expect(pickFromServerList('en', [])).toBeUndefined();
  });
});

describe('startLanguage', () => {
  it('takes ?lan= first (any value outside the 16 is English), then the stored language, then the browser', () => {
    expect(startLanguage({ lan: 'AR', stored: 'de', browser: 'fr-FR' })).toBe('ar');
    expect(startLanguage({ lan: 'xx', stored: 'de', browser: 'fr-FR' })).toBe('en');
    expect(startLanguage({ lan: null, stored: 'de', browser: 'fr-FR' })).toBe('de');
    expect(startLanguage({ lan: null, stored: null, browser: 'fr-FR' })).toBe('fr');
    expect(startLanguage({ lan: null, stored: null, browser: null })).toBe('en');
  });
});
