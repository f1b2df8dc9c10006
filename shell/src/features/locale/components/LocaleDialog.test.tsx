import '../../../testing/polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared-contracts';
import { Header } from '../../chrome/components/Header';
import { DEMO_CONFIG, envelope, stubFetch, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';

describe('language and currency dialog', () => {
  let network: FetchStub;
  afterEach(() => network.restore());

  it('changes language and currency, stores them and flips the page direction', async () => {
    network = stubFetch({ '/eshop/get/config': envelope(DEMO_CONFIG) });
    const { storage } = await renderWithApp(<Header />, { route: '/' });
    await waitFor(() => expect(network.callsTo('/eshop/get/config')).toHaveLength(1));

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
    network = stubFetch({ '/eshop/get/config': envelope(DEMO_CONFIG) });
    await renderWithApp(<Header />, { route: '/?lan=zz' });
    await userEvent.click(screen.getByTestId('language-switcher'));
    expect(await screen.findByTestId('locale-language')).toBeDisabled();
    expect(screen.getByTestId('locale-language')).toHaveValue('en');
    expect(screen.getByTestId('locale-locked')).toBeInTheDocument();
  });

  it('shows the region to a logged-in user and saves the settings to the account', async () => {
    network = stubFetch({
      '/eshop/get/config': envelope(DEMO_CONFIG),
      '/eshop/v1/user/info': envelope({ email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' }),
      '/eshop/v1/user/set': ({ body }) => envelope(body),
    });
    await renderWithApp(<Header />, { route: '/', stored: { RECEIPT: 'tok' } });
    await waitFor(() => expect(network.callsTo('/eshop/v1/user/info')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('language-switcher'));
    await userEvent.selectOptions(await screen.findByTestId('locale-region'), 'DE');
    await userEvent.click(screen.getByTestId('locale-save'));
    await waitFor(() => expect(network.callsTo('/eshop/v1/user/set')).toHaveLength(1));
    expect(network.callsTo('/eshop/v1/user/set')[0]?.body).toEqual({ area: 'DE', ccy: 'USD' });
  });

  it('is keyboard operable: focus stays inside and Escape closes it', async () => {
    network = stubFetch({ '/eshop/get/config': envelope(DEMO_CONFIG) });
    await renderWithApp(<Header />, { route: '/' });
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
