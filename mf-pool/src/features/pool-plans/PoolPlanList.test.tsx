import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { getBus, getStorage, STORAGE_KEYS, type EventMap, type PoolPlan } from 'shared-contracts';
import { ensureI18n, theme } from 'shared-contracts/ui';
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

function stubFetch(answer: { code: number; data: unknown }) {
  const bodies: unknown[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return { ok: true, status: 200, json: async () => ({ ...answer, message: 'x' }) } as Response;
  }) as typeof fetch;
  return { bodies, restore: () => void (globalThis.fetch = original) };
}

async function show() {
  await ensureI18n('en', remote);
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/2/89880000000000000001']}>
          <Routes>
            <Route path="/2/:iccid" element={<PoolPlanList iccid="89880000000000000001" ccy="USD" lang="en" />} />
            <Route path="/user/login" element={<p>login page</p>} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>,
    );
  });
}

afterEach(() => getStorage().remove(STORAGE_KEYS.RECEIPT));

describe('PoolPlanList', () => {
  it('asks for the plans of the card in the currency and shows them as plan cards', async () => {
    const api = stubFetch({ code: 10000, data: { list: [plan] } });
    await show();
    api.restore();
    expect(api.bodies[0]).toEqual({ iccid: '89880000000000000001', ccy: 'USD', lang: 'en' });
    const card = screen.getByTestId('pool-plan');
    expect(card).toHaveTextContent('Family');
    expect(card).toHaveTextContent('50 GB');
    expect(card).toHaveTextContent('$59.00');
    expect(screen.getByRole('img', { name: 'Shared by up to 5 cards' })).toBeInTheDocument();
  });

  it('sends a visitor to log in first', async () => {
    const api = stubFetch({ code: 10000, data: { list: [plan] } });
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await show();
    await userEvent.click(screen.getByTestId('pool-plan'));
    off();
    api.restore();
    expect(toasts).toContainEqual({ kind: 'warning', messageKey: 'pleaseLogIn' });
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('asks checkout for the plan when logged in', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
    const api = stubFetch({ code: 10000, data: { list: [plan] } });
    const requests: Array<EventMap['checkout:open']> = [];
    const off = getBus().subscribe('checkout:open', (request) => requests.push(request));
    await show();
    await userEvent.click(screen.getByTestId('pool-plan'));
    off();
    api.restore();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      iccid: '89880000000000000001',
      flag: '2',
      ccy: 'USD',
      goods: { id: 41, pool_type_id: 4, price: 5900, currency: 'USD' },
    });
  });

  it('says when there are no plans', async () => {
    const api = stubFetch({ code: 10000, data: { list: [] } });
    await show();
    api.restore();
    expect(screen.getByTestId('pool-plans-empty')).toHaveTextContent('There are no shared plans for this card yet.');
  });
});
