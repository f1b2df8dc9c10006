import { screen, waitFor, within } from '@testing-library/react';
import { getStorage, STORAGE_KEYS, type EsimCardInfo } from 'shared-contracts';
import { callError, renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { EsimCardSettingsPage } from './EsimCardSettingsPage';

// /esim/card/set/0 (issue 25): rename the eSIM, its e-mail, remove it from the account; the owner's login needed.

const card: EsimCardInfo = {
  iccid: '89860000000000001234',
  name: '',
  kind: 3,
  available_days: 10,
  total_active: 3,
  total_str: '10GB',
  total: 10240,
  used: 2560,
  remain_str: '7.5GB',
  expire_date: '2026-12-01',
  warn: '',
  is_third_party: false,
  action: null,
  card_status_str: 'Activated',
  expire_timestamp: 1796083200,
  status_str: 'Activated',
  hasKeys: false,
};

async function open(stubs: CallStubs = {}, { loggedIn = true, stored = true } = {}) {
  if (stored) getStorage().setJSON(STORAGE_KEYS.ESIM_CARD_INFO, card);
  if (loggedIn) getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
  const api = stubCalls({ setCard: null, setEmail: null, unbindCard: null, ...stubs });
  const rendered = await renderRemote(<EsimCardSettingsPage />, {
    route: '/esim/card/set/0',
    path: '/esim/card/set/0',
    showLocation: true,
    i18n: { namespaces: [remote] },
  });
  return { ...rendered, api };
}

describe('EsimCardSettingsPage', () => {
  it('shows the default name and renames the eSIM', async () => {
    const { user, api } = await open();
    expect(screen.getByTestId('settings-name')).toHaveTextContent('eSIM 1234');
    // 'eSIM' and the last digits, like the user's own name, is not to be translated.
    expect(screen.getByTestId('settings-name')).toHaveAttribute('translate', 'no');
    expect(screen.getByTestId('settings-number')).toHaveTextContent(card.iccid);
    await user.type(screen.getByLabelText('Name'), 'Holiday');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('settings-name')).toHaveTextContent('Holiday'));
    expect(screen.getByTestId('settings-name')).toHaveAttribute('translate', 'no');
    expect(api.callsTo('setCard').map((call) => call.body)).toEqual([{ iccid: card.iccid, name: 'Holiday' }]);
    expect(getStorage().getJSON(STORAGE_KEYS.ESIM_CARD_INFO)).toMatchObject({ name: 'Holiday' });
  });

  it('sets the e-mail of the eSIM', async () => {
    const { user, api } = await open();
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'E-mail for this eSIM' });
    await user.type(within(dialog).getByLabelText('E-mail address'), 'trip@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('settings-email-current')).toHaveTextContent('trip@example.com'));
    expect(api.callsTo('setEmail').map((call) => call.body)).toEqual([
      { iccid: card.iccid, email: 'trip@example.com' },
    ]);
  });

  it('removes the eSIM from the account after the confirmation; a refusal stays', async () => {
    const refused = await open({ unbindCard: callError(10024, 'forbidden') });
    await refused.user.click(screen.getByTestId('settings-remove-open'));
    await refused.user.click(screen.getByTestId('settings-remove-confirm'));
    await waitFor(() => expect(refused.api.callsTo('unbindCard')).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/esim/card/set/0');
    refused.unmount();

    const { user, api } = await open();
    await user.click(screen.getByTestId('settings-remove-open'));
    // jsdom lays nothing out inline: the accessible name gets a space around the marked name.
    const dialog = screen.getByRole('dialog', { name: /^Remove eSIM 1234 ?\?$/ });
    expect(within(dialog).getByText('eSIM 1234')).toHaveAttribute('translate', 'no');
    await user.click(screen.getByTestId('settings-remove-confirm'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/eshop/card/list'));
    expect(api.callsTo('unbindCard').map((call) => call.body)).toEqual([{ iccid: card.iccid }]);
    expect(getStorage().get(STORAGE_KEYS.ESIM_CARD_INFO)).toBeNull();
  });

  it('asks a visitor to log in; without a handed-over eSIM it says where to choose one', async () => {
    const visitor = await open({}, { loggedIn: false });
    expect(screen.getByTestId('settings-login')).toBeInTheDocument();
    visitor.unmount();
    getStorage().remove(STORAGE_KEYS.ESIM_CARD_INFO);
    await open({}, { stored: false });
    expect(screen.getByTestId('settings-none')).toHaveTextContent('Choose an eSIM');
  });
});
