import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getBus, getStorage, STORAGE_KEYS, type EventMap, type PoolPlan } from 'shared-contracts';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import PoolPlanList from './PoolPlanList';

const plan: PoolPlan = {
  id: 41,
  tag: 'Family',
  main_title: '50 GB',
  secondary_title: 'up to 5 cards',
  pool_lines: 5,
  price_str: '$59.00',
  currency_symbol: '$',
  price: 5900,
  currency: 'USD',
  pool_type_id: 4,
};

async function show() {
  await renderRemote(
    <Routes>
      <Route path="/2/:iccid" element={<PoolPlanList iccid="89880000000000000001" ccy="USD" lang="en" />} />
      <Route path="/user/login" element={<p>login page</p>} />
    </Routes>,
    { route: '/2/89880000000000000001', i18n: { namespaces: [remote] } },
  );
}

describe('PoolPlanList', () => {
  it('asks for the plans of the card in the currency and shows them as plan cards', async () => {
    const api = stubCalls({ getPoolPkgList: { list: [plan] } });
    await show();
    expect(api.callsTo('getPoolPkgList')[0]?.body).toEqual({ iccid: '89880000000000000001', ccy: 'USD', lang: 'en' });
    const card = screen.getByTestId('pool-plan');
    expect(card).toHaveTextContent('Family');
    expect(card).toHaveTextContent('50 GB');
    expect(card).toHaveTextContent('$59.00');
    expect(screen.getByRole('img', { name: 'Shared by up to 5 cards' })).toBeInTheDocument();
  });

  it('sends a visitor to log in first', async () => {
    stubCalls({ getPoolPkgList: { list: [plan] } });
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await show();
    await userEvent.click(screen.getByTestId('pool-plan'));
    off();
    expect(toasts).toContainEqual({ kind: 'warning', messageKey: 'pleaseLogIn' });
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('for a card, the add-to-pool dialog creates the pool and the pay sheet opens 500 ms later (flag 2)', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    const api = stubCalls({
      getPoolPkgList: { list: [plan] },
      poolCardCandidate: { valid: ['89880000000000000001'], invalid: [], lines_left: 5 },
      getCardList: { card: [], esim: [], eid: [], pool: [] },
      createPool: { pool_object_id: 'pool_1' },
    });
    const requests: Array<EventMap['checkout:open']> = [];
    const off = getBus().subscribe('checkout:open', (request) => requests.push(request));
    await show();
    await userEvent.click(screen.getByTestId('pool-plan'));
    expect(await screen.findByRole('dialog', { name: 'Share this plan' })).toBeInTheDocument();
    expect(api.callsTo('poolCardCandidate')[0]?.body).toEqual({ eshop_goods_id: 41 });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with 1 card' }));
    expect(api.callsTo('createPool')[0]?.body).toEqual({ iccids: ['89880000000000000001'], eshop_goods_id: 41 });
    expect(requests).toHaveLength(0);
    await waitFor(() => expect(requests).toHaveLength(1));
    off();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      iccid: '89880000000000000001',
      flag: '2',
      pool_object_id: 'pool_1',
      ccy: 'USD',
      goods: { id: 41, pool_type_id: 4, price: 5900, currency: 'USD' },
    });
  });

  it('opens no sheet when the pool could not be created, and the dialog stays', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    stubCalls({
      getPoolPkgList: { list: [plan] },
      poolCardCandidate: { valid: ['89880000000000000001'], invalid: [], lines_left: 5 },
      getCardList: { card: [], esim: [], eid: [], pool: [] },
      createPool: callError(10003),
    });
    const requests: Array<EventMap['checkout:open']> = [];
    const off = getBus().subscribe('checkout:open', (request) => requests.push(request));
    await show();
    await userEvent.click(screen.getByTestId('pool-plan'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with 1 card' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    off();
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Share this plan' })).toBeInTheDocument();
  });

  it('a second pool for the plan replaces the first one, whose sheet was closed unpaid', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    let next = 0;
    const api = stubCalls({
      getPoolPkgList: { list: [plan] },
      poolCardCandidate: { valid: ['89880000000000000001'], invalid: [], lines_left: 5 },
      getCardList: { card: [], esim: [], eid: [], pool: [] },
      createPool: () => ({ pool_object_id: `pool_${(next += 1)}` }),
      poolDelete: null,
    });
    await show();
    for (let tap = 0; tap < 2; tap += 1) {
      await userEvent.click(screen.getByTestId('pool-plan'));
      await userEvent.click(await screen.findByRole('button', { name: 'Continue with 1 card' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(api.callsTo('createPool')).toHaveLength(2);
    expect(api.callsTo('poolDelete').map((call) => call.body)).toEqual([{ pool_object_id: 'pool_1' }]);
  });

  it('without a card, or for an existing pool, opens the pay sheet at once', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    const api = stubCalls({ getPoolPkgList: { list: [plan] } });
    const requests: Array<EventMap['checkout:open']> = [];
    const off = getBus().subscribe('checkout:open', (request) => requests.push(request));
    await renderRemote(<PoolPlanList ccy="USD" lang="en" />, { i18n: { namespaces: [remote] } });
    await userEvent.click(await screen.findByTestId('pool-plan'));
    await renderRemote(<PoolPlanList iccid="89880000000000000001" poolObjectId="pool_7" ccy="USD" lang="en" />, {
      i18n: { namespaces: [remote] },
    });
    await userEvent.click((await screen.findAllByTestId('pool-plan'))[1]!);
    off();
    expect(api.callsTo('createPool')).toHaveLength(0);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ iccid: null, flag: '2', returnPath: '/eshop/card/list' });
    expect(requests[0]).not.toHaveProperty('pool_object_id');
    expect(requests[1]).toMatchObject({ iccid: '89880000000000000001', flag: '2', pool_object_id: 'pool_7' });
    expect(api.callsTo('getPoolPkgList')[1]?.body).toEqual({ pool_object_id: 'pool_7', ccy: 'USD', lang: 'en' });
  });

  it('says when there are no plans', async () => {
    stubCalls({ getPoolPkgList: { list: [] } });
    await show();
    expect(screen.getByTestId('pool-plans-empty')).toHaveTextContent('There are no shared plans for this card yet.');
  });
});
