import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, STORAGE_KEYS, type CheckoutRequest } from 'shared-contracts';
import { callError, renderRemote, siteConfig, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { LoginPage } from './LoginPage';

const EMAIL = 'ana@example.com';
/** A site without third-party login (ThirdPartyLogin.test.tsx covers the buttons). */
const NO_PROVIDERS = siteConfig();
const SESSION = { token: 'receipt-7', email: EMAIL, user_id: 7 };
const CARD_PATH = '/2/89880000000000000001';

async function renderLogin(route = '/user/login', stored: Parameters<typeof renderRemote>[1] = {}) {
  return renderRemote(<LoginPage client={createApiClient()} />, {
    route,
    path: '/user/login',
    showLocation: true,
    i18n: { namespaces: [remote] },
    ...stored,
  });
}

const form = (testId: string) => screen.getByTestId(testId);
const location = () => screen.getByTestId('location').textContent;

async function logIn(password = 'secret-pass') {
  await userEvent.type(within(form('login-form')).getByLabelText('E-mail'), EMAIL);
  await userEvent.type(within(form('login-form')).getByLabelText('Password'), password);
  await userEvent.click(within(form('login-form')).getByRole('button', { name: 'Log in' }));
}

describe('login page (/user/login): log in', () => {
  it('stores the receipt, publishes auth:changed and follows a same-site redirect', async () => {
    const api = stubCalls({ getConfig: NO_PROVIDERS, login: SESSION });
    const { bus } = await renderLogin(`/user/login?redirect=${encodeURIComponent(`${CARD_PATH}?mode=search`)}`);
    const heard: unknown[] = [];
    bus.subscribe('auth:changed', (event) => heard.push(event));
    await logIn();
    expect(await screen.findByText(`${CARD_PATH}?mode=search`)).toBeInTheDocument();
    expect(api.callsTo('login')[0]?.body).toEqual({ email: EMAIL, password: 'secret-pass' });
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBe('receipt-7');
    expect(window.localStorage.getItem(STORAGE_KEYS.USER_EMAIL)).toBe(EMAIL);
    expect(window.localStorage.getItem(STORAGE_KEYS.USER_ID)).toBe('7');
    expect(heard).toEqual([{ email: EMAIL, userId: 7 }]);
  });

  it.each(['//evil.example', 'https://evil.example/user/info', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses the redirect %s and goes to the card list',
    async (redirect) => {
      stubCalls({ getConfig: NO_PROVIDERS, login: SESSION });
      await renderLogin(`/user/login?redirect=${encodeURIComponent(redirect)}`);
      await logIn();
      expect(await screen.findByText('/eshop/card/list')).toBeInTheDocument();
    },
  );

  it('without a redirect returns to the card page of a purchase that waited for the login', async () => {
    stubCalls({ getConfig: NO_PROVIDERS, login: SESSION });
    const pending: Partial<CheckoutRequest> = { requestId: 'r1', iccid: '89880000000000000001', returnPath: CARD_PATH };
    window.localStorage.setItem(STORAGE_KEYS.PENDING_GOODS, JSON.stringify(pending));
    await renderLogin();
    await logIn();
    expect(await screen.findByText(CARD_PATH)).toBeInTheDocument();
  });

  it('with a remembered card to bind goes to the card list, which offers to bind it', async () => {
    stubCalls({ getConfig: NO_PROVIDERS, login: SESSION });
    await renderLogin('/user/login', { stored: { BIND_ICCID: '89880000000000000001' } });
    await logIn();
    expect(await screen.findByText('/eshop/card/list')).toBeInTheDocument();
  });

  it('shows a wrong password next to the form and stays logged out', async () => {
    stubCalls({ getConfig: NO_PROVIDERS, login: callError(10026) });
    const { bus } = await renderLogin();
    const toasts: unknown[] = [];
    bus.subscribe('toast', (event) => toasts.push(event));
    await logIn('wrong-pass');
    expect(await within(form('login-form')).findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(toasts).toEqual([{ kind: 'error', messageKey: 'errors.10026' }]);
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBeNull();
    expect(location()).toBe('/user/login');
  });

  it('says a too-short password once, next to the field, without asking the api (no toast)', async () => {
    const api = stubCalls({ getConfig: NO_PROVIDERS });
    const { bus } = await renderLogin();
    const toasts: unknown[] = [];
    bus.subscribe('toast', (event) => toasts.push(event));
    await logIn('short');
    const password = within(form('login-form')).getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
    expect(within(form('login-form')).getAllByRole('alert')).toHaveLength(1);
    expect(toasts).toEqual([]);
    expect(api.calls.filter((call) => call.name !== 'getConfig')).toHaveLength(0);
    await userEvent.type(password, '-and-more');
    expect(within(form('login-form')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the e-mail before calling (spec section 5)', async () => {
    const api = stubCalls({ getConfig: NO_PROVIDERS });
    await renderLogin();
    await userEvent.type(within(form('login-form')).getByLabelText('E-mail'), 'ana@example');
    await userEvent.type(within(form('login-form')).getByLabelText('Password'), 'secret-pass');
    await userEvent.click(within(form('login-form')).getByRole('button', { name: 'Log in' }));
    expect(within(form('login-form')).getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Please enter a valid e-mail address.',
    );
    expect(api.calls.filter((call) => call.name !== 'getConfig')).toHaveLength(0);
  });

  it('shows and hides the password with a labelled toggle', async () => {
    stubCalls({ getConfig: NO_PROVIDERS });
    await renderLogin();
    const password = within(form('login-form')).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the e-mail across the three modes, and "Forgot password?" opens reset', async () => {
    stubCalls({ getConfig: NO_PROVIDERS });
    await renderLogin();
    await userEvent.type(within(form('login-form')).getByLabelText('E-mail'), EMAIL);
    await userEvent.click(screen.getByTestId('mode-signup'));
    expect(screen.getByTestId('mode-signup')).toHaveAttribute('aria-pressed', 'true');
    expect(within(form('signup-form')).getByLabelText('E-mail')).toHaveValue(EMAIL);
    await userEvent.type(within(form('signup-form')).getByLabelText('E-mail'), 'x');
    await userEvent.click(screen.getByTestId('mode-login'));
    expect(within(form('login-form')).getByLabelText('E-mail')).toHaveValue(`${EMAIL}x`);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByTestId('mode-reset')).toHaveAttribute('aria-pressed', 'true');
    expect(within(form('reset-form')).getByLabelText('E-mail')).toHaveValue(`${EMAIL}x`);
  });
});

describe('login page: sign up', () => {
  async function toCodeStep() {
    await userEvent.click(screen.getByTestId('mode-signup'));
    await userEvent.type(within(form('signup-form')).getByLabelText('E-mail'), EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  }

  it('goes e-mail → code → password → logged in', async () => {
    const api = stubCalls({
      getConfig: NO_PROVIDERS,
      getCode: null,
      vcode: null,
      signup: SESSION,
    });
    const { bus } = await renderLogin();
    const heard: unknown[] = [];
    bus.subscribe('auth:changed', (event) => heard.push(event));
    await toCodeStep();

    const code = await within(await screen.findByTestId('signup-code')).findByLabelText('Verification code');
    expect(screen.getByTestId('signup-code')).toHaveTextContent(`We sent a code to ${EMAIL}`);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '12a3456789');
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));

    const password = await within(await screen.findByTestId('signup-password-form')).findByLabelText(
      'Choose a password',
    );
    await userEvent.type(password, 'short');
    expect(password).toHaveAccessibleDescription('Too short: at least 8 characters.');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // One message, not the strength hint and the error saying the same thing twice.
    expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
    expect(screen.getByRole('alert')).toHaveTextContent('Use at least 8 characters.');
    expect(screen.queryByText('Too short: at least 8 characters.')).not.toBeInTheDocument();
    expect(api.callsTo('signup')).toHaveLength(0);

    await userEvent.type(password, 'Long-enough1');
    expect(password).toHaveAccessibleDescription('Strong password.');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('/eshop/card/list')).toBeInTheDocument();

    expect(api.callsTo('getCode')[0]?.body).toEqual({ email: EMAIL, scene: 'signup' });
    expect(api.callsTo('vcode')[0]?.body).toEqual({ email: EMAIL, code: '123456', scene: 'signup' });
    expect(api.callsTo('signup')[0]?.body).toEqual({ email: EMAIL, code: '123456', password: 'shortLong-enough1' });
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBe('receipt-7');
    expect(heard).toEqual([{ email: EMAIL, userId: 7 }]);
  });

  it('never asks whether the address has an account: the code goes out at once (the mail tells its owner)', async () => {
    const api = stubCalls({ getConfig: NO_PROVIDERS, getCode: null });
    await renderLogin();
    await toCodeStep();
    expect(await screen.findByTestId('signup-code')).toHaveTextContent(`We sent a code to ${EMAIL}`);
    expect(api.callsTo('signupCheck')).toHaveLength(0);
    expect(api.callsTo('getCode')[0]?.body).toEqual({ email: EMAIL, scene: 'signup' });
  });

  it('shows a wrong code and stays on the code step', async () => {
    stubCalls({ getConfig: NO_PROVIDERS, getCode: null, vcode: callError(11023) });
    await renderLogin();
    await toCodeStep();
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The verification code is wrong or has expired.');
    expect(screen.getByTestId('signup-code')).toBeInTheDocument();
    // Correcting the code makes the message stale.
    await userEvent.type(screen.getByLabelText('Verification code'), '{Backspace}1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('disables Resend with a visible countdown for 60 s, then sends a new code', async () => {
    jest.useFakeTimers();
    try {
      const api = stubCalls({ getConfig: NO_PROVIDERS, getCode: null });
      await renderLogin();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByTestId('mode-signup'));
      await user.type(within(form('signup-form')).getByLabelText('E-mail'), EMAIL);
      // The code request settles after the click: inside act, as the fake clock gives React no other chance.
      await act(async () => user.click(screen.getByRole('button', { name: 'Send code' })));
      const resend = await screen.findByTestId('signup-code-resend');
      expect(resend).toBeDisabled();
      expect(resend).toHaveTextContent('Resend code in 60 s');
      await act(async () => jest.advanceTimersByTime(1000));
      expect(resend).toHaveTextContent('Resend code in 59 s');
      await act(async () => jest.advanceTimersByTime(58_000));
      expect(resend).toHaveTextContent('Resend code in 1 s');
      expect(resend).toBeDisabled();
      await act(async () => jest.advanceTimersByTime(1000));
      expect(resend).toBeEnabled();
      expect(resend).toHaveTextContent('Resend code');
      await act(async () => user.click(resend));
      expect(api.callsTo('getCode')).toHaveLength(2);
      expect(await screen.findByText('Resend code in 60 s')).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('login page: reset password', () => {
  async function resetWith(password: string) {
    await userEvent.click(screen.getByTestId('mode-reset'));
    await userEvent.type(within(form('reset-form')).getByLabelText('E-mail'), ` ${EMAIL} `);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await userEvent.type(await screen.findByLabelText('New password'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
  }

  it('goes e-mail → code → new password → logged in with the session reset answers', async () => {
    const api = stubCalls({ getConfig: NO_PROVIDERS, getCode: null, vcode: null, reset: SESSION });
    const { bus } = await renderLogin('/user/login?redirect=%2Fuser%2Finfo');
    const heard: unknown[] = [];
    bus.subscribe('auth:changed', (event) => heard.push(event));
    await resetWith('new-password-1');
    expect(await screen.findByText('/user/info')).toBeInTheDocument();
    expect(api.callsTo('getCode')[0]?.body).toEqual({ email: EMAIL, scene: 'reset' });
    expect(api.callsTo('vcode')[0]?.body).toEqual({ email: EMAIL, code: '654321', scene: 'reset' });
    expect(api.callsTo('reset')[0]?.body).toEqual({ email: EMAIL, code: '654321', password: 'new-password-1' });
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBe('receipt-7');
    expect(heard).toEqual([{ email: EMAIL, userId: 7 }]);
  });

  it('logs in with the new password when reset answers without a token', async () => {
    const api = stubCalls({
      getConfig: NO_PROVIDERS,
      getCode: null,
      vcode: null,
      reset: { ...SESSION, token: '' },
      login: SESSION,
    });
    await renderLogin();
    await resetWith('new-password-1');
    expect(await screen.findByText('/eshop/card/list')).toBeInTheDocument();
    expect(api.callsTo('login')[0]?.body).toEqual({ email: EMAIL, password: 'new-password-1' });
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBe('receipt-7');
  });
});
