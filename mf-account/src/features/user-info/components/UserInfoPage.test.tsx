import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, STORAGE_KEYS } from 'shared-contracts';
import { callError, renderRemote, siteConfig, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { UserInfoPage } from './UserInfoPage';

const USER = { email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' };
const CONFIG = siteConfig({ lang_list: ['en', 'de'], ccy_list: ['USD', 'EUR'] });
const LOGGED_IN = { RECEIPT: 'receipt-7', USER_EMAIL: USER.email, USER_ID: '7' };

async function renderInfo(stored: Record<string, string> = LOGGED_IN) {
  return renderRemote(<UserInfoPage client={createApiClient()} />, {
    route: '/user/info',
    path: '/user/info',
    showLocation: true,
    stored,
    i18n: { namespaces: [remote] },
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('user info page (/user/info)', () => {
  it('sends a visitor without a receipt to the login, with the way back', async () => {
    const api = stubCalls({});
    await renderInfo({});
    expect(location()).toBe('/user/login?redirect=%2Fuser%2Finfo');
    expect(new URLSearchParams(location()!.split('?')[1]).get('redirect')).toBe('/user/info');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the e-mail, region and currency of the account', async () => {
    stubCalls({ getUserInfo: USER, getConfig: CONFIG, getPaymentMethods: { list: [] } });
    await renderInfo();
    expect(await screen.findByTestId('account-email-value')).toHaveTextContent(USER.email);
    expect(screen.getByLabelText('Region')).toHaveValue('US');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(await screen.findByRole('heading', { name: 'Saved payment methods' })).toBeInTheDocument();
    expect(await screen.findByTestId('payment-methods-empty')).toBeInTheDocument();
  });

  it('changes the e-mail with a code sent to the new address, then tells the page', async () => {
    const api = stubCalls({
      getUserInfo: USER,
      getConfig: CONFIG,
      getPaymentMethods: { list: [] },
      getCode: null,
      updateEmail: { email: 'new@example.com', user_id: 7 },
    });
    const { bus } = await renderInfo();
    const heard: unknown[] = [];
    bus.subscribe('auth:changed', (event) => heard.push(event));
    await userEvent.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    await userEvent.type(screen.getByLabelText('New e-mail'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByTestId('email-code-resend')).toBeDisabled();
    await userEvent.type(code, '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new e-mail' }));

    await waitFor(() => expect(screen.getByTestId('account-email-value')).toHaveTextContent('new@example.com'));
    expect(api.callsTo('getCode')[0]?.body).toEqual({ email: 'new@example.com', scene: 'email' });
    expect(api.callsTo('updateEmail')[0]?.body).toEqual({ email: 'new@example.com', code: '246810' });
    expect(window.localStorage.getItem(STORAGE_KEYS.USER_EMAIL)).toBe('new@example.com');
    expect(heard).toEqual([{ email: 'new@example.com', userId: 7 }]);
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('shows a wrong code and keeps the change open', async () => {
    stubCalls({
      getUserInfo: USER,
      getConfig: CONFIG,
      getPaymentMethods: { list: [] },
      getCode: null,
      updateEmail: callError(11023),
    });
    await renderInfo();
    await userEvent.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    await userEvent.type(screen.getByLabelText('New e-mail'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The verification code is wrong or has expired.');
    expect(window.localStorage.getItem(STORAGE_KEYS.USER_EMAIL)).toBe(USER.email);
  });

  it('refuses the current address as the new one without calling', async () => {
    const api = stubCalls({ getUserInfo: USER, getConfig: CONFIG, getPaymentMethods: { list: [] } });
    await renderInfo();
    await userEvent.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    await userEvent.type(screen.getByLabelText('New e-mail'), 'Ana@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is already your e-mail.');
    expect(api.callsTo('getCode')).toHaveLength(0);
  });

  it('saves region and currency to the account, stores them and publishes locale:changed', async () => {
    const api = stubCalls({
      getUserInfo: USER,
      getConfig: CONFIG,
      getPaymentMethods: { list: [] },
      userSet: { area: 'DE', ccy: 'EUR' },
    });
    const { bus } = await renderInfo();
    const heard: unknown[] = [];
    bus.subscribe('locale:changed', (event) => heard.push(event));
    await userEvent.selectOptions(await screen.findByLabelText('Region'), 'DE');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.callsTo('userSet')[0]?.body).toEqual({ area: 'DE', ccy: 'EUR' });
    expect(window.localStorage.getItem(STORAGE_KEYS.AREA_KEY)).toBe('DE');
    expect(window.localStorage.getItem(STORAGE_KEYS.CURRENCY_KEY)).toBe('EUR');
    expect(heard).toEqual([{ lang: 'en', ccy: 'EUR', area: 'DE' }]);
  });

  it('logs out: ends the receipt on the server, forgets it here, publishes auth:changed null and goes home', async () => {
    const api = stubCalls({ getUserInfo: USER, getConfig: CONFIG, getPaymentMethods: { list: [] }, logout: null });
    const { bus } = await renderInfo();
    const heard: unknown[] = [];
    bus.subscribe('auth:changed', (event) => heard.push(event));
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('logout')).toHaveLength(1);
    expect(api.callsTo('logout')[0]?.headers.Authorization).toBe('Bearer receipt-7');
    for (const key of [STORAGE_KEYS.RECEIPT, STORAGE_KEYS.USER_EMAIL, STORAGE_KEYS.USER_ID]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(heard).toEqual([null]);
  });

  it('logs out on this device even when the server cannot be reached', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubCalls({
      getUserInfo: USER,
      getConfig: CONFIG,
      getPaymentMethods: { list: [] },
      logout: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderInfo();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBeNull();
    jest.restoreAllMocks();
  });

  it('logs out everywhere after a confirmation', async () => {
    const api = stubCalls({ getUserInfo: USER, getConfig: CONFIG, getPaymentMethods: { list: [] }, logoutAll: null });
    const { bus } = await renderInfo();
    const heard: unknown[] = [];
    bus.subscribe('auth:changed', (event) => heard.push(event));
    await userEvent.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    const dialog = await screen.findByTestId('logout-all-dialog');
    expect(dialog).toHaveTextContent('Ends your login on every device, this one included.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('logoutAll')).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBeNull();
    expect(heard).toEqual([null]);
  });

  it('stays logged in when logging out everywhere fails, and says so', async () => {
    stubCalls({ getUserInfo: USER, getConfig: CONFIG, getPaymentMethods: { list: [] }, logoutAll: callError(10003) });
    await renderInfo();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    await userEvent.click(
      within(await screen.findByTestId('logout-all-dialog')).getByRole('button', { name: 'Log out everywhere' }),
    );
    expect(await screen.findByTestId('logout-problem')).toHaveTextContent('Logging out everywhere did not work.');
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBe('receipt-7');
    expect(location()).toBe('/user/info');
  });

  it('says so when the account cannot be loaded, and Retry loads again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let online = false;
    stubCalls({
      getUserInfo: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return USER;
      },
      getConfig: CONFIG,
      getPaymentMethods: { list: [] },
    });
    await renderInfo();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account could not be loaded.');
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('account-email-value')).toHaveTextContent(USER.email);
    jest.restoreAllMocks();
  });
});
