import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, getStorage, publish, STORAGE_KEYS, type EventMap } from 'shared-contracts';
import { renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { card, cardList, ESIM_C, PLAN, POOL, SIM_A } from '../../../testing/fixtures';
import { PoolDetailPage } from './PoolDetailPage';

const members = [card(SIM_A, { name: 'Dad', used: 300 }), card(ESIM_C, { name: '', used: 100 })];

function stub(more: CallStubs = {}) {
  return stubCalls({
    getCardList: cardList(),
    poolCardList: { list: members },
    getPoolPkgList: { list: [PLAN] },
    ...more,
  });
}

async function show(route = '/pool/detail', handOver = true, lang = 'en') {
  getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
  if (handOver) getStorage().setJSON(STORAGE_KEYS.POOL_INFO_ITEM, { ...POOL, displayName: 'Family', index: 2 });
  return renderRemote(<PoolDetailPage />, {
    route,
    path: '/pool/detail',
    showLocation: true,
    i18n: { lang, namespaces: [remote] },
  });
}

describe('PoolDetailPage', () => {
  it('shows the pool card with its plan usage link and its cards: name, masked ICCID, use and share', async () => {
    const api = stub();
    await show();
    expect(screen.getByTestId('pool-name')).toHaveTextContent('Family');
    expect(screen.getByRole('button', { name: 'Plan usage' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refill/ })).not.toBeInTheDocument();
    const rows = await screen.findAllByTestId('member');
    expect(api.callsTo('poolCardList')[0]?.body).toEqual({ pool_object_id: 'pool_7' });
    expect(rows[0]).toHaveTextContent('Dad');
    expect(rows[0]).toHaveTextContent('ICCID 8988************0011');
    expect(rows[0]).toHaveTextContent("Used 300 MB · 75% of the plan's use");
    // Unnamed: as the card list names an eSIM.
    expect(rows[1]).toHaveTextContent('eSIM 0033');
    expect(rows[1]).toHaveTextContent('25%');
    expect(screen.getByRole('heading', { name: 'Cards in this plan (2 of 3)' })).toBeInTheDocument();
    expect(screen.getByText('1 free line')).toBeInTheDocument();
    // The pool's and the cards' names are the user's (or 'eSIM' and digits): not to be translated.
    expect(screen.getByTestId('pool-name')).toHaveAttribute('translate', 'no');
    const names = screen.getAllByTestId('member-name');
    expect(names.map((name) => name.textContent)).toEqual(['Dad', 'eSIM 0033']);
    for (const name of names) expect(name).toHaveAttribute('translate', 'no');
  });

  it("names an unnamed pool in the page's language (Arabic), in the card and the remove line, not marked", async () => {
    stub({ getCardList: cardList([{ ...POOL, name: '' }]) });
    getStorage().setJSON(STORAGE_KEYS.POOL_INFO_ITEM, { ...POOL, name: '', displayName: 'Shared Plan 1', index: 1 });
    await show('/pool/detail', false, 'ar');
    const rows = await screen.findAllByTestId('member');
    expect(screen.getByTestId('pool-name')).toHaveTextContent(/^الخطة المشتركة 1$/);
    expect(screen.getByTestId('pool-name')).not.toHaveAttribute('translate');
    await userEvent.click(within(rows[0]!).getByRole('button'));
    const line = screen.getByTestId('remove-line');
    expect(line).toHaveTextContent('الخطة المشتركة 1');
    expect(line).not.toHaveTextContent(/Shared Plan/);
    expect(within(line).getByText('Dad')).toHaveAttribute('translate', 'no');
    expect(within(line).getByText('الخطة المشتركة 1')).not.toHaveAttribute('translate');
  });

  it("writes each card's use in the page language, a gigabyte and more in GB ('5,2 GB' in German)", async () => {
    stub({ poolCardList: { list: [card(SIM_A, { name: 'Dad', used: 5324.8 }), card(ESIM_C, { used: 1024 })] } });
    await show('/pool/detail', true, 'de');
    const rows = await screen.findAllByTestId('member');
    expect(within(rows[0]!).getByTestId('member-share')).toHaveTextContent(/^Verbraucht 5,2 GB · 84 %/);
    expect(within(rows[1]!).getByTestId('member-share')).toHaveTextContent(/^Verbraucht 1 GB · 16 %/);
  });

  it('removes a card after a confirmation, says so, and loads the pool again', async () => {
    const api = stub({ poolCardRemove: null });
    const toasts: Array<EventMap['toast']> = [];
    const changes: Array<EventMap['pool:changed']> = [];
    const offToast = getBus().subscribe('toast', (toast) => toasts.push(toast));
    const offChange = getBus().subscribe('pool:changed', (change) => changes.push(change));
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Dad' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    expect(dialog).toHaveTextContent('Dad will leave Family and go back to its own plan.');
    expect(within(dialog).getByText('Dad')).toHaveAttribute('translate', 'no');
    expect(within(dialog).getByText('Family')).toHaveAttribute('translate', 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('poolCardRemove')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Dad' }));
    api.stub({ poolCardList: { list: members.slice(1) } });
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(api.callsTo('poolCardRemove')[0]?.body).toEqual({ pool_object_id: 'pool_7', iccid: SIM_A });
    await waitFor(() => expect(screen.getAllByTestId('member')).toHaveLength(1));
    offToast();
    offChange();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toContainEqual({
      kind: 'success',
      messageKey: 'pool:toast.removed',
      values: { card: 'Dad', pool: 'Family' },
    });
    expect(changes).toEqual([{ poolObjectId: 'pool_7' }]);
    expect(api.callsTo('getCardList')).toHaveLength(2);
  });

  it('Add cards hands the pool over to /pool/add', async () => {
    stub();
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Add cards' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pool/add?poolId=pool_7');
    expect(getStorage().getJSON(STORAGE_KEYS.POOL_INFO_ITEM)).toMatchObject({ id: 'pool_7', displayName: 'Family' });
  });

  it('Settings stores SET_POOL_ITEM and opens /pool/set', async () => {
    stub();
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pool/set?poolId=pool_7');
    expect(getStorage().getJSON(STORAGE_KEYS.SET_POOL_ITEM)).toMatchObject({ id: 'pool_7', index: 2 });
  });

  it("refills: the pool's plans, and a plan opens the pay sheet for this pool; mode=refill focuses Refill", async () => {
    const api = stub();
    const requests: Array<EventMap['checkout:open']> = [];
    const off = getBus().subscribe('checkout:open', (request) => requests.push(request));
    await show('/pool/detail?poolId=pool_7&mode=refill');
    const refill = await screen.findByRole('heading', { name: 'Refill' });
    expect(refill).toHaveFocus();
    expect(api.callsTo('getPoolPkgList')[0]?.body).toEqual({ pool_object_id: 'pool_7', ccy: 'USD', lang: 'en' });
    await userEvent.click(await screen.findByTestId('pool-plan'));
    off();
    expect(requests[0]).toMatchObject({ iccid: null, flag: '2', pool_object_id: 'pool_7', goods: { id: 41 } });
  });

  it("Coverage lists the countries of the pool's plan with a search", async () => {
    const api = stub({
      poolZoneInfo: {
        countries: [
          { name: 'Austria', img: '', operators: [{ name: 'A1', networkType: '5G' }] },
          { name: 'Australia', img: '', operators: [] },
        ],
      },
    });
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Coverage' }));
    const sheet = screen.getByRole('dialog', { name: 'Coverage' });
    expect(await within(sheet).findAllByTestId('coverage-country')).toHaveLength(2);
    expect(api.callsTo('poolZoneInfo')[0]?.body).toEqual({ pool_type_id: 4, lang: 'en' });
    expect(within(sheet).getByText('5G')).toBeInTheDocument();
    await userEvent.type(within(sheet).getByRole('searchbox', { name: 'Search country' }), 'austri');
    expect(within(sheet).getAllByTestId('coverage-country')).toHaveLength(1);
    await userEvent.type(within(sheet).getByRole('searchbox'), 'x');
    expect(within(sheet).getByTestId('coverage-state')).toHaveTextContent('No results found');
  });

  it('loads again when the pool changes elsewhere, and says when it is gone', async () => {
    const api = stub();
    await show('/pool/detail?poolId=pool_7', false);
    expect(await screen.findByTestId('pool-name')).toHaveTextContent('Family');
    api.stub({ getCardList: cardList([]) });
    publish('pool:changed', { poolObjectId: 'pool_7' });
    expect(await screen.findByTestId('pool-gone')).toHaveTextContent('This shared plan no longer exists.');
    expect(screen.getByRole('link', { name: 'Go to my cards' })).toHaveAttribute('href', '/eshop/card/list');
  });

  it('asks a visitor to log in, and says when no pool was chosen', async () => {
    await renderRemote(<PoolDetailPage />, { route: '/pool/detail', i18n: { namespaces: [remote] } });
    expect(screen.getByTestId('pool-login')).toHaveTextContent('Log in to see and manage your shared plans.');
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    await renderRemote(<PoolDetailPage />, { route: '/pool/detail', i18n: { namespaces: [remote] } });
    expect(screen.getByTestId('pool-none')).toHaveTextContent('No shared plan was chosen.');
  });
});
