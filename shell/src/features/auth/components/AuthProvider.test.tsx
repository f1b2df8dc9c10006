import '../../../testing/polyfills';
import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from 'shared-contracts';
import { DEMO_CONFIG, envelope, stubFetch, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { useAuth } from './AuthProvider';

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
  let network: FetchStub;
  afterEach(() => network.restore());

  it('stores access_token as RECEIPT, loads the user with it and removes it from the URL', async () => {
    network = stubFetch({
      '/eshop/get/config': envelope(DEMO_CONFIG),
      '/eshop/v1/user/info': envelope({ email: 'ana@example.com', user_id: 7, area: 'DE', ccy: 'EUR' }),
    });
    const { storage } = await renderWithApp(<Probe />, {
      route: '/2/89852000000000000001?access_token=tok-1&mode=search',
    });

    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('tok-1');
    expect(storage.get(STORAGE_KEYS.USER_EMAIL)).toBe('ana@example.com');
    expect(storage.get(STORAGE_KEYS.USER_ID)).toBe('7');
    expect(screen.getByTestId('url')).toHaveTextContent('/2/89852000000000000001?mode=search');
    const [infoCall] = network.callsTo('/eshop/v1/user/info');
    expect(infoCall?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('a session end from the client clears the user and goes where the client says', async () => {
    network = stubFetch({
      '/eshop/get/config': envelope(DEMO_CONFIG),
      '/eshop/v1/user/info': envelope({ email: 'ana@example.com', user_id: 7, area: 'US', ccy: 'USD' }),
    });
    const { bus } = await renderWithApp(<Probe />, { route: '/user/info', stored: { RECEIPT: 'tok-2' } });
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();

    act(() => bus.publish('session:end', { disableBack: false, redirectTo: '/2/89852000000000000001' }));
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('nobody'));
    expect(screen.getByTestId('url')).toHaveTextContent('/2/89852000000000000001');
  });
});
