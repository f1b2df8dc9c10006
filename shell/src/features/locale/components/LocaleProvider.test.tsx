import { act, screen } from '@testing-library/react';
import { STORAGE_KEYS } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { useLocale } from '../../../lib/locale';
import { DEMO_CONFIG, shellApp } from '../../../testing/app';

function Probe() {
  const { language, currency, region } = useLocale();
  return <p data-testid="locale">{`${language} ${currency} ${region}`}</p>;
}

describe('LocaleProvider', () => {
  it("follows settings another package saved (mf-account's user page) without echoing its own", async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    const { storage, ...app } = shellApp({ route: '/user/info' });
    const { bus } = await renderRemote(<Probe />, app);
    // The server's lists are asked once the page has rendered (an idle moment): the currency follows then.
    expect(await screen.findByText(/^en USD/)).toHaveAttribute('data-testid', 'locale');
    const heard: string[] = [];
    bus.subscribe('locale:changed', (event) => heard.push(`${event.lang} ${event.ccy}`));

    act(() => bus.publish('locale:changed', { lang: 'en', ccy: 'EUR', area: 'DE' }));
    expect(await screen.findByText('en EUR DE')).toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.CURRENCY_KEY)).toBe('EUR');
    expect(storage.get(STORAGE_KEYS.AREA_KEY)).toBe('DE');
    // One announcement of the new state by the shell, then quiet: no loop on its own event.
    expect(heard).toEqual(['en EUR', 'en EUR']);
  });
});
