import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { DEMO_CONFIG, shellApp } from '../../../testing/app';
import { useAuth } from '../../../lib/auth';
import { LINK_LOGIN_KEY } from '../lib/receipt';
import { LinkLoginNotice } from './LinkLoginNotice';

// Issue 23, login CSRF: a link that signs in where no login was stored says whose account it is, until the user
// keeps it or signs out; a login of the user's own making (or a kept one) says nothing.

function Page() {
  const { user } = useAuth();
  return (
    <>
      <LinkLoginNotice />
      <p data-testid="user">{user?.email ?? 'nobody'}</p>
    </>
  );
}

const ANA = { email: 'ana@example.com', user_id: 7, area: 'DE', ccy: 'EUR' };

describe('a login a link made on its own', () => {
  it('names the account, and "No, sign out" ends the login here and on the server', async () => {
    const network = stubCalls({ getConfig: DEMO_CONFIG, getUserInfo: ANA, logout: null });
    const { storage, ...app } = shellApp({ route: '/eshop/card/list?access_token=tok-link' });
    await renderRemote(<Page />, app);

    const notice = await screen.findByTestId('link-login');
    expect(notice).toHaveTextContent('You were signed in by a link as \u2068ana@example.com\u2069');
    await userEvent.click(screen.getByRole('button', { name: 'No, sign out' }));

    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('nobody'));
    expect(screen.queryByTestId('link-login')).not.toBeInTheDocument();
    expect(network.callsTo('logout')[0]?.headers.Authorization).toBe('Bearer tok-link');
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBeNull();
    expect(storage.get(STORAGE_KEYS.USER_EMAIL)).toBeNull();
    expect(storage.get(LINK_LOGIN_KEY)).toBeNull();
  });

  it('"Yes, it is mine" keeps the login and the notice does not come back', async () => {
    stubCalls({ getConfig: DEMO_CONFIG, getUserInfo: ANA });
    const { storage, ...app } = shellApp({ route: '/eshop/card/list?access_token=tok-link' });
    const view = await renderRemote(<Page />, app);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, it is mine' }));
    expect(screen.queryByTestId('link-login')).not.toBeInTheDocument();
    expect(screen.getByTestId('user')).toHaveTextContent('ana@example.com');
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('tok-link');
    expect(storage.get(LINK_LOGIN_KEY)).toBeNull();
    view.unmount();
  });

  it('stays across a reload until answered', async () => {
    stubCalls({ getConfig: DEMO_CONFIG, getUserInfo: ANA });
    window.localStorage.setItem(LINK_LOGIN_KEY, 'tok-link');
    await renderRemote(<Page />, shellApp({ route: '/eshop/card/list', stored: { RECEIPT: 'tok-link' } }));
    expect(await screen.findByTestId('link-login', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('says nothing for a login the user made (the mark belongs to an older receipt)', async () => {
    stubCalls({ getConfig: DEMO_CONFIG, getUserInfo: ANA });
    window.localStorage.setItem(LINK_LOGIN_KEY, 'tok-older');
    await renderRemote(
      <Page />,
      shellApp({ route: '/eshop/card/list?access_token=tok-own', stored: { RECEIPT: 'tok-own' } }),
    );
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('link-login')).not.toBeInTheDocument();
  });

  it('asks in Arabic, right to left, the e-mail kept whole', async () => {
    stubCalls({ getConfig: DEMO_CONFIG, getUserInfo: ANA });
    await renderRemote(<Page />, shellApp({ route: '/eshop/card/list?access_token=tok-ar&lan=ar' }));
    const notice = await screen.findByTestId('link-login');
    expect(notice).toHaveTextContent('\u2068ana@example.com\u2069');
    expect(screen.getByRole('button', { name: 'لا، تسجيل الخروج' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
