import { screen, waitFor, within } from '@testing-library/react';
import { getBus, getStorage, STORAGE_KEYS, type EventMap } from 'shared-contracts';
import { callError, renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { EID, slotInfo } from '../../../testing/fixtures';
import { SlotSettingsPage } from './SlotSettingsPage';

// /esim/slot/set (issue 25): rename the slot, its e-mail, remove it from the account; the owner's login needed.

const { email: _email, ...slotItem } = slotInfo;

async function open(stubs: CallStubs = {}, { loggedIn = true, lang = 'en' } = {}) {
  getStorage().setJSON(STORAGE_KEYS.SET_SLOT_ITEM, { ...slotItem, index: 2 });
  if (loggedIn) getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
  const api = stubCalls({ eidInfo: slotInfo, esimSlotSet: null, eidSetEmail: null, esimSlotDel: null, ...stubs });
  const rendered = await renderRemote(<SlotSettingsPage />, {
    route: '/esim/slot/set',
    path: '/esim/slot/set',
    showLocation: true,
    i18n: { lang, namespaces: [remote] },
  });
  return { ...rendered, api };
}

function toasts() {
  const seen: Array<EventMap['toast']> = [];
  const off = getBus().subscribe('toast', (toast) => seen.push(toast));
  return { seen, off };
}

describe('SlotSettingsPage', () => {
  it('renames the slot (trimmed), hands the new name over and says so; empty brings the default back', async () => {
    const { user, api } = await open();
    expect(await screen.findByTestId('settings-name')).toHaveTextContent('Travel phone');
    expect(screen.getByTestId('settings-name')).toHaveAttribute('translate', 'no');
    expect(screen.getByTestId('settings-number')).toHaveTextContent(EID);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('placeholder', 'eSim Slot 2');
    expect(screen.getByTestId('settings-save')).toBeDisabled();
    await user.clear(input);
    await user.type(input, '  Tablet  ');
    const { seen, off } = toasts();
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('settings-name')).toHaveTextContent('Tablet'));
    expect(api.callsTo('esimSlotSet').map((call) => call.body)).toEqual([{ eid: EID, name: 'Tablet' }]);
    expect(getStorage().getJSON(STORAGE_KEYS.SET_SLOT_ITEM)).toMatchObject({ eid: EID, name: 'Tablet', index: 2 });
    await user.clear(input);
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('settings-name')).toHaveTextContent('eSim Slot 2'));
    expect(screen.getByTestId('settings-name')).not.toHaveAttribute('translate');
    off();
    expect(seen).toEqual([
      { kind: 'success', messageKey: 'esim:slotSettings.renamed', values: { name: 'Tablet' } },
      { kind: 'success', messageKey: 'esim:slotSettings.nameReset', values: { name: 'eSim Slot 2' } },
    ]);
  });

  it('changes the e-mail after the e-mail rules, and shows the new one', async () => {
    const { user, api } = await open();
    expect(await screen.findByTestId('settings-email-current')).toHaveTextContent('me@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'E-mail for this slot' });
    const input = within(dialog).getByLabelText('E-mail address');
    await user.clear(input);
    await user.type(input, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.callsTo('eidSetEmail')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('settings-email-current')).toHaveTextContent('new@example.com'));
    expect(api.callsTo('eidSetEmail').map((call) => call.body)).toEqual([{ eid: EID, email: 'new@example.com' }]);
  });

  it('removes the slot only after the confirmation, then goes to the card list', async () => {
    const { user, api } = await open();
    await user.click(await screen.findByTestId('settings-remove-open'));
    // jsdom lays nothing out inline: the accessible name gets a space around the marked name.
    const dialog = screen.getByRole('dialog', { name: /^Remove Travel phone ?\?$/ });
    expect(within(dialog).getByText('Travel phone')).toHaveAttribute('translate', 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('esimSlotDel')).toHaveLength(0);
    await user.click(screen.getByTestId('settings-remove-open'));
    await user.click(screen.getByTestId('settings-remove-confirm'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/eshop/card/list'));
    expect(api.callsTo('esimSlotDel').map((call) => call.body)).toEqual([{ eid: EID }]);
    expect(getStorage().get(STORAGE_KEYS.SET_SLOT_ITEM)).toBeNull();
  });

  it('a refused removal (another account’s slot) stays on the page', async () => {
    const { user } = await open({ esimSlotDel: callError(10024, 'forbidden') });
    await user.click(await screen.findByTestId('settings-remove-open'));
    await user.click(screen.getByTestId('settings-remove-confirm'));
    await waitFor(() => expect(screen.getByTestId('settings-remove-confirm')).not.toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByTestId('location')).toHaveTextContent('/esim/slot/set');
  });

  it('asks a visitor to log in, and says what to do without a slot', async () => {
    await open({}, { loggedIn: false });
    expect(screen.getByTestId('settings-login')).toHaveTextContent('Log in with the account');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/user/login?redirect=${encodeURIComponent('/esim/slot/set')}`,
    );
  });

  it("names an unnamed slot in the page's language (German), not marked as the user's", async () => {
    const { user } = await open({ eidInfo: { ...slotInfo, name: '' } }, { lang: 'de' });
    const name = await screen.findByTestId('settings-name');
    expect(name).toHaveTextContent(/^eSIM-Slot 2$/);
    expect(name).not.toHaveAttribute('translate');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', 'eSIM-Slot 2');
    expect(screen.getByTestId('settings-rename')).not.toHaveTextContent(/eSim Slot/);
    await user.click(screen.getByTestId('settings-remove-open'));
    const title = within(screen.getByRole('dialog')).getByText('eSIM-Slot 2');
    expect(title).not.toHaveAttribute('translate');
  });

  it('speaks Arabic', async () => {
    await open({}, { lang: 'ar' });
    expect(await screen.findByRole('button', { name: 'إزالة المنفذ' })).toBeInTheDocument();
  });
});
