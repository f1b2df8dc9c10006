import { screen, waitFor } from '@testing-library/react';
import { httpAnswer, renderRemote, settle, stubCalls } from 'shared-contracts/testing';
import { AppRoutes } from '../../../app/routes/AppRoutes';
import { App } from '../../../app/App';
import { DEMO_CONFIG, NO_NOTICES, shellApp } from '../../../testing/app';
import { resetFederationForTests } from '../lib/federation';
import { forgetRemoteRoutes } from '../lib/remote-routes-store';
import { type RemoteRoutesLoader } from '../lib/remote-routes-store';

const CARD_URL = '/2/89852000000000000001';
const MANIFEST = 'http://localhost:8081/mf-manifest.json';
const MANIFEST_PIN = `sha384-${'C'.repeat(64)}`;

describe('a remote that fails to load', () => {
  afterEach(() => {
    resetFederationForTests();
    forgetRemoteRoutes();
  });

  it('shows the localized fallback in its own area while the header keeps working, and Retry loads again', async () => {
    // The real federation runtime, with mf_card's manifest unreachable (HTTP boundary only).
    const network = stubCalls(
      { getConfig: DEMO_CONFIG, checkNotice: NO_NOTICES },
      {
        extra: {
          '/remotes.json': { mf_card: MANIFEST, integrity: { mode: 'required', manifests: { mf_card: MANIFEST_PIN } } },
          [MANIFEST]: httpAnswer(503, { message: 'down' }),
        },
      },
    );
    await renderRemote(<App />, shellApp({ route: CARD_URL }));

    const fallback = await screen.findByTestId('remote-unavailable');
    expect(fallback).toHaveTextContent('This part is unavailable right now');
    expect(fallback.closest('[data-remote-area]')).toHaveAttribute('data-remote-area', 'mf_card');
    expect(screen.getByTestId('app-header')).toBeInTheDocument();
    expect(screen.getByTestId('menu-button')).toBeEnabled();
    const manifestRequests = network.requestsTo(MANIFEST).length;
    expect(manifestRequests).toBeGreaterThan(0);

    await settle(700, () => screen.getByTestId('remote-retry').click());
    await waitFor(() => expect(network.requestsTo(MANIFEST).length).toBeGreaterThan(manifestRequests));
    expect(await screen.findByTestId('remote-unavailable')).toBeInTheDocument();
  });

  it('renders the remote page after a successful retry', async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    let attempts = 0;
    const loader: RemoteRoutesLoader = {
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return [{ path: '/:flag/:iccid', Component: () => <p>card page frame</p> }];
      },
      reset: () => undefined,
    };
    await renderRemote(<AppRoutes />, shellApp({ route: CARD_URL, remotesLoader: loader }));

    const retry = await screen.findByRole('button', { name: 'Retry' });
    await settle(700, () => retry.click());
    expect(await screen.findByText('card page frame')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-unavailable')).not.toBeInTheDocument();
  });

  it('keeps other remotes working: each area fails on its own', async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    const loader: RemoteRoutesLoader = {
      load: async (remote) => {
        if (remote === 'mf_card') throw new Error('mf_card offline');
        return [{ path: '/user/about', Component: () => <p>about page</p> }];
      },
      reset: () => undefined,
    };
    await renderRemote(<AppRoutes />, shellApp({ route: '/user/about', remotesLoader: loader }));
    expect(await screen.findByText('about page')).toBeInTheDocument();
  });

  it('shows the fallback in Arabic when the page is Arabic', async () => {
    stubCalls({ getConfig: DEMO_CONFIG });
    const loader: RemoteRoutesLoader = {
      load: async () => Promise.reject(new Error('offline')),
      reset: () => undefined,
    };
    await renderRemote(<AppRoutes />, shellApp({ route: `${CARD_URL}?lan=ar`, remotesLoader: loader }));
    expect(await screen.findByText('هذا الجزء غير متاح حاليًا')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
