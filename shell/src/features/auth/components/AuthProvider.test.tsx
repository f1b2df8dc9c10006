import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
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
