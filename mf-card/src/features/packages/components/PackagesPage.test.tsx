import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callKey, forgetInitialResults, getStorage, seedInitialResults, STORAGE_KEYS } from 'shared-contracts';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { LocalToasts } from 'shared-contracts/ui';
import { remote } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { PackagesPage } from './PackagesPage';
import { groups, ICCID, record } from './record-fixtures';

// The page's namespaces, as the shell has them by the time the page shows.
const render = (route: string) =>
  renderRemote(
    <>
      <PackagesPage />
      <LocalToasts />
    </>,
    { route, path: '/pkg', i18n: { namespaces: [remote, moreText] } },
  );

test('splits the records into active, pending and stopped/expired sections with data, dates and badges', async () => {
  const api = stubCalls({ pkgRecord: groups });
  await render(`/pkg?iccid=${ICCID}`);

  const active = await screen.findByRole('region', { name: /^active/i });
  const pending = screen.getByRole('region', { name: /not started yet/i });
  const stopped = screen.getByRole('region', { name: /stopped or expired/i });

  const activeCards = within(active).getAllByTestId('package-record');
  expect(activeCards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
    'Europe 20 GB',
    'World unlimited',
  ]);
  expect(activeCards[0]).toHaveTextContent('5.2GB used of 20GB');
  expect(activeCards[0]).toHaveTextContent('Dec 12, 2026');
  expect(within(activeCards[0]!).getByRole('switch', { name: 'Auto-renew' })).toHaveAttribute('aria-checked', 'true');
  expect(within(activeCards[1]!).getByRole('switch', { name: 'Auto-renew' })).toHaveAttribute('aria-checked', 'false');
  expect(within(activeCards[0]!).getByRole('meter', { name: 'Data used' })).toHaveAttribute('aria-valuenow', '26');
  expect(activeCards[1]).toHaveTextContent('3GB used · unlimited');
  expect(within(activeCards[1]!).queryByRole('meter')).toBeNull();

  const pendingCard = within(pending).getByTestId('package-record');
  expect(pendingCard).toHaveTextContent('Europe 5 GB');
  expect(pendingCard).toHaveTextContent('Pending');
  expect(pendingCard).toHaveTextContent('Starts when activated');
  // Paid and being set up on the network.
  expect(within(pendingCard).getByTestId('package-network')).toHaveTextContent('Being set up on the network…');

  const stoppedCards = within(stopped).getAllByTestId('package-record');
  expect(stoppedCards.map((card) => card.getAttribute('data-status'))).toEqual(['stop', 'invalid', 'invalid']);
  expect(stoppedCards[0]).toHaveTextContent('Stopped');
  expect(stoppedCards[1]).toHaveTextContent('Expired');
  // The network carries it: nothing to say about the network.
  expect(within(stoppedCards[1]!).queryByTestId('package-network')).toBeNull();
  // Refused by the network: refunded, not expired, and it never had a validity.
  const refused = stoppedCards[2]!;
  expect(within(refused).getByTestId('package-network')).toHaveTextContent('Not available on the network — refunded');
  expect(refused).toHaveTextContent('Refunded');
  expect(refused).not.toHaveTextContent('Expired');
  expect(refused).not.toHaveTextContent('Ended');
  expect(within(refused).queryByRole('switch')).toBeNull();
  // An ended package has nothing left to renew.
  expect(within(stoppedCards[0]!).queryByRole('switch')).toBeNull();

  expect(api.calls).toEqual([
    expect.objectContaining({ path: '/eshop/pkg/record', body: { iccid: ICCID, lang: 'en' } }),
  ]);
  expect(screen.getByRole('link', { name: 'Card details' })).toHaveAttribute('href', `/2/${ICCID}`);
});

test('writes data used of total from the numbers, with units; unlimited from its flag', async () => {
  stubCalls({
    pkgRecord: {
      list1: [
        record({ id: 1, used_str: '5.2GB', used_mb: 5324.8, total_mb: 20480, unlimited: false }),
        record({ id: 4, name: 'World', total_str: 'Unlimited', used_mb: 3072, total_mb: null, unlimited: true }),
      ],
      list2: [],
      list3: [],
    },
  });
  await render(`/pkg?iccid=${ICCID}`);
  const [capped, unlimited] = await screen.findAllByTestId('package-record');
  expect(capped).toHaveTextContent('5.2 GB used of 20 GB');
  expect(within(capped!).getByRole('meter', { name: 'Data used' })).toHaveAttribute('aria-valuenow', '26');
  expect(unlimited).toHaveTextContent('3 GB used · unlimited');
  expect(within(unlimited!).queryByRole('meter')).toBeNull();
});

test('a section without records says so; no records at all shows the empty state', async () => {
  stubCalls({ pkgRecord: { list1: [], list2: [groups.list2[0]!], list3: [] } });
  const { unmount } = await render(`/pkg?iccid=${ICCID}`);
  const active = await screen.findByRole('region', { name: /^active/i });
  expect(active).toHaveTextContent('No active package.');
  expect(screen.getByRole('region', { name: /stopped or expired/i })).toHaveTextContent(
    'No stopped or expired package.',
  );
  unmount();

  stubCalls({ pkgRecord: { list1: [], list2: [], list3: [] } });
  await render(`/pkg?iccid=${ICCID}`);
  expect(await screen.findByText('There is currently no content available')).toBeVisible();
  expect(screen.queryByRole('region', { name: /^active/i })).toBeNull();
});

test('without ?iccid the last card page ICCID is used; with none a way to enter one', async () => {
  getStorage().set(STORAGE_KEYS.DEVICE_ITEM_ICCID, '89880000000000000007');
  const api = stubCalls({ pkgRecord: groups });
  const { unmount } = await render('/pkg');
  await screen.findByRole('region', { name: /^active/i });
  expect(api.calls[0]?.body).toEqual({ iccid: '89880000000000000007', lang: 'en' });
  unmount();

  localStorage.clear();
  await render('/pkg');
  expect(await screen.findByText('Open a card first to see its packages.')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Enter an ICCID' })).toHaveAttribute('href', '/');
});

test('a card of another account shows the catalogue message and, logged out, a way to log in', async () => {
  // The api's answer for a card of another account.
  stubCalls({ pkgRecord: callError(10024, 'log in with the account this belongs to') });
  await render(`/pkg?iccid=${ICCID}`);
  expect(await screen.findByRole('alert')).toHaveTextContent('This belongs to another account.');
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/user/login');
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
});

test('a network failure offers a retry that loads the records', async () => {
  const api = stubCalls({
    pkgRecord: () => {
      throw new TypeError('offline');
    },
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  await render(`/pkg?iccid=${ICCID}`);
  expect(await screen.findByRole('alert')).toHaveTextContent('Network error');

  api.stub({ pkgRecord: groups });
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('region', { name: /^active/i })).toBeVisible();
  warn.mockRestore();
});

test('with ?poolId the page points to the shared plan instead of loading card records', async () => {
  const api = stubCalls({ pkgRecord: groups });
  await render('/pkg?poolId=pool-1');
  expect(await screen.findByText(/packages of a shared plan/i)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go to my cards' })).toHaveAttribute('href', '/eshop/card/list');
  expect(api.calls).toHaveLength(0);
});

test('the auto-renew switch turns renewal off with pkgUpdate at once and says so; a refused change leaves it as it was', async () => {
  const api = stubCalls({ pkgRecord: groups, pkgUpdate: null });
  await render(`/pkg?iccid=${ICCID}`);
  const active = await screen.findByRole('region', { name: /^active/i });
  const europe = within(active).getAllByTestId('package-record')[0]!;
  const toggle = within(europe).getByRole('switch', { name: 'Auto-renew' });

  await userEvent.click(toggle);
  // Off needs no agreement: no question first.
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.callsTo('pkgUpdate')[0]?.body).toEqual({ iccid: ICCID, id: 1, renewal: false });
  expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(await screen.findByTestId('toast')).toHaveTextContent('Auto-renew is off: Europe 20 GB will not renew.');
  expect(within(europe).getByRole('link', { name: 'Auto-renewal agreement' })).toHaveAttribute(
    'href',
    '/renew/agreement',
  );

  stubCalls({ pkgRecord: groups, pkgUpdate: callError(10024) });
  await userEvent.click(toggle);
  await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
  expect(toggle).toHaveAttribute('aria-checked', 'false');
});

test('switching auto-renew on asks first, with the agreement: OK turns it on, Cancel leaves it off and says so', async () => {
  const api = stubCalls({ pkgRecord: groups, pkgUpdate: null });
  await render(`/pkg?iccid=${ICCID}`);
  const active = await screen.findByRole('region', { name: /^active/i });
  const world = within(active).getAllByTestId('package-record')[1]!;
  const toggle = within(world).getByRole('switch', { name: 'Auto-renew' });
  expect(toggle).toHaveAttribute('aria-checked', 'false');

  await userEvent.click(toggle);
  let dialog = await screen.findByRole('dialog', { name: 'Turn on auto-renewal?' });
  expect(dialog).toHaveTextContent('When World unlimited ends, the same package is bought again for this card');
  const agreement = within(dialog).getByRole('link', { name: 'Auto-renewal agreement' });
  expect(agreement).toHaveAttribute('href', '/renew/agreement');
  expect(agreement).toHaveAttribute('target', '_blank');
  expect(api.callsTo('pkgUpdate')).toHaveLength(0);

  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(api.callsTo('pkgUpdate')).toHaveLength(0);
  expect(await screen.findByTestId('toast')).toHaveTextContent('Auto-renewal cancelled.');

  await userEvent.click(toggle);
  dialog = await screen.findByRole('dialog', { name: 'Turn on auto-renewal?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.callsTo('pkgUpdate')[0]?.body).toEqual({ iccid: ICCID, id: 4, renewal: true });
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(screen.getByTestId('toast')).toHaveTextContent('Auto-renew is on: World unlimited renews when it ends.');
});

test('server-side rendering: the records that came with the page show in the first render, not asked again', async () => {
  const api = stubCalls({ pkgRecord: groups });
  seedInitialResults({
    [callKey('pkgRecord', { iccid: ICCID, lang: 'en' })]: { ok: true, code: 10000, data: groups },
  });
  try {
    await render(`/pkg?iccid=${ICCID}`);
    expect(screen.getByRole('region', { name: /^active/i })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  } finally {
    forgetInitialResults();
  }
});
