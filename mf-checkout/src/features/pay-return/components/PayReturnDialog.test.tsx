import { act, screen, waitFor, within } from '@testing-library/react';
import { getStorage, STORAGE_KEYS, type OrderRecord, type PayReturnProps } from 'shared-contracts';
import { pageExit } from 'shared-contracts/links';
import { callError, payReturn, renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { PAY_POLL_MS } from '../../../components/pay-return/use-pay-return';
import PayReturnDialog from './PayReturnDialog';

// mf_checkout/PayReturn: the dialog the card page shows when the provider sends the browser back (returnType=suc, or
// fail after a declined payment).

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

  describe('after a decline (returnType=fail)', () => {
    let leave: jest.SpyInstance;
    beforeEach(() => {
      leave = jest.spyOn(pageExit, 'assign').mockImplementation(() => undefined);
    });
    afterEach(() => leave.mockRestore());

    it('says the payment was declined from the start, never "Payment successful"', async () => {
      await show({ paySearch: () => new Promise(() => undefined) }, { returnType: 'fail' });
      const dialog = await screen.findByRole('dialog', { name: 'Payment declined' });
      expect(within(dialog).getByTestId('paid-status')).toHaveTextContent(
        'Your payment was declined; nothing was charged.',
      );
      expect(within(dialog).queryByTestId('paid-email')).toBeNull();
      expect(within(dialog).queryByTestId('paid-order')).toBeNull();
    });

    it('Try again opens a new pay page for the same package (payResume), in one tap', async () => {
      getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
      const { api, onPaid, user } = await show(
        {
          paySearch: { order_id: 'ord-7', status: 'failed' },
          payResume: { order_id: 'ord-8', status: 'pending', pay_url: 'https://shop.example/pay/ses_2', pay: 'stripe' },
        },
        { returnType: 'fail' },
      );
      const dialog = await screen.findByRole('dialog', { name: 'Payment declined' });
      await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'failed'));
      await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(leave).toHaveBeenCalledWith('https://shop.example/pay/ses_2'));
      expect(api.callsTo('payResume')[0]?.body).toEqual({ order_id: 'ord-7', iccid: ICCID });
      // The earlier hand-over would name the old attempt on the way back: the new return reads the order itself.
      expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).toBeNull();
      expect(onPaid).not.toHaveBeenCalled();
    });

    it('Try again on an order that got paid meanwhile shows it paid; a refusal says why and stays', async () => {
      let status: 'failed' | 'paid' = 'failed';
      const { api, onPaid, user } = await show(
        {
          paySearch: () => ({ order_id: 'ord-7', status }),
          payResume: () => ({ order_id: 'ord-7', status: 'paid' }),
          orderList: { list: [record] },
        },
        { returnType: 'fail' },
      );
      const dialog = await screen.findByRole('dialog', { name: 'Payment declined' });
      await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'failed'));
      status = 'paid';
      await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'paid'));
      expect(screen.getByRole('dialog', { name: 'Payment successful' })).toBeInTheDocument();
      expect(onPaid).toHaveBeenCalledTimes(1);
      expect(leave).not.toHaveBeenCalled();
      expect(api.callsTo('payResume')).toHaveLength(1);

      const again = await show(
        { paySearch: { order_id: 'ord-7', status: 'failed' }, payResume: callError(10024) },
        { returnType: 'fail' },
      );
      const refused = (await screen.findAllByRole('dialog', { name: 'Payment declined' })).at(-1) as HTMLElement;
      await again.user.click(within(refused).getByRole('button', { name: 'Try again' }));
      expect(await within(refused).findByTestId('paid-retry-error')).toHaveTextContent(
        'This belongs to another account.',
      );
      expect(within(refused).getByRole('button', { name: 'Try again' })).toBeEnabled();
    });

    it('a suc return whose order failed offers Try again too', async () => {
      await show({ paySearch: { order_id: 'ord-7', status: 'failed' } });
      const dialog = await screen.findByRole('dialog', { name: 'Payment not completed' });
      expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(within(dialog).getByTestId('paid-close')).toHaveTextContent('Close');
    });

    it('is translated (German, formal)', async () => {
      await show({ paySearch: { order_id: 'ord-7', status: 'failed' } }, { returnType: 'fail' }, 'de');
      const dialog = await screen.findByRole('dialog', { name: 'Zahlung abgelehnt' });
      expect(dialog).toHaveTextContent('Ihre Zahlung wurde abgelehnt');
      expect(within(dialog).getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    });
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
