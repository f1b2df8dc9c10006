import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, getStorage, STORAGE_KEYS, type CheckoutRequest, type EventMap } from 'shared-contracts';
import {
  payReturn,
  renderRemote,
  stubCalls,
  stubFederation,
  type CallsHandle,
  type CallStubs,
} from 'shared-contracts/testing';
import { resetRemoteWidgets } from 'shared-contracts/ui/federation';
import { answers, cardRoute, fakePayReturn, ICCID, Page, type PayReturnSeen } from './card-fixtures';

// The pay return (spec section 2: returnType=suc|cancel, and fail for a declined payment) and the purchase start points of the card page that
// mf-checkout's sheet relies on: the partner hand-over (?pkg=) and the refill of a version-3 card. What a paid
// order says is mf-checkout's (its './PayReturn' widget, tested there): here the card page hands over to it.

const loadRemote = jest.fn();
// The shell's federation instance, which knows mf_checkout (the network boundary of widget loading).
let unstubFederation: () => void;
beforeEach(() => {
  unstubFederation = stubFederation({ remotes: ['mf_checkout'], loadRemote });
});
afterEach(() => unstubFederation());

const stored = payReturn({ iccid: ICCID });

let api: CallsHandle;
async function open(route: string, stubs: CallStubs = {}) {
  api = stubCalls({ ...answers(), ...stubs });
  await renderRemote(<Page />, cardRoute(route));
}

const seen: PayReturnSeen[] = [];
beforeEach(() => {
  seen.length = 0;
  resetRemoteWidgets();
  loadRemote.mockReset();
  loadRemote.mockImplementation(async () => ({ default: fakePayReturn(seen) }));
});

describe('pay return on the card page', () => {
  it("returnType=suc hands the stored order to mf_checkout's dialog, and loads the card again once it is paid", async () => {
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    await open(`/2/${ICCID}?returnType=suc`);
    const dialog = await screen.findByTestId('paid-dialog');
    expect(loadRemote).toHaveBeenCalledWith('mf_checkout/PayReturn');
    expect(seen.at(-1)).toEqual({ iccid: ICCID, orderId: 'ord-7', stored, lang: 'en' });
    expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/2/${ICCID}$`));

    expect(api.callsTo('getCard')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'paid' }));
    // The card is loaded again (its new package) while the dialog stays.
    await waitFor(() => expect(api.callsTo('getCard')).toHaveLength(2));
    expect(screen.getByTestId('paid-dialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'close' }));
    expect(screen.queryByTestId('paid-dialog')).toBeNull();
  });

  it("takes the order id from the provider's return address (a purchase made on a partner's page)", async () => {
    await open(`/2/${ICCID}?returnType=suc&order_id=ord-9&type=Asia`);
    await screen.findByTestId('paid-dialog');
    expect(seen.at(-1)).toEqual({ iccid: ICCID, orderId: 'ord-9', stored: null, lang: 'en' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/2/${ICCID}?type=Asia`);
  });

  it('ignores a stored hand-over of another card', async () => {
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, { ...stored, iccid: '89880000000000000002' });
    await open(`/2/${ICCID}?returnType=suc`);
    await screen.findByTestId('paid-dialog');
    expect(seen.at(-1)).toEqual({ iccid: ICCID, orderId: null, stored: null, lang: 'en' });
  });

  it.each([
    ['without an order id answers errorOrderId', null],
    ['with the order id of the pay return binds the address and sends the order', 12],
  ])("'E-mail me the receipt' %s (the card's e-mail dialog)", async (_name, orderId) => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
    getStorage().set(STORAGE_KEYS.USER_ID, '7');
    if (orderId !== null) getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, { order_id: orderId });
    await open(`/2/${ICCID}?returnType=suc`, { ...answers({ other_user: false }), setEmail: null, sendEmail: null });
    await userEvent.click(await screen.findByTestId('paid-email'));
    expect(await screen.findByRole('dialog', { name: 'Send the order by e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Pay return' })).toBeNull();
    await userEvent.click(screen.getByTestId('email-submit'));
    if (orderId === null) {
      expect(screen.getByTestId('email-error')).toHaveTextContent('The order number is missing.');
      expect(api.calls.some((call) => call.path.endsWith('/email'))).toBe(false);
    } else {
      await waitFor(() => expect(screen.queryByTestId('email-dialog')).not.toBeInTheDocument());
      expect(api.callsTo('setEmail')[0]?.body).toEqual({ email: 'me@example.com', iccid: ICCID });
      expect(api.callsTo('sendEmail')[0]?.body).toEqual({ id: '12', email: 'me@example.com', lang: 'en' });
    }
  });

  it('without mf_checkout the page still says the payment is being confirmed', async () => {
    loadRemote.mockImplementation(async () => {
      throw new Error('mf_checkout is offline');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    await open(`/2/${ICCID}?returnType=suc`);
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(within(dialog).getByTestId('paid-status')).toHaveAttribute('data-status', 'unknown');
    expect(dialog).toHaveTextContent('The package appears on this page as soon as the payment is confirmed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    jest.mocked(console.error).mockRestore();
  });

  it("returnType=fail (a declined payment) hands the order to mf_checkout's dialog as declined, not as cancelled", async () => {
    getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await open(`/2/${ICCID}?returnType=fail&order_id=ord-7`);
    await screen.findByTestId('paid-dialog');
    off();
    expect(seen.at(-1)).toEqual({ iccid: ICCID, orderId: 'ord-7', stored, lang: 'en', returnType: 'fail' });
    expect(toasts).toEqual([]);
    expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/2/${ICCID}$`));
  });

  it('without mf_checkout a decline still says declined, never "Payment successful"', async () => {
    loadRemote.mockImplementation(async () => {
      throw new Error('mf_checkout is offline');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await open(`/2/${ICCID}?returnType=fail&order_id=ord-7`);
    const dialog = await screen.findByRole('dialog', { name: 'Payment declined' });
    expect(dialog).toHaveTextContent('Your payment was declined; nothing was charged.');
    jest.mocked(console.error).mockRestore();
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
    expect(loadRemote).not.toHaveBeenCalled();
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
