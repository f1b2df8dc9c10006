import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getBus,
  getStorage,
  STORAGE_KEYS,
  type CheckoutRequest,
  type EventMap,
  type OrderRecord,
  type PayReturn,
} from 'shared-contracts';
import { renderRemote, stubCalls, type CallsHandle, type CallStubs } from 'shared-contracts/testing';
import { PAY_POLL_MS } from '../hooks/use-pay-return';
import { answers, cardRoute, ICCID, Page } from './card-fixtures';

// The pay return (spec section 2: returnType=suc|cancel) and the purchase start points of the card page that
// mf-checkout's sheet relies on: the partner hand-over (?pkg=) and the refill of a version-3 card.

const record: OrderRecord = {
  order_id: 'ord-7',
  iccid: ICCID,
  name: 'Europe 5GB',
  amount: 1649,
  tax: 150,
  currency: 'EUR',
  pay: 'stripe',
  status: 'paid',
  renewal: false,
  create: 1_763_900_000,
};

const stored: PayReturn = {
  id: 1,
  pay: 'stripe',
  iccid: ICCID,
  flag: '2',
  mode: 1,
  order_id: 'ord-7',
  name: 'Europe 5GB',
  amount: 1649,
  currency: 'EUR',
  at: 1,
};

let api: CallsHandle;
async function open(route: string, stubs: CallStubs = {}) {
  api = stubCalls({ ...answers(), ...stubs });
  await renderRemote(<Page />, cardRoute(route));
}

describe('pay return on the card page', () => {
  it('returnType=suc asks /pay/search about the stored order, names it, and reloads the card once paid', async () => {
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    await open(`/2/${ICCID}?returnType=suc`, {
      paySearch: { order_id: 'ord-7', status: 'paid' },
      orderList: { list: [record] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'paid'));
    expect(dialog).toHaveTextContent('The package has been added to this card.');
    expect(within(dialog).getByTestId('paid-package')).toHaveTextContent('Europe 5GB');
    expect(within(dialog).getByTestId('paid-amount')).toHaveTextContent('€16.49');
    expect(within(dialog).getByTestId('paid-order-id')).toHaveTextContent('ord-7');
    expect(api.callsTo('paySearch')[0]?.body).toEqual({ order_id: 'ord-7' });
    expect(api.callsTo('orderList')[0]?.body).toEqual({ iccid: ICCID });
    // The card is loaded again (its new package) while the dialog stays.
    await waitFor(() => expect(api.callsTo('getCard')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeInTheDocument();
    expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/2/${ICCID}$`));
  });

  it("takes the order id from the provider's return address (a purchase made on a partner's page)", async () => {
    await open(`/2/${ICCID}?returnType=suc&order_id=ord-9&type=Asia`, {
      paySearch: { order_id: 'ord-9', status: 'paid' },
      orderList: { list: [{ ...record, order_id: 'ord-9', name: 'Asia 1GB', amount: 500, tax: 0 }] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(await within(dialog).findByTestId('paid-package')).toHaveTextContent('Asia 1GB');
    expect(within(dialog).getByTestId('paid-amount')).toHaveTextContent('€5.00');
    expect(api.callsTo('paySearch')[0]?.body).toEqual({ order_id: 'ord-9' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/2/${ICCID}?type=Asia`);
  });

  it('asks again while the order is pending, then reloads the card', async () => {
    jest.useFakeTimers();
    try {
      getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
      let status: 'pending' | 'paid' = 'pending';
      api = stubCalls({
        ...answers(),
        paySearch: () => ({ order_id: 'ord-7', status }),
        orderList: { list: [record] },
      });
      await renderRemote(<Page />, cardRoute(`/2/${ICCID}?returnType=suc`));
      await act(async () => void jest.advanceTimersByTime(400));
      const dialog = await screen.findByTestId('paid-dialog');
      await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'pending'));
      expect(dialog).toHaveTextContent('Your payment is being confirmed.');
      expect(api.callsTo('getCard')).toHaveLength(1);
      status = 'paid';
      await act(async () => void jest.advanceTimersByTime(PAY_POLL_MS));
      await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'paid'));
      expect(api.callsTo('paySearch')).toHaveLength(2);
      await waitFor(() => expect(api.callsTo('getCard')).toHaveLength(2));
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failed order says so, with no receipt to send', async () => {
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    await open(`/2/${ICCID}?returnType=suc`, { paySearch: { order_id: 'ord-7', status: 'failed' } });
    const dialog = await screen.findByRole('dialog', { name: 'Payment not completed' });
    expect(dialog).toHaveTextContent('nothing was charged');
    expect(within(dialog).queryByTestId('paid-email')).toBeNull();
    expect(api.callsTo('getCard')).toHaveLength(1);
  });

  it('returnType=cancel warns and forgets the stored hand-over; another returnType is ignored', async () => {
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await open(`/2/${ICCID}?returnType=cancel`);
    await screen.findByTestId('card-summary');
    expect(toasts).toContainEqual({ kind: 'warning', messageKey: 'orderCancelled' });
    expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).toBeNull();

    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    toasts.length = 0;
    await open(`/2/${ICCID}?returnType=paid`);
    await screen.findAllByTestId('card-summary');
    off();
    expect(toasts).toEqual([]);
    expect(screen.queryByTestId('paid-dialog')).toBeNull();
    expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).not.toBeNull();
  });

  it('ignores a stored hand-over of another card', async () => {
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, { ...stored, iccid: '89880000000000000002' });
    await open(`/2/${ICCID}?returnType=suc`);
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'unknown');
    expect(api.callsTo('paySearch')).toHaveLength(0);
  });
});

describe('purchase start points', () => {
  const events: CheckoutRequest[] = [];
  let off: () => void;
  beforeEach(() => {
    events.length = 0;
    off = getBus().subscribe('checkout:open', (request) => events.push(request));
  });
  afterEach(() => off());

  it("a partner's hand-over (?pkg=<id>) opens that package's sheet once the packages load", async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
    await open(`/2/${ICCID}?pkg=1`);
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ iccid: ICCID, flag: '2', goods: { id: 1, name: 'Europe 5GB', price: 1499 } });
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/2/${ICCID}$`));
    expect(screen.getByTestId('package-1')).toHaveAttribute('aria-pressed', 'true');
  });

  it('a hand-over of an unknown package opens nothing', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
    await open(`/2/${ICCID}?pkg=999`);
    await screen.findByTestId('package-grid');
    expect(events).toHaveLength(0);
  });

  it('a version-3 card shows the card list view, and its packages when it is refilled', async () => {
    await open(`/2/${ICCID}`, answers({ agent_version: 3 }));
    expect(await screen.findByTestId('card-list-view')).toBeInTheDocument();
    expect(screen.queryByTestId('packages')).toBeNull();

    await open(`/2/${ICCID}?mode=search`, answers({ agent_version: 3 }));
    await userEvent.click(await screen.findByTestId('package-1'));
    await userEvent.click(screen.getByTestId('buy'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ agentVersion: 3, goods: { id: 1 } });
  });
});
