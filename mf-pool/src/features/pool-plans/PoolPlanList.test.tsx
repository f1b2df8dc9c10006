import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getBus, getStorage, STORAGE_KEYS, type EventMap, type PoolPlan } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
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

  it('asks checkout for the plan when logged in', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    stubCalls({ getPoolPkgList: { list: [plan] } });
    const requests: Array<EventMap['checkout:open']> = [];
    const off = getBus().subscribe('checkout:open', (request) => requests.push(request));
    await show();
    await userEvent.click(screen.getByTestId('pool-plan'));
    off();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      iccid: '89880000000000000001',
      flag: '2',
      ccy: 'USD',
      goods: { id: 41, pool_type_id: 4, price: 5900, currency: 'USD' },
    });
  });

  it('says when there are no plans', async () => {
    stubCalls({ getPoolPkgList: { list: [] } });
    await show();
    expect(screen.getByTestId('pool-plans-empty')).toHaveTextContent('There are no shared plans for this card yet.');
  });
});
