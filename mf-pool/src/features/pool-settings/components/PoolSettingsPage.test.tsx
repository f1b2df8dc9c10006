import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, getStorage, STORAGE_KEYS, type EventMap } from 'shared-contracts';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { POOL } from '../../../testing/fixtures';
import { PoolSettingsPage } from './PoolSettingsPage';

async function show(pool = POOL, lang = 'en') {
  getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
  getStorage().setJSON(STORAGE_KEYS.SET_POOL_ITEM, { ...pool, displayName: pool.name || 'Shared Plan 2', index: 2 });
  getStorage().setJSON(STORAGE_KEYS.POOL_INFO_ITEM, { ...pool, displayName: pool.name || 'Shared Plan 2', index: 2 });
  await renderRemote(<PoolSettingsPage />, {
    route: '/pool/set?poolId=pool_7',
    path: '/pool/set',
    showLocation: true,
    i18n: { lang, namespaces: [remote] },
  });
}

function listen() {
  const toasts: Array<EventMap['toast']> = [];
  const changes: Array<EventMap['pool:changed']> = [];
  const offs = [
    getBus().subscribe('toast', (toast) => toasts.push(toast)),
    getBus().subscribe('pool:changed', (change) => changes.push(change)),
  ];
  return { toasts, changes, off: () => offs.forEach((off) => off()) };
}

describe('PoolSettingsPage', () => {
  it('renames the pool (trimmed, at most 64 characters, the default name as placeholder) and says so', async () => {
    const api = stubCalls({ poolSet: null });
    const heard = listen();
    await show();
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveValue('Family');
    expect(input).toHaveAttribute('placeholder', 'Shared Plan 2');
    expect(input).toHaveAttribute('maxLength', '64');
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '  Holiday  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    heard.off();
    expect(api.callsTo('poolSet')[0]?.body).toEqual({ pool_object_id: 'pool_7', name: 'Holiday' });
    expect(screen.getByTestId('pool-settings-name')).toHaveTextContent('Holiday');
    expect(heard.toasts).toContainEqual({
      kind: 'success',
      messageKey: 'pool:toast.renamed',
      values: { name: 'Holiday' },
    });
    expect(heard.changes).toEqual([{ poolObjectId: 'pool_7' }]);
    expect(getStorage().getJSON(STORAGE_KEYS.POOL_INFO_ITEM)).toMatchObject({
      name: 'Holiday',
      displayName: 'Holiday',
    });
  });

  it('an emptied name goes back to the default', async () => {
    const api = stubCalls({ poolSet: null });
    await show();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(api.callsTo('poolSet')[0]?.body).toEqual({ pool_object_id: 'pool_7', name: '' });
    expect(screen.getByTestId('pool-settings-name')).toHaveTextContent('Shared Plan 2');
  });

  it("marks the pool's own name as not to be translated", async () => {
    await show();
    expect(screen.getByTestId('pool-settings-name')).toHaveTextContent('Family');
    expect(screen.getByTestId('pool-settings-name')).toHaveAttribute('translate', 'no');
  });

  it("names an unnamed pool in the page's language (German), not marked as the user's", async () => {
    await show({ ...POOL, name: '' }, 'de');
    const heading = screen.getByTestId('pool-settings-name');
    expect(heading).toHaveTextContent(/^Geteilter Tarif 2$/);
    expect(heading).not.toHaveAttribute('translate');
    expect(screen.getByRole('textbox')).toHaveAttribute('placeholder', 'Geteilter Tarif 2');
    expect(screen.getByTestId('pool-rename')).toHaveTextContent('„Geteilter Tarif 2“');
    expect(screen.getByTestId('pool-rename')).not.toHaveTextContent(/Shared Plan/);
  });

  it('deletes after a confirmation, tells the page and goes to the card list', async () => {
    const api = stubCalls({ poolDelete: null });
    const heard = listen();
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // jsdom lays nothing out inline: the accessible name gets a space around the marked name.
    const dialog = screen.getByRole('dialog', { name: /^Delete Family ?\?$/ });
    expect(within(dialog).getByText('Family')).toHaveAttribute('translate', 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('poolDelete')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    heard.off();
    expect(api.callsTo('poolDelete')[0]?.body).toEqual({ pool_object_id: 'pool_7' });
    expect(heard.toasts).toContainEqual({
      kind: 'success',
      messageKey: 'pool:toast.deleted',
      values: { name: 'Family' },
    });
    expect(heard.changes).toEqual([{ poolObjectId: 'pool_7' }]);
    expect(screen.getByTestId('location')).toHaveTextContent('/eshop/card/list');
    expect(getStorage().getJSON(STORAGE_KEYS.SET_POOL_ITEM)).toBeNull();
    expect(getStorage().getJSON(STORAGE_KEYS.POOL_INFO_ITEM)).toBeNull();
  });

  it('with data left the api refuses: the dialog says so and "Delete anyway" confirms', async () => {
    const api = stubCalls({
      poolDelete: (request) => ('confirm' in request && request.confirm ? null : callError(10002, 'data left')),
    });
    const heard = listen();
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('delete-data-left')).toHaveTextContent(
      'This shared plan still has data left. Deleting it ends that data, with no refund.',
    );
    expect(heard.toasts).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete anyway' }));
    heard.off();
    expect(api.callsTo('poolDelete').map((call) => call.body)).toEqual([
      { pool_object_id: 'pool_7' },
      { pool_object_id: 'pool_7', confirm: true },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/eshop/card/list');
  });

  it('another refusal shows its message and keeps the pool', async () => {
    stubCalls({ poolDelete: callError(10024) });
    const heard = listen();
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    heard.off();
    expect(heard.toasts).toContainEqual(expect.objectContaining({ kind: 'error', messageKey: 'errors.10024' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pool/set');
  });

  it('without a hand-over it says no pool was chosen', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    await renderRemote(<PoolSettingsPage />, { route: '/pool/set', i18n: { namespaces: [remote] } });
    expect(screen.getByTestId('pool-none')).toBeInTheDocument();
  });
});
