import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { Header } from './Header';
import { DEMO_CONFIG, NO_NOTICES, shellApp } from '../../../testing/app';

describe('language and currency dialog', () => {
  it('changes language and currency, stores them and flips the page direction', async () => {
    const network = stubCalls({ getConfig: DEMO_CONFIG, checkNotice: NO_NOTICES });
    const { storage, ...app } = shellApp({ route: '/' });
    await renderRemote(<Header />, app);
    await waitFor(() => expect(network.callsTo('getConfig')).toHaveLength(1));

    await userEvent.click(screen.getByTestId('language-switcher'));
    const dialog = await screen.findByRole('dialog', { name: 'Language and currency' });
    expect(screen.queryByTestId('locale-region')).not.toBeInTheDocument(); // logged out: no region
    await userEvent.selectOptions(screen.getByTestId('locale-language'), 'ar');
    await userEvent.selectOptions(screen.getByTestId('locale-currency'), 'EUR');
    await userEvent.click(screen.getByTestId('locale-save'));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(storage.get(STORAGE_KEYS.LANGUAGE_KEY)).toBe('ar');
    expect(storage.get(STORAGE_KEYS.CURRENCY_KEY)).toBe('EUR');
  });

  it('is locked by lan: the language cannot be changed', async () => {
    stubCalls({ getConfig: DEMO_CONFIG, checkNotice: NO_NOTICES });
    await renderRemote(<Header />, shellApp({ route: '/?lan=zz' }));
    await userEvent.click(screen.getByTestId('language-switcher'));
    expect(await screen.findByTestId('locale-language')).toBeDisabled();
    expect(screen.getByTestId('locale-language')).toHaveValue('en');
    expect(screen.getByTestId('locale-locked')).toBeInTheDocument();
  });

  it('shows the region to a logged-in user and saves the settings to the account', async () => {
    const network = stubCalls({
      getConfig: DEMO_CONFIG,
      checkNotice: NO_NOTICES,
      getUserInfo: { email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' },
      userSet: (request) => request,
    });
    await renderRemote(<Header />, shellApp({ route: '/', stored: { RECEIPT: 'tok' } }));
    await waitFor(() => expect(network.callsTo('getUserInfo')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('language-switcher'));
    await userEvent.selectOptions(await screen.findByTestId('locale-region'), 'DE');
    await userEvent.click(screen.getByTestId('locale-save'));
    await waitFor(() => expect(network.callsTo('userSet')).toHaveLength(1));
    expect(network.callsTo('userSet')[0]?.body).toEqual({ area: 'DE', ccy: 'USD' });
  });

  it('is keyboard operable: focus stays inside and Escape closes it', async () => {
    stubCalls({ getConfig: DEMO_CONFIG, checkNotice: NO_NOTICES });
    await renderRemote(<Header />, shellApp({ route: '/' }));
    const opener = screen.getByTestId('language-switcher');
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 8; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
