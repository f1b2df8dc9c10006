import { screen, waitFor, within } from '@testing-library/react';
import { getBus, type EventMap, type OrderRecord } from 'shared-contracts';
import { pageExit } from 'shared-contracts/links';
import { callError, renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { OrdersPage } from './OrdersPage';

const ICCID = '89880000000000000001';
const OTHER = '89880000000000000007';
const NOW = 1_763_900_000;

const order = (overrides: Partial<OrderRecord>): OrderRecord => ({
  order_id: 'ord-1',
  iccid: ICCID,
  name: 'Europe 5 GB',
  amount: 1290,
  tax: 0,
  currency: 'USD',
  pay: 'stripe',
  status: 'paid',
  renewal: false,
  create: NOW,
  ...overrides,
});

const orders: OrderRecord[] = [
  order({ order_id: 'ord-old', name: 'Asia 1 GB', create: NOW - 86_400 * 30, status: 'cancelled' }),
  order({
    order_id: 'ord-new',
    name: 'Japan 3 GB',
    // The record's amount is before tax: ¥1,650 charged.
    amount: 1500,
    tax: 150,
    currency: 'JPY',
    create: NOW,
    iccid: OTHER,
  }),
  order({ order_id: 'ord-mid', amount: 1290, tax: 129, create: NOW - 86_400, renewal: true, pay: 'paypal' }),
  order({ order_id: 'ord-wait', name: 'World 1 GB', create: NOW - 86_400 * 2, status: 'pending' }),
];

async function show(
  stubs: CallStubs,
  { route = '/pay/order', stored = {} as Record<string, string>, lang = 'en' } = {},
) {
  const api = stubCalls(stubs);
  const rendered = await renderRemote(<OrdersPage />, {
    route,
    path: route.split('?')[0],
    showLocation: true,
    stored,
    i18n: { lang, namespaces: [remote] },
  });
  return { ...rendered, api };
}

describe('orders page (/order, /pay/order)', () => {
  it("lists a logged-in user's orders newest first: status, amount in the order's currency, package, date", async () => {
    const { api } = await show(
      { orderList: { list: orders } },
      { stored: { RECEIPT: 'token', USER_EMAIL: 'me@example.com' } },
    );
    const items = await screen.findAllByTestId('order');
    expect(api.callsTo('orderList')[0]?.body).toEqual({ lang: 'en' });
    expect(screen.getByTestId('orders-scope')).toHaveTextContent('Your orders');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Japan 3 GB',
      'Europe 5 GB',
      'World 1 GB',
      'Asia 1 GB',
    ]);
    const [japan, europe, world, asia] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(japan).getByTestId('order-amount')).toHaveTextContent('¥1,650incl. tax ¥150');
    expect(within(japan).getByTestId('order-status')).toHaveTextContent('Paid');
    expect(japan).toHaveTextContent(OTHER);
    expect(within(europe).getByTestId('order-amount')).toHaveTextContent('$14.19incl. tax $1.29');
    expect(europe).toHaveTextContent('PayPal');
    expect(europe).toHaveTextContent('Auto-renewal');
    expect(within(europe).getByTestId('order-id')).toHaveTextContent('ord-mid');
    expect(within(europe).getByTestId('order-date')).toHaveTextContent('2025');
    expect(within(world).getByTestId('order-status')).toHaveTextContent('Waiting for payment');
    expect(within(asia).getByTestId('order-status')).toHaveTextContent('Cancelled');
    // Paid with… only once paid; the method chosen for an unpaid order; none for a cancelled one.
    expect(japan).toHaveTextContent('Paid withCredit or debit card');
    expect(world).toHaveTextContent('Payment methodCredit or debit card');
    expect(world).not.toHaveTextContent('Paid with');
    expect(within(asia).queryByTestId('order-method')).toBeNull();
    expect(asia).not.toHaveTextContent('Paid with');
    // What can be done: pay on or cancel a waiting order; nothing for a cancelled one.
    expect(within(world).getByRole('button', { name: 'Continue payment' })).toBeEnabled();
    expect(within(world).getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    expect(within(asia).queryByRole('button')).toBeNull();
    expect(within(japan).queryByTestId('order-continue')).toBeNull();
    // The receipt only for paid orders.
    expect(within(world).queryByTestId('order-receipt')).toBeNull();
    expect(within(asia).queryByTestId('order-receipt')).toBeNull();
    // Named as it reads, described by the order it belongs to.
    expect(within(japan).getByRole('button', { name: 'E-mail me the receipt' })).toHaveAccessibleDescription(
      'Japan 3 GB',
    );
  });

  it('says Refunded for an order the network refused and that was paid back (and Payment failed without the flag)', async () => {
    await show(
      {
        orderList: {
          list: [
            order({ order_id: 'ord-back', name: 'Asia 10 GB', status: 'failed', refunded: true }),
            order({ order_id: 'ord-fail', name: 'World 1 GB', create: NOW - 60, status: 'failed' }),
          ],
        },
      },
      { stored: { RECEIPT: 'token', USER_EMAIL: 'me@example.com' } },
    );
    const [back, failed] = (await screen.findAllByTestId('order')) as [HTMLElement, HTMLElement];
    expect(within(back).getByTestId('order-status')).toHaveTextContent('Refunded');
    expect(within(failed).getByTestId('order-status')).toHaveTextContent('Payment failed');
    // A failed payment can be tried again; it was never paid. A refunded one was paid (and paid back).
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(failed).not.toHaveTextContent('Paid with');
    expect(within(back).queryByTestId('order-retry')).toBeNull();
    expect(back).toHaveTextContent('Paid with');
  });

  it('says Disputed for an order whose payment the bank disputes', async () => {
    await show(
      {
        orderList: { list: [order({ order_id: 'ord-disputed', name: 'Asia 10 GB', status: 'paid', disputed: true })] },
      },
      { stored: { RECEIPT: 'token', USER_EMAIL: 'me@example.com' } },
    );
    const disputed = await screen.findByTestId('order');
    expect(within(disputed).getByTestId('order-status')).toHaveTextContent('Disputed');
  });

  it("shows a visitor the orders of the last card page's ICCID, and ?iccid= first", async () => {
    const { api } = await show({ orderList: { list: [order({})] } }, { stored: { DEVICE_ITEM_ICCID: ICCID } });
    await screen.findByTestId('order');
    expect(api.callsTo('orderList')[0]?.body).toEqual({ iccid: ICCID, lang: 'en' });
    expect(screen.getByTestId('orders-scope')).toHaveTextContent(`Orders of card ${ICCID}`);
    expect(screen.getByTestId('order')).not.toHaveTextContent('Card');

    const again = await show(
      { orderList: { list: [] } },
      { route: `/order?iccid=${OTHER}`, stored: { DEVICE_ITEM_ICCID: ICCID } },
    );
    await screen.findAllByTestId('orders-empty');
    expect(again.api.callsTo('orderList')[0]?.body).toEqual({ iccid: OTHER, lang: 'en' });
  });

  it('without a login and without a card it offers to log in and asks nothing', async () => {
    const { api } = await show({});
    expect(screen.getByTestId('orders-login')).toHaveTextContent('Log in to see your orders');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/user/login');
    expect(api.calls).toHaveLength(0);
  });

  it('says when there are no orders and links to buying for the card', async () => {
    await show({ orderList: { list: [] } }, { stored: { DEVICE_ITEM_ICCID: ICCID } });
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent('There are no orders yet.');
    expect(screen.getByRole('link', { name: 'Buy a package' })).toHaveAttribute('href', `/2/${ICCID}?mode=search`);
  });

  it('says when the orders cannot be loaded, and Try again asks again', async () => {
    const { api, user } = await show({ orderList: callError(10003) }, { stored: { RECEIPT: 'token' } });
    const error = await screen.findByTestId('orders-error');
    expect(error).toHaveTextContent('The orders could not be loaded.');
    expect(error).toHaveTextContent('System error. Please try again later.');
    api.stub({ orderList: { list: [order({})] } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order')).toBeInTheDocument();
    expect(api.callsTo('orderList')).toHaveLength(2);
  });

  it('e-mails the receipt of an order: checks the address, calls /send/email, says so', async () => {
    const { api, user } = await show(
      { orderList: { list: [order({})] }, sendEmail: null },
      { stored: { RECEIPT: 'token', USER_EMAIL: 'me@example.com' } },
    );
    await user.click(await screen.findByTestId('order-receipt'));
    const dialog = screen.getByRole('dialog', { name: 'E-mail the receipt' });
    const input = within(dialog).getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveValue('me@example.com');
    await user.clear(input);
    await user.type(input, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByTestId('receipt-error')).toHaveTextContent('Please enter a valid e-mail address.');
    expect(api.callsTo('sendEmail')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, ' you@example.com ');
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    off();
    expect(api.callsTo('sendEmail')[0]?.body).toEqual({ id: 'ord-1', email: 'you@example.com', lang: 'en' });
    expect(toasts).toEqual([{ kind: 'success', messageKey: 'responseDesc.succOperation' }]);
  });

  describe('an order waiting for payment, or whose payment failed', () => {
    let leave: jest.SpyInstance;
    beforeEach(() => {
      leave = jest.spyOn(pageExit, 'assign').mockImplementation(() => undefined);
    });
    afterEach(() => leave.mockRestore());

    const waiting = order({ order_id: 'ord-wait', name: 'World 1 GB', status: 'pending' });

    it("Continue payment goes back to the order's pay page (payResume), with the card of a visitor's order", async () => {
      const { api, user } = await show(
        {
          orderList: { list: [waiting] },
          payResume: {
            order_id: 'ord-wait',
            status: 'pending',
            pay_url: 'https://shop.example/pay/ses_1',
            pay: 'stripe',
          },
        },
        { stored: { DEVICE_ITEM_ICCID: ICCID } },
      );
      await user.click(await screen.findByRole('button', { name: 'Continue payment' }));
      await waitFor(() => expect(leave).toHaveBeenCalledWith('https://shop.example/pay/ses_1'));
      expect(api.callsTo('payResume')[0]?.body).toEqual({ order_id: 'ord-wait', iccid: ICCID });
      expect(screen.getByTestId('order-continue')).toHaveTextContent('Opening the payment page…');
      expect(screen.getByTestId('order-continue')).toBeDisabled();
    });

    it('Try again after a failed payment: a new pay page for the same package; a refusal is said', async () => {
      const failed = order({ order_id: 'ord-fail', status: 'failed', iccid: OTHER });
      const { api, user } = await show(
        { orderList: { list: [failed] }, payResume: callError(10025) },
        { stored: { RECEIPT: 'token' } },
      );
      const seen: Array<EventMap['toast']> = [];
      const off = getBus().subscribe('toast', (toast) => seen.push(toast));
      await user.click(await screen.findByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(seen).toEqual([{ kind: 'error', messageKey: 'errors.10025' }]));
      off();
      // The account's list spans cards: the order's own card goes with it.
      expect(api.callsTo('payResume')[0]?.body).toEqual({ order_id: 'ord-fail', iccid: OTHER });
      expect(leave).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    });

    it('Cancel order asks first; Keep changes nothing, Cancel order cancels it and the list says so', async () => {
      const { api, user } = await show(
        { orderList: { list: [waiting] }, payCancel: { order_id: 'ord-wait', status: 'cancelled' } },
        { stored: { DEVICE_ITEM_ICCID: ICCID } },
      );
      await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
      let dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
      expect(dialog).toHaveTextContent('World 1 GB: nothing has been charged for this order.');
      await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.callsTo('payCancel')).toHaveLength(0);

      const seen: Array<EventMap['toast']> = [];
      const off = getBus().subscribe('toast', (toast) => seen.push(toast));
      api.stub({ orderList: { list: [{ ...waiting, status: 'cancelled' }] } });
      await user.click(screen.getByRole('button', { name: 'Cancel order' }));
      dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
      await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled'));
      off();
      expect(api.callsTo('payCancel')[0]?.body).toEqual({ order_id: 'ord-wait', iccid: ICCID });
      expect(seen).toEqual([{ kind: 'success', messageKey: 'checkout:orders.cancelledDone' }]);
      expect(api.callsTo('orderList')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Continue payment' })).toBeNull();
    });

    it('an order paid meanwhile says so instead of cancelling', async () => {
      const { api, user } = await show(
        { orderList: { list: [waiting] }, payCancel: { order_id: 'ord-wait', status: 'paid' } },
        { stored: { RECEIPT: 'token' } },
      );
      const seen: Array<EventMap['toast']> = [];
      const off = getBus().subscribe('toast', (toast) => seen.push(toast));
      api.stub({ orderList: { list: [{ ...waiting, status: 'paid' }] } });
      await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
      await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Paid'));
      off();
      expect(seen).toEqual([{ kind: 'info', messageKey: 'checkout:orders.alreadyPaid' }]);
    });
  });

  it('reports a pay return to this page (a pool bought without a card): a decline says so, then leaves the address', async () => {
    const { api } = await show(
      { orderList: { list: [order({ status: 'failed' })] }, paySearch: { order_id: 'ord-1', status: 'failed' } },
      { route: '/pay/order?returnType=fail&order_id=ord-1', stored: { RECEIPT: 'token' } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment declined' });
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(api.callsTo('paySearch')[0]?.body).toEqual({ order_id: 'ord-1' });
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('returnType'));
  });

  it('is translated and right-to-left ready (Hebrew)', async () => {
    await show({ orderList: { list: [order({})] } }, { stored: { RECEIPT: 'token' }, lang: 'he' });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('הזמנות');
    expect(screen.getByTestId('order-status')).toHaveTextContent('שולם');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });
});
