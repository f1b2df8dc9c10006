import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, STORAGE_KEYS } from 'shared-contracts';
import { leavePageFor, pageExit } from 'shared-contracts/links';
import { callError, renderRemote, siteConfig, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { rememberPending } from '../lib/third-party';
import { LoginPage } from './LoginPage';
import { ThirdPartyCallbackPage } from './ThirdPartyCallbackPage';

const config = (google: string, facebook: string) => siteConfig({ google, facebook });
const SESSION = { token: 'receipt-9', email: 'gina@example.com', user_id: 9 };
const CALLBACK = `${window.location.origin}/user/login/callback`;
const PROVIDER_URL = 'https://accounts.example/auth?client_id=shop&state=s-123';

let assign: jest.SpyInstance;
beforeEach(() => {
  window.sessionStorage.clear();
  assign = jest.spyOn(pageExit, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

async function renderLogin(route = '/user/login') {
  return renderRemote(<LoginPage client={createApiClient()} />, {
    route,
    path: '/user/login',
    i18n: { namespaces: [remote] },
  });
}

async function renderCallback(search: string) {
  return renderRemote(<ThirdPartyCallbackPage client={createApiClient()} />, {
    route: `/user/login/callback${search}`,
    path: '/user/login/callback',
    showLocation: true,
    i18n: { namespaces: [remote] },
  });
}

describe('third-party buttons on /user/login', () => {
  it('offers only the providers getConfig names', async () => {
    stubCalls({ getConfig: config('google-client-id', '') });
    await renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
  });

  it('shows nothing when no provider is configured', async () => {
    const api = stubCalls({ getConfig: config('', '') });
    await renderLogin();
    await screen.findByTestId('login-form');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.callsTo('getConfig')).toHaveLength(1);
    expect(screen.queryByTestId('third-party')).not.toBeInTheDocument();
  });

  it('labels the local demo provider as a demo, not as Google', async () => {
    stubCalls({ getConfig: config('demo', '') });
    await renderLogin();
    expect(await screen.findByRole('button', { name: 'Demo sign-in (stands in for Google)' })).toBeInTheDocument();
    expect(screen.getByText(/a local sign-in page stands in for Google/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('starts the sign-in with our callback page, remembers the state in this tab and goes to the provider', async () => {
    const api = stubCalls({
      getConfig: config('', 'facebook-app-id'),
      loginThirdPartyStart: { url: PROVIDER_URL, state: 's-123' },
    });
    await renderLogin('/user/login?redirect=%2Fuser%2Finfo');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    expect(api.callsTo('loginThirdPartyStart')[0]?.body).toEqual({ provider: 'facebook', redirect_uri: CALLBACK });
    expect(assign).toHaveBeenCalledWith(PROVIDER_URL);
    expect(JSON.parse(window.sessionStorage.getItem('THIRD_PARTY_LOGIN') ?? '{}')).toEqual({
      provider: 'facebook',
      state: 's-123',
      redirectUri: CALLBACK,
      redirect: '/user/info',
    });
  });

  it('never follows a provider URL that is not http(s)', async () => {
    stubCalls({
      getConfig: config('google-client-id', ''),
      loginThirdPartyStart: { url: 'https://ok.example/', state: 's' },
    });
    await renderLogin();
    // The schema only lets an http(s) URL through; the page checks again before leaving.
    expect(leavePageFor('javascript:alert(1)')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says why when the provider cannot be reached', async () => {
    stubCalls({ getConfig: config('google-client-id', ''), loginThirdPartyStart: callError(10003) });
    await renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByTestId('third-party-problem')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('the callback page (/user/login/callback)', () => {
  it('finishes the sign-in this tab started and follows the kept redirect', async () => {
    rememberPending({ provider: 'google', state: 's-1', redirectUri: CALLBACK, redirect: '/user/info' });
    // Answers a moment later, so the test listens before the session starts.
    const api = stubCalls({ loginThirdParty: () => new Promise((resolve) => setTimeout(() => resolve(SESSION), 20)) });
    const { bus } = await renderCallback('?code=c-1&state=s-1&iss=https%3A%2F%2Faccounts.example');
    const heard: unknown[] = [];
    bus.subscribe('auth:changed', (event) => heard.push(event));
    expect(await screen.findByText('/user/info')).toBeInTheDocument();
    expect(api.callsTo('loginThirdParty')[0]?.body).toEqual({
      provider: 'google',
      code: 'c-1',
      state: 's-1',
      redirect_uri: CALLBACK,
      iss: 'https://accounts.example',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBe('receipt-9');
    expect(heard).toEqual([{ email: 'gina@example.com', userId: 9 }]);
    // The callback works once.
    expect(window.sessionStorage.getItem('THIRD_PARTY_LOGIN')).toBeNull();
  });

  it('refuses a callback whose state this tab did not start (login CSRF) without calling the api', async () => {
    rememberPending({ provider: 'google', state: 'mine', redirectUri: CALLBACK, redirect: null });
    const api = stubCalls({});
    await renderCallback('?code=c-1&state=someone-elses');
    expect(await screen.findByTestId('callback-problem')).toHaveTextContent(/not started on this page/);
    expect(api.callsTo('loginThirdParty')).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBeNull();
  });

  it('says the sign-in was cancelled when the provider reports an error', async () => {
    rememberPending({ provider: 'google', state: 's-1', redirectUri: CALLBACK, redirect: null });
    stubCalls({});
    await renderCallback('?error=access_denied&state=s-1');
    expect(await screen.findByTestId('callback-problem')).toHaveTextContent(/cancelled/);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Sign-in not completed');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/user/login');
  });

  it('shows the catalogue message when the api refuses the code', async () => {
    rememberPending({ provider: 'google', state: 's-1', redirectUri: CALLBACK, redirect: null });
    stubCalls({ loginThirdParty: callError(11023) });
    await renderCallback('?code=c-1&state=s-1');
    expect(await screen.findByTestId('callback-problem')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBeNull();
  });
});
