import { act, screen, waitFor, within } from '@testing-library/react';
import { type OrderRecord, type PayReturnProps } from 'shared-contracts';
import { payReturn, renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { PAY_POLL_MS } from '../hooks/use-pay-return';
import PayReturnDialog from './PayReturnDialog';

// mf_checkout/PayReturn: the dialog the card page shows when the provider sends the browser back (returnType=suc).

const ICCID = '89880000000000000001';

const record: OrderRecord = {
  order_id: 'ord-7',
  iccid: ICCID,
  name: 'Europe 5GB',
  // Before tax: €16.49 charged.
  amount: 1499,
  tax: 150,
  currency: 'EUR',
  pay: 'stripe',
  status: 'paid',
  renewal: false,
  create: 1_763_900_000,
};

const stored = payReturn({ iccid: ICCID });

async function show(stubs: CallStubs, props: Partial<PayReturnProps> = {}, lang = 'en') {
  const api = stubCalls(stubs);
  const callbacks = { onClose: jest.fn(), onEmail: jest.fn(), onPaid: jest.fn() };
  const rendered = await renderRemote(
    <PayReturnDialog iccid={ICCID} orderId="ord-7" stored={stored} lang={lang} {...callbacks} {...props} />,
    { i18n: { lang, namespaces: [remote] } },
  );
  return { ...rendered, ...callbacks, api };
}

describe('PayReturnDialog', () => {
  it('asks /pay/search about the order, names it from the order record, and has the card reloaded once paid', async () => {
    const { api, onPaid, onClose, onEmail, user } = await show({
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
    await waitFor(() => expect(api.callsTo('orderList')[0]?.body).toEqual({ iccid: ICCID, lang: 'en' }));
    expect(onPaid).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'E-mail me the receipt' }));
    expect(onEmail).toHaveBeenCalledWith('ord-7');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('without a card (a new eSIM for a slot): says where the profile is, and sends the receipt itself', async () => {
    window.localStorage.setItem('user_email', 'me@example.com');
    const { api, user } = await show(
      {
        paySearch: { order_id: 'ord-7', status: 'paid' },
        orderList: { list: [{ ...record, iccid: '89882470000000000072' }] },
        sendEmail: null,
      },
      { iccid: '', onEmail: undefined, stored: payReturn({ iccid: null, eid: '89049032123456789012345678901234' }) },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'paid'));
    expect(dialog).toHaveTextContent('Your new eSIM is ready: install it with the code below.');
    // The account's orders (no card to ask by).
    await waitFor(() => expect(api.callsTo('orderList')[0]?.body).toEqual({ lang: 'en' }));
    await user.click(within(dialog).getByRole('button', { name: 'E-mail me the receipt' }));
    const receipt = await screen.findByTestId('receipt-dialog');
    expect(within(receipt).getByRole('textbox')).toHaveValue('me@example.com');
    await user.click(within(receipt).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('sendEmail')[0]?.body).toEqual({ id: 'ord-7', email: 'me@example.com', lang: 'en' }),
    );
  });

  it('names what the sheet stored before the api answers', async () => {
    await show({ paySearch: () => new Promise(() => undefined) });
    const dialog = await screen.findByTestId('paid-dialog');
    expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'checking');
    expect(within(dialog).getByTestId('paid-package')).toHaveTextContent('Europe 5GB');
    expect(within(dialog).getByTestId('paid-amount')).toHaveTextContent('€16.49');
  });

  it('asks again while the order is pending, then has the card reloaded', async () => {
    jest.useFakeTimers();
    try {
      let status: 'pending' | 'paid' = 'pending';
      const { api, onPaid } = await show({
        paySearch: () => ({ order_id: 'ord-7', status }),
        orderList: { list: [record] },
      });
      const dialog = await screen.findByTestId('paid-dialog');
      await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'pending'));
      expect(dialog).toHaveTextContent('Your payment is being confirmed.');
      expect(onPaid).not.toHaveBeenCalled();
      status = 'paid';
      await act(async () => void jest.advanceTimersByTime(PAY_POLL_MS));
      await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'paid'));
      expect(api.callsTo('paySearch')).toHaveLength(2);
      expect(onPaid).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failed order says so, with no receipt to send and no reload', async () => {
    const { onPaid } = await show({ paySearch: { order_id: 'ord-7', status: 'failed' } });
    const dialog = await screen.findByRole('dialog', { name: 'Payment not completed' });
    expect(dialog).toHaveTextContent('nothing was charged');
    expect(within(dialog).queryByTestId('paid-email')).toBeNull();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('without an order id it asks nothing and says the package appears once the payment is confirmed', async () => {
    const { api } = await show({}, { orderId: null, stored: null });
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'unknown');
    expect(api.callsTo('paySearch')).toHaveLength(0);
  });

  it('is translated (Arabic)', async () => {
    await show({ paySearch: { order_id: 'ord-7', status: 'failed' } }, {}, 'ar');
    const dialog = await screen.findByTestId('paid-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'failed'));
    expect(within(dialog).getByTestId('paid-status')).not.toHaveTextContent('nothing was charged');
  });
});
