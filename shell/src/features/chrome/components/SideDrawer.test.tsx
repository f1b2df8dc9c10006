import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { forgetSiteConfig } from '../../../lib/site-config';
import { DEMO_CONFIG, NO_NOTICES, shellApp } from '../../../testing/app';
import { Header } from './Header';

// The drawer's store link comes from the site configuration, kept per page: each test asks afresh.
beforeEach(() => forgetSiteConfig());

describe('side drawer', () => {
  it('opens from the menu button with the five entries in the spec order', async () => {
    stubCalls({ getConfig: DEMO_CONFIG, checkNotice: NO_NOTICES });
    await renderRemote(<Header />, shellApp({ route: '/' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('side-drawer');
    const entries = within(drawer)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild);
    expect(entries.map((entry) => entry?.getAttribute('data-testid'))).toEqual([
      'drawer-email',
      'drawer-store',
      'drawer-orders',
      'drawer-support',
      'drawer-about',
    ]);
    expect(within(drawer).getByTestId('drawer-email')).toHaveAttribute('href', '/user/login');
    expect(within(drawer).getByTestId('drawer-orders')).toHaveAttribute('href', '/pay/order');
    expect(within(drawer).getByTestId('drawer-about')).toHaveAttribute('href', '/user/about');
    // The store: this shop's start page unless the configuration names another (never a placeholder site).
    expect(within(drawer).getByTestId('drawer-store')).toHaveAttribute('href', '/');
  });

  it('leads the store entry where the site configuration says, http(s) or a site path only', async () => {
    stubCalls({ getConfig: { ...DEMO_CONFIG, store_url: 'https://partner.example/shop' }, checkNotice: NO_NOTICES });
    await renderRemote(<Header />, shellApp({ route: '/' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('side-drawer');
    await waitFor(() =>
      expect(within(drawer).getByTestId('drawer-store')).toHaveAttribute('href', 'https://partner.example/shop'),
    );
  });

  it('shows the logged-in e-mail linking to the account page, and follows a log-out', async () => {
    stubCalls({
      getConfig: DEMO_CONFIG,
      checkNotice: NO_NOTICES,
      getUserInfo: { email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' },
    });
    const { bus } = await renderRemote(<Header />, shellApp({ route: '/', stored: { RECEIPT: 'receipt-7' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const entry = await within(await screen.findByTestId('side-drawer')).findByRole('link', {
      name: 'ana@example.com',
    });
    expect(entry).toHaveAttribute('href', '/user/info');

    act(() => bus.publish('auth:changed', null));
    expect(within(screen.getByTestId('side-drawer')).getByTestId('drawer-email')).toHaveAttribute(
      'href',
      '/user/login',
    );
  });
});
