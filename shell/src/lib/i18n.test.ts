import { i18n, initI18n, switchLanguage } from './i18n';

describe('i18n and <html lang dir>', () => {
  it('follows the language: rtl for ar and he, ltr otherwise', async () => {
    await initI18n('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('remote.retry', { ns: 'shell' })).toBe('إعادة المحاولة');

    await switchLanguage('de');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await switchLanguage('he');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('loads the common namespace of shared-contracts with the shell namespace', async () => {
    await switchLanguage('en');
    expect(i18n.t('refreshSuccess')).toBe('Refreshed.');
    expect(i18n.t('remote.unavailable', { ns: 'shell' })).toBe('This part is unavailable right now');
  });
});
