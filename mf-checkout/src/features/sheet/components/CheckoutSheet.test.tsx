import { act, screen, waitFor, within } from '@testing-library/react';
import {
  getBus,
  getStorage,
  STORAGE_KEYS,
  type CheckoutRequest,
  type EventMap,
  type Goods,
  type PayCheckResponse,
  type PayReturn,
} from 'shared-contracts';
import { pageExit } from 'shared-contracts/links';
import { callError, renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import CheckoutSheet from './CheckoutSheet';

const ICCID = '89880000000000000001';
const PAY_URL = 'http://localhost:3000/eshop/sandbox/pay/ord-1';

const goods: Goods = {
  id: 7,
  name: 'Europe 5 GB',
  validity: '30 days',
  area: 'Europe (33 countries, incl. Austria; not Australia)',
  carriers: '',
  htu: 'first_use',
  desc: '',
  price: 1290,
  price_str: '$12.90',
  renew_price_str: '$11.61',
  renewal: false,
  taxRate: 0,
  subscribe_tips: '',
  show_paypal: true,
  mode: 1,
  lang: 'en',
  currency: 'USD',
  pool_type_id: null,
};

const plainCheck: PayCheckResponse = { isShowAddress: false, isShowPayPal: true, unusedPackage: false };

function requestFor(overrides: Partial<Goods> = {}, extra: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    requestId: 'r-1',
    goods: { ...goods, ...overrides },
    iccid: ICCID,
    flag: '2',
    lang: 'en',
    ccy: 'USD',
    email: 'me@example.com',
    agentVersion: 2,
    paypalAllowed: true,
    renewalActive: false,
    orderTime: null,
    returnPath: `/2/${ICCID}`,
    ...extra,
  };
}

async function openSheet(request: CheckoutRequest = requestFor(), stubs: CallStubs = {}, lang = 'en') {
  const api = stubCalls({
    checkPay: plainCheck,
    createPay: { pay_url: PAY_URL, order_id: 'ord-1', pay: 'stripe' },
    ...stubs,
  });
  const onClose = jest.fn();
  const rendered = await renderRemote(<CheckoutSheet request={request} onClose={onClose} />, {
    i18n: { lang, namespaces: [remote] },
  });
  // The pay check the sheet starts on opening.
  await waitFor(() => expect(api.callsTo('checkPay')).toHaveLength(1));
  await act(async () => undefined);
  return { ...rendered, api, onClose };
}

function toasts() {
  const seen: Array<EventMap['toast']> = [];
  const off = getBus().subscribe('toast', (toast) => seen.push(toast));
  return { seen, off };
}

let leave: jest.SpyInstance;
beforeEach(() => {
  leave = jest.spyOn(pageExit, 'assign').mockImplementation(() => undefined);
});
afterEach(() => leave.mockRestore());

describe('CheckoutSheet: what is bought', () => {
  it('shows the goods: name, price, renewal price, coverage, validity with its start, card, total', async () => {
    const { user, onClose } = await openSheet();
    const sheet = screen.getByRole('dialog', { name: 'Your purchase' });
    expect(screen.getByTestId('checkout-goods-name')).toHaveTextContent('Europe 5 GB');
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$12.90');
    expect(screen.getByTestId('checkout-renewal-price')).toHaveTextContent('$11.61');
    expect(screen.getByTestId('checkout-coverage')).toHaveTextContent('incl. Austria; not Australia');
    expect(screen.getByTestId('checkout-validity')).toHaveTextContent('30 days · starts at first use');
    expect(screen.getByTestId('checkout-iccid')).toHaveTextContent(ICCID);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$12.90');
    expect(screen.queryByTestId('checkout-tax')).toBeNull();
    expect(sheet).toBeInTheDocument();
    await user.click(screen.getByTestId('checkout-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks the pay check with the card, language, currency and amount as soon as it opens', async () => {
    const { api } = await openSheet();
    expect(api.callsTo('checkPay')[0]?.body).toEqual({ iccid: ICCID, lang: 'en', ccy: 'USD', amount: 1290 });
  });

  it('says free for a package without a price and leaves out what the goods do not have', async () => {
    await openSheet(requestFor({ price: 0, price_str: '', renew_price_str: '', area: '' }));
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('Free');
    expect(screen.queryByTestId('checkout-renewal-price')).toBeNull();
    expect(screen.queryByTestId('checkout-coverage')).toBeNull();
  });

  it('adds a tax line when a tax rate applies: tax = price × taxRate in minor units', async () => {
    await openSheet(requestFor({ taxRate: 0.0725 }));
    // 1290 × 0.0725 = 93.525 → 94 cents.
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$0.94');
    expect(screen.getByTestId('checkout-amounts')).toHaveTextContent('Tax (7.25%)');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$13.84');
  });

  it('shows yen without decimals', async () => {
    await openSheet(requestFor({ price: 1500, price_str: '¥1,500', currency: 'JPY', taxRate: 0.1 }, { ccy: 'JPY' }));
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('¥150');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('¥1,650');
    expect(screen.getByTestId('checkout-total').textContent).not.toMatch(/\./);
  });

  it('speaks the language of the purchase (Arabic)', async () => {
    await openSheet(requestFor({}, { lang: 'ar' }), {}, 'ar');
    expect(screen.getByRole('dialog', { name: 'مشترياتك' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اشترِ الآن' })).toBeInTheDocument();
  });
});

describe('CheckoutSheet: method and agreement', () => {
  it('offers the card with its brands, and PayPal when the goods, the agent and the pay check allow it', async () => {
    await openSheet();
    expect(screen.getByRole('radio', { name: /Credit or debit card \(Visa, Mastercard/ })).toBeChecked();
    const brands = screen.getByTestId('card-brands').querySelectorAll('svg[aria-hidden="true"]');
    expect([...brands].map((brand) => brand.getAttribute('data-brand'))).toEqual(['visa', 'mastercard', 'amex', 'jcb']);
    expect(screen.getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
  });

  it.each([
    ['the goods do not offer it', requestFor({ show_paypal: false }), plainCheck],
    ['the agent has no PayPal', requestFor({}, { paypalAllowed: false }), plainCheck],
    ['the pay check says no', requestFor(), { ...plainCheck, isShowPayPal: false }],
  ])('hides PayPal when %s', async (_name, request, check) => {
    await openSheet(request, { checkPay: check });
    expect(screen.queryByRole('radio', { name: 'PayPal' })).toBeNull();
    expect(screen.getByTestId('checkout-method-card')).toBeChecked();
  });

  it('ticks the agreement by default, links both agreements, and Buy waits for the tick', async () => {
    const { user } = await openSheet();
    const agreement = screen.getByRole('checkbox', { name: 'I have read and agree to the terms' });
    const buy = screen.getByRole('button', { name: 'Buy now' });
    expect(agreement).toBeChecked();
    expect(buy).toBeEnabled();
    expect(screen.getByRole('link', { name: /^Purchase agreement/ })).toHaveAttribute('href', '/agreement');
    expect(screen.getByRole('link', { name: /^Auto-renewal agreement/ })).toHaveAttribute('href', '/renew/agreement');
    await user.click(agreement);
    expect(buy).toBeDisabled();
    await user.click(agreement);
    expect(buy).toBeEnabled();
  });

  it("on a partner's page calls the shop's api and links the shop's agreement pages", async () => {
    const api = stubCalls({ checkPay: plainCheck });
    await renderRemote(
      <CheckoutSheet request={requestFor({}, { apiBase: 'https://shop.example/eshop' })} onClose={jest.fn()} />,
      { i18n: { namespaces: [remote] } },
    );
    await waitFor(() => expect(api.callsTo('checkPay')).toHaveLength(1));
    expect(api.callsTo('checkPay')[0]?.url).toBe('https://shop.example/eshop/pay/isbuy');
    expect(screen.getByTestId('checkout-agreement-link')).toHaveAttribute('href', 'https://shop.example/agreement');
    expect(screen.getByTestId('checkout-agreement-link')).toHaveAttribute('target', '_blank');
  });
});

describe('CheckoutSheet: renewal', () => {
  it('ticking renewal asks first: OK ticks it, Cancel unticks it and says auto-renew is cancelled', async () => {
    const { user } = await openSheet(requestFor({ renewal: true }));
    const renewal = screen.getByRole('checkbox', { name: 'Renew automatically' });
    expect(renewal).not.toBeChecked();
    await user.click(renewal);
    const dialog = screen.getByRole('dialog', { name: 'Turn on auto-renewal?' });
    expect(dialog).toHaveTextContent('charged $11.61');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(renewal).toBeChecked();

    await user.click(renewal);
    expect(renewal).not.toBeChecked();
    const { seen, off } = toasts();
    await user.click(renewal);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    off();
    expect(renewal).not.toBeChecked();
    expect(screen.queryByRole('dialog', { name: 'Turn on auto-renewal?' })).toBeNull();
    expect(seen).toEqual([{ kind: 'success', messageKey: 'autoRenewCancelled' }]);
  });

  it('a mode-2 package keeps renewal on and warns first_pay_autorenew when unticked', async () => {
    const { user } = await openSheet(requestFor({ renewal: true, mode: 2 }));
    const renewal = screen.getByRole('checkbox', { name: 'Renew automatically' });
    expect(renewal).toBeChecked();
    const { seen, off } = toasts();
    await user.click(renewal);
    off();
    expect(renewal).toBeChecked();
    expect(seen).toEqual([{ kind: 'warning', messageKey: 'first_pay_autorenew' }]);
    expect(screen.getByTestId('checkout-forced-renewal')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('checkout-forced-renewal')).toHaveTextContent(
      'This package renews automatically after the first payment.',
    );
  });
});

describe('CheckoutSheet: the purchase flow', () => {
  it('Buy → confirmation → Pay: createPay with the choice, PAY_RETURN stored, then the pay page', async () => {
    const { user, api } = await openSheet(requestFor({ taxRate: 0.1 }));
    await user.click(screen.getByTestId('checkout-buy'));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    expect(within(confirm).getByTestId('confirm-goods-name')).toHaveTextContent('Europe 5 GB');
    expect(within(confirm).getByTestId('confirm-coverage')).toHaveTextContent('not Australia');
    expect(within(confirm).getByTestId('confirm-method')).toHaveTextContent('Credit or debit card');
    expect(within(confirm).getByTestId('confirm-renewal')).toHaveTextContent('Off');
    expect(within(confirm).getByTestId('confirm-tax')).toHaveTextContent('$1.29');
    expect(within(confirm).getByTestId('confirm-total')).toHaveTextContent('$14.19');
    // The check ran once, when the sheet opened.
    expect(api.callsTo('checkPay')).toHaveLength(1);

    await user.click(within(confirm).getByRole('button', { name: 'Pay $14.19' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PAY_URL));
    expect(api.callsTo('createPay').map((call) => call.body)).toEqual([
      {
        id: 7,
        renewal: false,
        iccid: ICCID,
        flag: '2',
        lang: 'en',
        ccy: 'USD',
        email: 'me@example.com',
        pay: 'stripe',
      },
    ]);
    expect(getStorage().getJSON<PayReturn>(STORAGE_KEYS.PAY_RETURN)).toMatchObject({
      id: 7,
      pay: 'stripe',
      iccid: ICCID,
      flag: '2',
      mode: 1,
      order_id: 'ord-1',
      name: 'Europe 5 GB',
      amount: 1419,
      currency: 'USD',
    });
  });

  it('a visitor without an e-mail who turns renewal on is asked for one; it goes with createPay', async () => {
    const { user, api } = await openSheet(requestFor({ renewal: true }, { email: undefined }));
    await user.click(screen.getByRole('checkbox', { name: 'Renew automatically' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Turn on auto-renewal?' })).getByRole('button', { name: 'OK' }),
    );
    await user.click(screen.getByTestId('checkout-buy'));
    const ask = await screen.findByRole('dialog', { name: 'Your e-mail for renewals' });
    expect(ask).toHaveTextContent('a link to remove the saved payment method');
    // The e-mail rules first: nothing goes on with a wrong address.
    await user.type(within(ask).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(ask).getByRole('button', { name: 'Continue' }));
    expect(within(ask).getByRole('alert')).toBeInTheDocument();
    await user.clear(within(ask).getByLabelText('E-mail'));
    await user.type(within(ask).getByLabelText('E-mail'), 'visitor@example.com');
    const { seen, off } = toasts();
    await user.click(within(ask).getByRole('button', { name: 'Continue' }));
    off();
    // No "operation successful": the confirmation is what comes next.
    expect(seen).toEqual([]);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    await user.click(within(confirm).getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(api.callsTo('createPay')).toHaveLength(1));
    expect(api.callsTo('createPay')[0]?.body).toMatchObject({ renewal: true, email: 'visitor@example.com' });
  });

  it('Cancel on the e-mail question goes back to the sheet; without renewal, or logged in, nothing is asked', async () => {
    const { user, unmount } = await openSheet(requestFor({ renewal: true }, { email: '' }));
    await user.click(screen.getByRole('checkbox', { name: 'Renew automatically' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Turn on auto-renewal?' })).getByRole('button', { name: 'OK' }),
    );
    await user.click(screen.getByTestId('checkout-buy'));
    const ask = await screen.findByRole('dialog', { name: 'Your e-mail for renewals' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Your e-mail for renewals' })).toBeNull();
    expect(screen.getByTestId('checkout-buy')).toBeInTheDocument();
    // Without renewal: straight to the confirmation.
    await user.click(screen.getByRole('checkbox', { name: 'Renew automatically' }));
    await user.click(screen.getByTestId('checkout-buy'));
    expect(await screen.findByRole('dialog', { name: 'Confirm your purchase' })).toBeInTheDocument();
    unmount();

    // Logged in: the account is the payer.
    getStorage().set(STORAGE_KEYS.RECEIPT, 'tok-1');
    try {
      const again = await openSheet(requestFor({ renewal: true, mode: 2 }, { email: undefined }));
      await again.user.click(screen.getByTestId('checkout-buy'));
      expect(await screen.findByRole('dialog', { name: 'Confirm your purchase' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Your e-mail for renewals' })).toBeNull();
    } finally {
      getStorage().remove(STORAGE_KEYS.RECEIPT);
    }
  });

  it('PayPal with renewal sends a tracking id; a pool purchase sends flag 2 and the pool', async () => {
    const { user, api } = await openSheet(
      requestFor({ renewal: true, mode: 2, pool_type_id: 4 }, { iccid: null, pool_object_id: 'pool_9' }),
      { createPay: { pay_url: 'https://www.paypal.com/checkoutnow?token=T', order_id: 'ord-2', pay: 'paypal' } },
    );
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByTestId('checkout-buy'));
    await user.click(await screen.findByTestId('checkout-pay'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://www.paypal.com/checkoutnow?token=T'));
    const body = api.callsTo('createPay')[0]?.body;
    expect(body).toMatchObject({ id: 7, renewal: true, flag: '2', pool_object_id: 'pool_9', pay: 'paypal' });
    expect(body).not.toHaveProperty('iccid');
    expect(body?.trackingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(api.callsTo('checkPay')[0]?.body).not.toHaveProperty('iccid');
  });

  it('an eSIM product buys a new profile for the slot: esimOrderProfile, no renewal, the EID shown and kept', async () => {
    const EID = '89049032123456789012345678901234';
    const { user, api } = await openSheet(
      requestFor({ mode: 2 }, { iccid: null, eid: EID, returnPath: `/esim/${EID}?mode=search` }),
      { esimOrderProfile: { pay_url: PAY_URL, order_id: 'ord-9', pay: 'stripe' } },
    );
    expect(screen.getByTestId('checkout-eid')).toHaveTextContent(EID);
    // The pay check names the slot (its agent decides PayPal), no card.
    expect(api.callsTo('checkPay')[0]?.body).toEqual({ eid: EID, lang: 'en', ccy: 'USD', amount: 1290 });
    expect(screen.queryByTestId('checkout-iccid')).toBeNull();
    // A profile does not renew at purchase, even from a mode-2 product.
    expect(screen.queryByTestId('checkout-renewal')).toBeNull();
    await user.click(screen.getByTestId('checkout-buy'));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    expect(within(confirm).getByTestId('confirm-eid')).toHaveTextContent(EID);
    expect(within(confirm).getByTestId('confirm-renewal')).toHaveTextContent('Off');
    await user.click(within(confirm).getByTestId('checkout-pay'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PAY_URL));
    expect(api.callsTo('createPay')).toHaveLength(0);
    expect(api.callsTo('esimOrderProfile').map((call) => call.body)).toEqual([
      { eid: EID, id: 7, lang: 'en', ccy: 'USD', pay: 'stripe', email: 'me@example.com' },
    ]);
    expect(getStorage().getJSON<PayReturn>(STORAGE_KEYS.PAY_RETURN)).toMatchObject({
      iccid: null,
      eid: EID,
      order_id: 'ord-9',
    });
  });

  it('a double tap on Pay creates one order', async () => {
    let answer!: (value: { pay_url: string; order_id: string; pay: 'stripe' }) => void;
    const { user, api } = await openSheet(requestFor(), {
      createPay: () => new Promise((resolve) => (answer = resolve)),
    });
    await user.click(screen.getByTestId('checkout-buy'));
    const pay = await screen.findByTestId('checkout-pay');
    await user.dblClick(pay);
    await user.click(pay);
    expect(api.callsTo('createPay')).toHaveLength(1);
    expect(pay).toBeDisabled();
    expect(pay).toHaveTextContent('Taking you to the payment page…');
    await act(async () => answer({ pay_url: PAY_URL, order_id: 'ord-1', pay: 'stripe' }));
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('the pay button leaves its loading state after 5000 ms when the page did not leave', async () => {
    jest.useFakeTimers();
    try {
      const api = stubCalls({
        checkPay: plainCheck,
        createPay: { pay_url: PAY_URL, order_id: 'ord-1', pay: 'stripe' },
      });
      await renderRemote(<CheckoutSheet request={requestFor()} onClose={jest.fn()} />, {
        i18n: { namespaces: [remote] },
      });
      await act(async () => undefined);
      await act(async () => screen.getByTestId('checkout-buy').click());
      const pay = screen.getByTestId('checkout-pay');
      await act(async () => pay.click());
      expect(leave).toHaveBeenCalledWith(PAY_URL);
      expect(pay).toBeDisabled();
      await act(async () => void jest.advanceTimersByTime(4999));
      expect(pay).toBeDisabled();
      await act(async () => void jest.advanceTimersByTime(1));
      expect(pay).toBeEnabled();
      expect(api.callsTo('createPay')).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([['javascript:alert(1)'], ['/relative/pay'], ['ftp://pay.example/']])(
    'never leaves for a pay_url that is not http(s): %s',
    async (payUrl) => {
      const { user } = await openSheet(requestFor(), {
        createPay: { pay_url: payUrl, order_id: 'ord-1', pay: 'stripe' },
      });
      await user.click(screen.getByTestId('checkout-buy'));
      await user.click(await screen.findByTestId('checkout-pay'));
      expect(await screen.findByTestId('confirm-error')).toHaveTextContent('The payment page could not be opened.');
      expect(leave).not.toHaveBeenCalled();
      expect(getStorage().get(STORAGE_KEYS.PAY_RETURN)).toBeNull();
      expect(screen.getByTestId('checkout-pay')).toBeEnabled();
    },
  );

  it('a refused createPay says why under the button and stays', async () => {
    const { user } = await openSheet(requestFor(), { createPay: callError(10027) });
    await user.click(screen.getByTestId('checkout-buy'));
    await user.click(await screen.findByTestId('checkout-pay'));
    expect(await screen.findByTestId('confirm-error')).toHaveTextContent('The payment could not be started.');
    expect(leave).not.toHaveBeenCalled();
  });

  it('the unused-package warning (10104) can be accepted, then the purchase goes on', async () => {
    const { user } = await openSheet(requestFor(), { checkPay: callError(10104) });
    await user.click(screen.getByTestId('checkout-buy'));
    const warning = await screen.findByRole('dialog', { name: 'Unused package' });
    expect(warning).toHaveTextContent('You still have a package that has not been used. Buy another one anyway?');
    await user.click(within(warning).getByRole('button', { name: 'Buy anyway' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your purchase' })).toBeInTheDocument();
  });

  it('unusedPackage in the answer warns too; Cancel returns to the sheet', async () => {
    const { user } = await openSheet(requestFor(), { checkPay: { ...plainCheck, unusedPackage: true } });
    await user.click(screen.getByTestId('checkout-buy'));
    await user.click(within(await screen.findByTestId('unused-dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('unused-dialog')).toBeNull();
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();
    expect(screen.getByTestId('checkout-sheet')).toBeInTheDocument();
  });

  it('a failed pay check is asked again at Buy, with its message, and the sheet stays', async () => {
    const { user, api } = await openSheet(requestFor(), { checkPay: callError(10003) });
    const { seen, off } = toasts();
    await user.click(screen.getByTestId('checkout-buy'));
    await waitFor(() => expect(api.callsTo('checkPay')).toHaveLength(2));
    off();
    expect(seen).toEqual([{ kind: 'error', messageKey: 'errors.10003' }]);
    expect(await screen.findByTestId('checkout-check-error')).toHaveTextContent('System error.');
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();
  });

  it.each([
    ['future', 1_000, 'This card already renews automatically on'],
    ['past', -1_000, 'This card already has auto-renewal turned on (last order on'],
  ])('with auto-renew already on, a reminder comes first (order time in the %s)', async (kind, offsetDays, text) => {
    const orderTime = Math.floor(Date.now() / 1000) + offsetDays * 86_400;
    const { user } = await openSheet(requestFor({}, { renewalActive: true, orderTime }));
    await user.click(screen.getByTestId('checkout-buy'));
    const reminder = await screen.findByRole('dialog', { name: 'Auto-renewal is already on' });
    expect(within(reminder).getByTestId('reminder-text')).toHaveAttribute('data-kind', kind);
    expect(reminder).toHaveTextContent(text);
    await user.click(within(reminder).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your purchase' })).toBeInTheDocument();
  });
});

describe('CheckoutSheet: the address dialog', () => {
  const addressCheck: PayCheckResponse = { ...plainCheck, isShowAddress: true };

  async function openAddress(stubs: CallStubs = {}, lang = 'en') {
    const opened = await openSheet(
      requestFor({}, { lang: lang as CheckoutRequest['lang'] }),
      {
        checkPay: addressCheck,
        ...stubs,
      },
      lang,
    );
    await opened.user.click(screen.getByTestId('checkout-buy'));
    const dialog = await screen.findByTestId('address-dialog');
    return { ...opened, dialog };
  }

  it('US: states dropdown (57), Zip code; CA: provinces (13), Postal code; elsewhere free text', async () => {
    const { user, dialog } = await openAddress();
    expect(dialog).toHaveAccessibleName('Billing address');
    const country = within(dialog).getByRole('combobox', { name: 'Country or region' });
    expect(country).toHaveValue('US');
    // Countries by name: a billing address has no use for dial codes.
    expect(within(country).getByRole('option', { name: 'United States' })).toBeInTheDocument();
    expect(within(country).getByRole('option', { name: 'Germany' })).toBeInTheDocument();
    expect(
      within(country)
        .getAllByRole('option')
        .filter((option) => /\+\d/.test(option.textContent ?? '')),
    ).toEqual([]);
    const state = within(dialog).getByRole('combobox', { name: 'State' });
    // 57 regions and the "Choose…" entry.
    expect(within(state).getAllByRole('option')).toHaveLength(58);
    expect(within(dialog).getByLabelText('Zip code')).toBeInTheDocument();

    await user.selectOptions(country, 'CA');
    const province = within(dialog).getByRole('combobox', { name: 'Province or territory' });
    expect(within(province).getAllByRole('option')).toHaveLength(14);
    expect(within(dialog).getByLabelText('Postal code')).toBeInTheDocument();

    await user.selectOptions(country, 'DE');
    expect(within(dialog).getByRole('textbox', { name: 'State, province or region' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Postal code')).toBeInTheDocument();
  });

  it('a free package goes straight to the confirmation: no billing address for nothing to tax', async () => {
    const opened = await openSheet(requestFor({ price: 0, price_str: '' }), { checkPay: addressCheck });
    await opened.user.click(screen.getByTestId('checkout-buy'));
    expect(await screen.findByTestId('checkout-pay')).toBeInTheDocument();
    expect(screen.queryByTestId('address-dialog')).not.toBeInTheDocument();
  });

  it('without an e-mail of the card, the logged-in account’s e-mail is filled in', async () => {
    getStorage().set(STORAGE_KEYS.USER_EMAIL, 'account@example.com');
    const opened = await openSheet(requestFor({}, { email: undefined }), { checkPay: addressCheck });
    await opened.user.click(screen.getByTestId('checkout-buy'));
    const dialog = await screen.findByTestId('address-dialog');
    expect(within(dialog).getByTestId('address-email')).toHaveValue('account@example.com');
  });

  it('names the countries in the reader’s language', async () => {
    const { dialog } = await openAddress({}, 'de');
    const country = within(dialog).getByRole('combobox', { name: 'Land oder Region' });
    expect(within(country).getByRole('option', { name: /^Vereinigte Staaten/ })).toBeInTheDocument();
  });

  it('checks each field on blur and on input with the spec messages', async () => {
    const { user, dialog } = await openAddress();
    const email = within(dialog).getByTestId('address-email');
    expect(email).toHaveValue('me@example.com');
    await user.clear(email);
    expect(within(dialog).getByTestId('address-email-error')).toHaveTextContent('Please enter email');
    await user.type(email, 'x@y');
    expect(within(dialog).getByTestId('address-email-error')).toHaveTextContent('Please enter a valid e-mail address.');
    await user.type(email, '.io');
    expect(within(dialog).queryByTestId('address-email-error')).toBeNull();

    await user.click(within(dialog).getByTestId('address-city'));
    await user.tab();
    expect(within(dialog).getByTestId('address-city-error')).toHaveTextContent('Please enter city');
    expect(within(dialog).getByTestId('address-city')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByTestId('address-city'), 'Austin');
    expect(within(dialog).queryByTestId('address-city-error')).toBeNull();
  });

  it('save with gaps shows every message and focuses the first; nothing is sent', async () => {
    const { user, dialog, api } = await openAddress();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Each message names its field as labelled: State and Zip code in the US.
    expect(within(dialog).getByTestId('address-region-error')).toHaveTextContent('Please select your state');
    expect(within(dialog).getByTestId('address-city-error')).toHaveTextContent('Please enter city');
    expect(within(dialog).getByTestId('address-postalCode-error')).toHaveTextContent('Please enter your Zip code');
    expect(within(dialog).getByTestId('address-line1-error')).toHaveTextContent('Please enter address');
    expect(within(dialog).getByTestId('address-region')).toHaveFocus();
    expect(api.callsTo('saveAddress')).toHaveLength(0);
  });

  it.each([
    [
      'CA',
      'Province or territory',
      'Please select your province or territory',
      'Postal code',
      'Please enter your postal code',
    ],
    [
      'DE',
      'State, province or region',
      'Please enter your state, province or region',
      'Postal code',
      'Please enter your postal code',
    ],
  ])(
    '%s: the region and postal messages name the fields as labelled',
    async (code, region, regionError, postal, postalError) => {
      const { user, dialog } = await openAddress();
      await user.selectOptions(within(dialog).getByTestId('address-country'), code);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByLabelText(region)).toHaveAccessibleDescription(regionError);
      expect(within(dialog).getByLabelText(postal)).toHaveAccessibleDescription(postalError);
    },
  );

  it('German: the messages are German and name the fields as labelled', async () => {
    const { user, dialog } = await openAddress({}, 'de');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByTestId('address-region-error')).toHaveTextContent(
      'Bitte wählen Sie Ihren Bundesstaat aus',
    );
    expect(within(dialog).getByTestId('address-postalCode-error')).toHaveTextContent(
      'Bitte geben Sie Ihren ZIP-Code ein',
    );
  });

  it("starts with the buyer's last saved address from the pay check; Save keeps it for this card", async () => {
    const { user, dialog, api } = await openAddress({
      checkPay: {
        ...addressCheck,
        savedAddress: {
          email: 'last@example.com',
          country: 'CA',
          region: 'ON',
          city: 'Toronto',
          postalCode: 'M5V 2T6',
          line1: '290 Bremner Blvd',
        },
      },
      saveAddress: {
        taxRate: 0.13,
        country: 'CA',
        region: 'ON',
        city: 'Toronto',
        line1: '290 Bremner Blvd',
        postalCode: 'M5V 2T6',
      },
    });
    expect(within(dialog).getByTestId('address-email')).toHaveValue('last@example.com');
    expect(within(dialog).getByTestId('address-country')).toHaveValue('CA');
    expect(within(dialog).getByRole('combobox', { name: 'Province or territory' })).toHaveValue('ON');
    expect(within(dialog).getByTestId('address-city')).toHaveValue('Toronto');
    expect(within(dialog).getByTestId('address-postalCode')).toHaveValue('M5V 2T6');
    expect(within(dialog).getByTestId('address-line1')).toHaveValue('290 Bremner Blvd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('address-tax')).toHaveTextContent('13%');
    expect(api.callsTo('saveAddress')[0]?.body).toEqual({
      email: 'last@example.com',
      country: 'CA',
      region: 'ON',
      city: 'Toronto',
      postalCode: 'M5V 2T6',
      line1: '290 Bremner Blvd',
      iccid: ICCID,
    });
  });

  it('an eSIM profile in USD asks for the address too, saved for the slot, and its tax is on the confirmation', async () => {
    const EID = '89049032123456789012345678901234';
    const opened = await openSheet(requestFor({}, { iccid: null, eid: EID }), {
      checkPay: addressCheck,
      saveAddress: {
        taxRate: 0.04,
        country: 'US',
        region: 'NY',
        city: 'New York',
        line1: '1 Main St',
        postalCode: '10001',
      },
      esimOrderProfile: { pay_url: PAY_URL, order_id: 'ord-9', pay: 'stripe' },
    });
    expect(opened.api.callsTo('checkPay')[0]?.body).toMatchObject({ eid: EID, ccy: 'USD' });
    await opened.user.click(screen.getByTestId('checkout-buy'));
    const dialog = await screen.findByTestId('address-dialog');
    await opened.user.selectOptions(within(dialog).getByTestId('address-region'), 'NY');
    await opened.user.type(within(dialog).getByTestId('address-city'), 'New York');
    await opened.user.type(within(dialog).getByTestId('address-postalCode'), '10001');
    await opened.user.type(within(dialog).getByTestId('address-line1'), '1 Main St');
    await opened.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByTestId('address-tax');
    expect(opened.api.callsTo('saveAddress')[0]?.body).toMatchObject({ eid: EID, region: 'NY' });
    expect(opened.api.callsTo('saveAddress')[0]?.body).not.toHaveProperty('iccid');
    await opened.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    // 1290 × 0.04 = 51.6 → $0.52.
    expect(within(confirm).getByTestId('confirm-tax')).toHaveTextContent('$0.52');
  });

  it("'save' calls /save/address, locks the form with 'ok', which brings the tax rate to the sheet", async () => {
    const { user, dialog, api } = await openAddress({
      saveAddress: {
        taxRate: 0.0825,
        country: 'US',
        region: 'TX',
        city: 'Austin',
        line1: '1 Main St',
        postalCode: '73301',
      },
    });
    await user.selectOptions(within(dialog).getByTestId('address-region'), 'TX');
    await user.type(within(dialog).getByTestId('address-city'), ' Austin ');
    await user.type(within(dialog).getByTestId('address-postalCode'), '73301');
    await user.type(within(dialog).getByTestId('address-line1'), '1 Main St');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByTestId('address-tax')).toHaveTextContent('Tax rate for this address: 8.25%.');
    expect(api.callsTo('saveAddress').map((call) => call.body)).toEqual([
      {
        email: 'me@example.com',
        country: 'US',
        region: 'TX',
        city: 'Austin',
        postalCode: '73301',
        line1: '1 Main St',
        iccid: ICCID,
      },
    ]);
    expect(within(dialog).getByTestId('address-city')).toHaveAttribute('readonly');
    expect(within(dialog).getByTestId('address-region')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    expect(screen.queryByTestId('address-dialog')).toBeNull();
    // 1290 × 0.0825 = 106.425 → $1.06.
    expect(within(confirm).getByTestId('confirm-tax')).toHaveTextContent('$1.06');
    expect(within(confirm).getByTestId('confirm-total')).toHaveTextContent('$13.96');
    expect(within(confirm).getByTestId('confirm-address')).toHaveTextContent('1 Main St, Austin, TX, 73301, US');
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$1.06');

    await user.click(within(confirm).getByTestId('checkout-pay'));
    await waitFor(() => expect(api.callsTo('createPay')).toHaveLength(1));
    expect(api.callsTo('createPay')[0]?.body.email).toBe('me@example.com');
  });

  it('a refused save says why and keeps the form editable', async () => {
    const { user, dialog } = await openAddress({ saveAddress: callError(10002) });
    await user.type(within(dialog).getByTestId('address-city'), 'Austin');
    await user.selectOptions(within(dialog).getByTestId('address-region'), 'AK');
    await user.type(within(dialog).getByTestId('address-postalCode'), '99501');
    await user.type(within(dialog).getByTestId('address-line1'), '1 Main St');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('address-error')).toHaveTextContent(
      'Some information is missing or invalid.',
    );
    expect(within(dialog).getByTestId('address-city')).not.toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
