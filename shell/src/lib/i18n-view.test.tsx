import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18nView } from 'shared-contracts/ui';
import { i18n, initI18n, switchLanguage } from './i18n';

function Retry() {
  const { t, i18n: given } = useTranslation('shell');
  return (
    <button type="button" lang={given.language}>
      {t('remote.retry')}
    </button>
  );
}

describe('i18nView: the instance as the app’s components get it', () => {
  it('translates in the page’s language and follows a switch, like the instance itself', async () => {
    await initI18n('en');
    render(
      <I18nextProvider i18n={i18nView(i18n)}>
        <Retry />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Retry');
    expect(screen.getByRole('button')).toHaveAttribute('lang', 'en');

    await act(() => switchLanguage('de'));
    expect(screen.getByRole('button')).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('button')).toHaveTextContent(i18n.t('remote.retry', { ns: 'shell', lng: 'de' }));
    expect(screen.getByRole('button')).not.toHaveTextContent('Retry');
    await act(() => switchLanguage('en'));
  });

  it('is one view per instance, whose reads and calls reach the instance', async () => {
    await initI18n('en');
    const clone = i18n.cloneInstance({ lng: 'ar', initAsync: false });
    expect(i18nView(i18n)).toBe(i18nView(i18n));
    expect(i18nView(clone)).not.toBe(i18nView(i18n));
    expect(i18nView(clone).language).toBe('ar');
    expect(i18nView(i18n).t('remote.retry', { ns: 'shell' })).toBe('Retry');
    expect(i18nView(i18n).hasResourceBundle('en', 'shell')).toBe(true);
  });
});
