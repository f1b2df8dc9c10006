import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type CallResponse } from 'shared-contracts';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { PaymentMethodsSection } from './PaymentMethodsSection';

type Method = CallResponse<'getPaymentMethods'>['list'][number];

const SAVED = Date.UTC(2025, 4, 3, 12) / 1000;
const VISA: Method = {
  id: 11,
  provider: 'stripe',
  pay: 'stripe',
  brand: 'visa',
  last4: '4242',
  exp_month: 4,
  exp_year: 2031,
  create: SAVED,
  renews: [{ iccid: '89880000000000000001', name: 'Travel SIM' }],
};
const SANDBOX: Method = {
  id: 12,
  provider: 'sandbox',
  pay: 'stripe',
  brand: null,
  last4: null,
  exp_month: null,
  exp_year: null,
  create: SAVED,
  renews: [],
};
const PAYPAL: Method = {
  ...SANDBOX,
  id: 13,
  provider: 'paypal',
  pay: 'paypal',
  renews: [{ pool_object_id: 'p1', name: null }],
};

async function renderSection(lang = 'en') {
  return renderRemote(<PaymentMethodsSection client={createApiClient()} />, {
    stored: { RECEIPT: 'receipt-7' },
    i18n: { namespaces: [remote], lang },
  });
}

describe('saved payment methods (/user/info)', () => {
  it("shows the cards it renews as their owner named them, marked not to be translated, a '<' included", async () => {
    const named = { ...VISA, renews: [{ iccid: '89880000000000000001', name: '<3 Mom & Dad' }] };
    stubCalls({ getPaymentMethods: { list: [named] } });
    await renderSection();
    const item = await screen.findByTestId('payment-method');
    expect(item).toHaveTextContent('Renews <3 Mom & Dad');
    expect(item.querySelector('[translate="no"]')).toHaveTextContent('<3 Mom & Dad');
  });

  it('lists each method with what it is, its expiry, when it was saved and what it renews', async () => {
    stubCalls({ getPaymentMethods: { list: [VISA, SANDBOX, PAYPAL] } });
    await renderSection();
    const items = await screen.findAllByTestId('payment-method');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Visa •••• 4242');
    expect(items[0]).toHaveTextContent('Expires 04/2031');
    expect(items[0]).toHaveTextContent('Saved May 3, 2025');
    expect(items[0]).toHaveTextContent('Renews Travel SIM');
    expect(items[1]).toHaveTextContent('Sandbox card');
    expect(items[1]).toHaveTextContent('Renews no card at the moment');
    expect(items[1]).not.toHaveTextContent('Expires');
    expect(items[2]).toHaveTextContent('PayPal');
    expect(items[2]).toHaveTextContent('Renews Shared plan');
    // Named for a screen reader, described by the method's details.
    const visaDelete = screen.getByRole('button', { name: 'Delete Visa ending 4242' });
    expect(visaDelete).toHaveAccessibleDescription(/Visa •••• 4242.*Expires 04\/2031/);
    expect(screen.getByRole('button', { name: 'Delete Sandbox card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete PayPal' })).toBeInTheDocument();
  });

  it("shows the sandbox's test card and its expiry under 'Sandbox card'", async () => {
    const TEST_CARD: Method = { ...SANDBOX, id: 14, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 };
    const SANDBOX_PAYPAL: Method = { ...TEST_CARD, id: 15, pay: 'paypal' };
    stubCalls({ getPaymentMethods: { list: [TEST_CARD, SANDBOX_PAYPAL] } });
    await renderSection();
    const [card, paypal] = await screen.findAllByTestId('payment-method');
    expect(card).toHaveTextContent('Sandbox card');
    expect(card).toHaveTextContent('Visa •••• 4242');
    expect(card).toHaveTextContent('Expires 12/2031');
    // Still named the sandbox's, and its details describe the button.
    const remove = screen.getByRole('button', { name: 'Delete Sandbox card' });
    expect(remove).toHaveAccessibleDescription(/Sandbox card.*Visa •••• 4242.*Expires 12\/2031/);
    // The sandbox playing PayPal shows no card.
    expect(paypal).toHaveTextContent('Sandbox PayPal');
    expect(paypal).not.toHaveTextContent('4242');
  });

  it('says when there is none', async () => {
    stubCalls({ getPaymentMethods: { list: [] } });
    await renderSection();
    expect(await screen.findByTestId('payment-methods-empty')).toHaveTextContent(
      'No saved payment methods. One is saved when you buy a package with auto-renewal.',
    );
  });

  it('deletes a method after a confirmation, and tells the page', async () => {
    const api = stubCalls({ getPaymentMethods: { list: [VISA, SANDBOX] }, deletePaymentMethod: null });
    const { bus } = await renderSection();
    const toasts: unknown[] = [];
    bus.subscribe('toast', (event) => toasts.push(event));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa ending 4242' }));
    const dialog = await screen.findByTestId('payment-method-delete-dialog');
    expect(dialog).toHaveTextContent('Delete this payment method?');
    expect(dialog).toHaveTextContent('Visa •••• 4242');
    expect(api.callsTo('deletePaymentMethod')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('payment-method')).toHaveLength(1));
    expect(api.callsTo('deletePaymentMethod')[0]?.body).toEqual({ id: 11 });
    expect(screen.queryByTestId('payment-method-delete-dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Visa •••• 4242')).not.toBeInTheDocument();
    expect(toasts).toEqual([
      { kind: 'success', messageKey: 'account:paymentMethods.deleted', values: { method: 'Visa •••• 4242' } },
    ]);
  });

  it('keeps the method when the deletion is cancelled', async () => {
    const api = stubCalls({ getPaymentMethods: { list: [VISA] } });
    await renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa ending 4242' }));
    const dialog = await screen.findByTestId('payment-method-delete-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('payment-method-delete-dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('payment-method')).toHaveLength(1);
    expect(api.callsTo('deletePaymentMethod')).toHaveLength(0);
  });

  it('shows a refused deletion in the dialog and keeps the method', async () => {
    stubCalls({ getPaymentMethods: { list: [VISA] }, deletePaymentMethod: callError(10024) });
    await renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa ending 4242' }));
    const dialog = await screen.findByTestId('payment-method-delete-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByTestId('payment-method-delete-problem')).toBeInTheDocument();
    expect(screen.getAllByTestId('payment-method')).toHaveLength(1);
  });

  it('says so when the list cannot be loaded, and Retry loads it again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let online = false;
    stubCalls({
      getPaymentMethods: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { list: [VISA] };
      },
    });
    await renderSection();
    expect(await screen.findByTestId('payment-methods-error')).toHaveTextContent(
      'Your payment methods could not be loaded.',
    );
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('speaks the language of the page (Arabic)', async () => {
    stubCalls({ getPaymentMethods: { list: [VISA] } });
    await renderSection('ar');
    expect(await screen.findByRole('heading', { name: 'طرق الدفع المحفوظة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف Visa المنتهية بـ 4242' })).toBeInTheDocument();
  });
});
