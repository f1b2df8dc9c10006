import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import {
  callKey,
  forgetInitialResults,
  getBus,
  seedInitialResults,
  STORAGE_KEYS,
  type EventMap,
} from 'shared-contracts';
import { callError, renderRemote, stubCalls, type CallsHandle } from 'shared-contracts/testing';
import { DEMO_CONFIG, shellApp } from '../../../testing/app';
import { useAuth } from '../../../lib/auth';

function Probe() {
  const location = useLocation();
  const { user } = useAuth();
  return (
    <>
      <p data-testid="url">{`${location.pathname}${location.search}`}</p>
      <p data-testid="user">{user?.email ?? 'nobody'}</p>
    </>
  );
}

describe('auth receipt', () => {
  it('stores access_token as RECEIPT, loads the user with it and removes it from the URL', async () => {
    const network = stubCalls({
      getConfig: DEMO_CONFIG,
      getUserInfo: { email: 'ana@example.com', user_id: 7, area: 'DE', ccy: 'EUR' },
    });
    const { storage, ...app } = shellApp({ route: '/2/89852000000000000001?access_token=tok-1&mode=search' });
    await renderRemote(<Probe />, app);

    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('tok-1');
    expect(storage.get(STORAGE_KEYS.USER_EMAIL)).toBe('ana@example.com');
    expect(storage.get(STORAGE_KEYS.USER_ID)).toBe('7');
    expect(screen.getByTestId('url')).toHaveTextContent('/2/89852000000000000001?mode=search');
    const [infoCall] = network.callsTo('getUserInfo');
    expect(infoCall?.headers.Authorization).toBe('Bearer tok-1');
  });

  it("a receipt from an earlier visit: the account's details wait for an idle moment", async () => {
    const idle: IdleRequestCallback[] = [];
    window.requestIdleCallback = (callback) => idle.push(callback);
    window.cancelIdleCallback = () => undefined;
    try {
      const network = stubCalls({
        getConfig: DEMO_CONFIG,
        getUserInfo: { email: 'ana@example.com', user_id: 7, area: 'DE', ccy: 'EUR' },
      });
      const { storage, ...app } = shellApp({ route: '/eshop/card/list', stored: { RECEIPT: 'kept-1' } });
      const view = await renderRemote(<Probe />, app);
      expect(network.callsTo('getUserInfo')).toHaveLength(0);
      expect(screen.getByTestId('user')).toHaveTextContent('nobody');
      act(() => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 10 })));
      expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
      expect(network.callsTo('getUserInfo')).toHaveLength(1);
      expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('kept-1');
      view.unmount();
    } finally {
      delete (window as Partial<Window>).requestIdleCallback;
      delete (window as Partial<Window>).cancelIdleCallback;
    }
  });

  it('server-side rendering: the account that came with the page is there from the first render, not asked again', async () => {
    const network = stubCalls({
      getConfig: DEMO_CONFIG,
      getUserInfo: { email: 'other@example.com', user_id: 8, area: 'DE', ccy: 'EUR' },
    });
    const account = { email: 'ana@example.com', user_id: 7, area: 'DE', ccy: 'EUR' };
    seedInitialResults({ [callKey('getUserInfo', {})]: { ok: true, code: 10000, data: account } });
    const changes: Array<EventMap['auth:changed']> = [];
    try {
      const { storage, ...app } = shellApp({ route: '/eshop/card/list', stored: { RECEIPT: 'kept-1' } });
      const unsubscribe = getBus().subscribe('auth:changed', (event) => changes.push(event));
      await renderRemote(<Probe />, app);
      expect(screen.getByTestId('user')).toHaveTextContent('ana@example.com');
      expect(network.callsTo('getUserInfo')).toHaveLength(0);
      expect(storage.get(STORAGE_KEYS.USER_EMAIL)).toBe('ana@example.com');
      expect(changes).toContainEqual({ email: 'ana@example.com', userId: 7 });
      unsubscribe();
    } finally {
      forgetInitialResults();
    }
  });

  it('server-side rendering: a seeded account without a stored receipt is not taken', async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    seedInitialResults({
      [callKey('getUserInfo', {})]: {
        ok: true,
        code: 10000,
        data: { email: 'ana@example.com', user_id: 7, area: 'DE', ccy: 'EUR' },
      },
    });
    try {
      await renderRemote(<Probe />, shellApp({ route: '/eshop/card/list' }));
      expect(screen.getByTestId('user')).toHaveTextContent('nobody');
    } finally {
      forgetInitialResults();
    }
  });

  it('a session end from the client clears the user and goes where the client says', async () => {
    stubCalls({
      getConfig: DEMO_CONFIG,
      getUserInfo: { email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' },
    });
    const { bus } = await renderRemote(<Probe />, shellApp({ route: '/user/info', stored: { RECEIPT: 'tok-2' } }));
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();

    act(() => bus.publish('session:end', { disableBack: false, redirectTo: '/2/89852000000000000001' }));
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('nobody'));
    expect(screen.getByTestId('url')).toHaveTextContent('/2/89852000000000000001');
  });

  it('follows another package: a new e-mail of the same account, and a log-out', async () => {
    stubCalls({
      getConfig: DEMO_CONFIG,
      getUserInfo: { email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' },
    });
    const { bus } = await renderRemote(<Probe />, shellApp({ stored: { RECEIPT: 'tok-1' } }));
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    act(() => bus.publish('auth:changed', { email: 'ana.new@example.com', userId: 7 }));
    expect(await screen.findByText('ana.new@example.com')).toBeInTheDocument();
    act(() => bus.publish('auth:changed', null));
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('nobody'));
  });
});

// Login CSRF: a link with another account's access_token must not replace the login without the user choosing.
describe('an access_token link while another account is signed in', () => {
  const ana = { email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' };
  const bob = { email: 'bob@example.com', user_id: 9, area: 'US', ccy: 'USD' };
  const LINK = '/2/89852000000000000001?access_token=link-1&mode=search';

  /** The api's answer to getUserInfo for each receipt (by its bearer header); any other receipt is refused. */
  function accounts(byToken: Record<string, typeof ana>): CallsHandle {
    const network: CallsHandle = stubCalls({
      getConfig: DEMO_CONFIG,
      getUserInfo: () => {
        const bearer = network.calls.at(-1)?.headers.Authorization?.replace(/^Bearer /, '') ?? '';
        return byToken[bearer] ?? callError(10013);
      },
    });
    return network;
  }

  async function openLink(route = LINK) {
    const { storage, ...app } = shellApp({ route, stored: { RECEIPT: 'mine-1' } });
    const toasts: Array<EventMap['toast']> = [];
    const changes: Array<EventMap['auth:changed']> = [];
    getBus().subscribe('toast', (toast) => toasts.push(toast));
    getBus().subscribe('auth:changed', (change) => changes.push(change));
    const view = await renderRemote(<Probe />, app);
    return { storage, toasts, changes, ...view };
  }

  it('asks, with the e-mail the api gives for the link, and keeps the login until the user chooses', async () => {
    const network = accounts({ 'mine-1': ana, 'link-1': bob });
    const { storage } = await openLink();

    const dialog = await screen.findByRole('dialog', { name: 'Sign-in link' });
    expect(within(dialog).getByTestId('switch-account-text')).toHaveTextContent(
      /^This link signs you in as another account \(\u2068bob@example\.com\u2069\)\. Switch accounts\?$/,
    );
    // The token left the address bar; the link's account was asked of the api before its e-mail showed.
    expect(screen.getByTestId('url')).toHaveTextContent('/2/89852000000000000001?mode=search');
    expect(network.callsTo('getUserInfo').map((call) => call.headers.Authorization)).toContain('Bearer link-1');
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('mine-1');
    expect(screen.getByTestId('user')).toHaveTextContent('ana@example.com');

    // Staying is the first choice and has the focus; both choices are touch-sized buttons.
    const stay = within(dialog).getByRole('button', { name: /Stay signed in as .*ana@example\.com/ });
    expect(stay).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Switch' })).toBeInTheDocument();

    await userEvent.click(stay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('mine-1');
    expect(storage.get(STORAGE_KEYS.USER_ID)).toBe('7');
    expect(screen.getByTestId('user')).toHaveTextContent('ana@example.com');
  });

  it('Escape keeps the login too', async () => {
    accounts({ 'mine-1': ana, 'link-1': bob });
    const { storage } = await openLink();
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('mine-1');
  });

  it('Switch signs the link in and tells the other packages', async () => {
    accounts({ 'mine-1': ana, 'link-1': bob });
    const { storage, changes } = await openLink();
    const dialog = await screen.findByRole('dialog');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('link-1');
    expect(storage.get(STORAGE_KEYS.USER_EMAIL)).toBe('bob@example.com');
    expect(storage.get(STORAGE_KEYS.USER_ID)).toBe('9');
    expect(screen.getByTestId('user')).toHaveTextContent('bob@example.com');
    expect(changes).toContainEqual({ email: 'bob@example.com', userId: 9 });
  });

  it('changes nothing for a link of the account already signed in', async () => {
    accounts({ 'mine-1': ana, 'link-1': ana });
    const { storage } = await openLink();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('ana@example.com'));
    expect(screen.getByTestId('url')).toHaveTextContent('/2/89852000000000000001?mode=search');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('mine-1');
  });

  it('drops a link the api refuses, keeping the login and saying so', async () => {
    accounts({ 'mine-1': ana });
    const { storage, toasts } = await openLink();
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'warning', messageKey: 'shell:auth.linkInvalid' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('mine-1');
    expect(screen.getByTestId('user')).toHaveTextContent('ana@example.com');
  });

  it('takes the link as before when the stored login has ended', async () => {
    accounts({ 'link-1': bob });
    const { storage } = await openLink();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('bob@example.com'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('link-1');
    expect(screen.getByTestId('url')).toHaveTextContent('/2/89852000000000000001?mode=search');
  });

  it('asks in Arabic too, the e-mail kept whole in the right-to-left sentence', async () => {
    accounts({ 'mine-1': ana, 'link-1': bob });
    await openLink(`${LINK}&lan=ar`);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('switch-account-text')).toHaveTextContent(
      'يسجّل هذا الرابط دخولك بحساب آخر (\u2068bob@example.com\u2069). هل تريد تبديل الحساب؟',
    );
    expect(document.documentElement.dir).toBe('rtl');
  });
});
