import { type Queryable } from '../../src/db/index';
import { createPaypalProvider } from '../../src/modules/payments/providers/paypal';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox';
import { createStripeProvider } from '../../src/modules/payments/providers/stripe';
import { type PaymentProvider, type RefundRequest } from '../../src/modules/payments/providers/types';
import { fakePaypalSettings, startFakePaypal, type FakePaypal } from '../helpers/payments-paypal';
import { fakeStripeSettings, startFakeStripe, type FakeStripe } from '../helpers/payments-stripe';

// Refunds through each provider, made directly on the adapters (no app, no database): Stripe's official SDK and
// PayPal's server SDK run against the local fakes, which keep one refund per idempotency key like the real apis.

let stripeFake: FakeStripe;
let paypalFake: FakePaypal;
let stripe: PaymentProvider;
let paypal: PaymentProvider;

beforeAll(async () => {
  [stripeFake, paypalFake] = await Promise.all([startFakeStripe(), startFakePaypal()]);
  stripe = createStripeProvider(fakeStripeSettings(stripeFake));
  paypal = createPaypalProvider(fakePaypalSettings(paypalFake));
});
afterAll(async () => {
  await Promise.all([stripeFake.close(), paypalFake.close()]);
});

let serial = 0;
/** A refund of a fresh order, with its own payment id and key unless told otherwise. */
function refundOf(overrides: Partial<RefundRequest> = {}): RefundRequest {
  serial += 1;
  return {
    orderId: 9000 + serial,
    paymentId: `pay_${serial}`,
    amount: 1284,
    currency: 'EUR',
    idempotencyKey: `esim-refund-${9000 + serial}`,
    reason: 'The network could not carry the package',
    ...overrides,
  };
}

/** A refund needs the adapter's optional method: every provider here has one. */
function refundWith(provider: PaymentProvider, request: RefundRequest): Promise<{ refundId: string }> {
  if (!provider.refund) throw new Error(`${provider.name} cannot refund`);
  return provider.refund(request);
}

describe('Stripe refunds', () => {
  it("refunds the order's PaymentIntent with its amount, the idempotency key and the order in metadata", async () => {
    const request = refundOf({ paymentId: 'pi_refund_1' });
    stripeFake.addPaymentIntent(request.paymentId, 1284, 'eur');
    const { refundId } = await refundWith(stripe, request);
    const refund = stripeFake.refunds.get(refundId);
    expect(refund).toMatchObject({
      object: 'refund',
      payment_intent: 'pi_refund_1',
      amount: 1284,
      currency: 'eur',
      reason: 'requested_by_customer',
      status: 'succeeded',
      metadata: { order_id: String(request.orderId), refund_reason: request.reason },
    });
    const sent = stripeFake.refundRequests.at(-1);
    expect(sent?.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent?.authorization).toBe('Bearer sk_test_local');
    expect(sent?.fields).toMatchObject({ payment_intent: 'pi_refund_1', amount: '1284' });
  });

  it('refunds once for the same idempotency key, however often it is asked', async () => {
    const request = refundOf({ paymentId: 'pi_refund_twice' });
    const intent = stripeFake.addPaymentIntent(request.paymentId, 1284, 'eur');
    const first = await refundWith(stripe, request);
    const again = await refundWith(stripe, request);
    expect(again).toEqual(first);
    // Both asked with the key, and the second was Stripe's replay (not an "already refunded" answer looked up).
    const sent = stripeFake.refundRequests.filter((each) => each.fields.payment_intent === request.paymentId);
    expect(sent.map((each) => each.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect(
      [...stripeFake.refunds.values()].filter((refund) => refund.payment_intent === request.paymentId),
    ).toHaveLength(1);
    expect(intent.refunded).toBe(1284);
  });

  it('sends zero-decimal amounts as they are (JPY)', async () => {
    const request = refundOf({ paymentId: 'pi_refund_jpy', amount: 1980, currency: 'JPY' });
    stripeFake.addPaymentIntent(request.paymentId, 1980, 'jpy');
    const { refundId } = await refundWith(stripe, request);
    expect(stripeFake.refunds.get(refundId)).toMatchObject({ amount: 1980, currency: 'jpy' });
  });

  it('answers the earlier refund when the payment was refunded with another key', async () => {
    const request = refundOf({ paymentId: 'pi_refunded_before' });
    stripeFake.addPaymentIntent(request.paymentId, 1284, 'eur');
    const first = await refundWith(stripe, request);
    const byHand = await refundWith(stripe, { ...request, idempotencyKey: 'dashboard-refund' });
    expect(byHand).toEqual(first);
    expect(
      [...stripeFake.refunds.values()].filter((refund) => refund.payment_intent === request.paymentId),
    ).toHaveLength(1);
  });

  it('answers a stable marker when Stripe says refunded but lists no refund', async () => {
    const request = refundOf({ paymentId: 'pi_refunded_elsewhere' });
    stripeFake.addPaymentIntent(request.paymentId, 1284, 'eur').refunded = 1284;
    expect(await refundWith(stripe, request)).toEqual({ refundId: 'already_refunded:pi_refunded_elsewhere' });
  });

  it('throws on an outage (after the SDK retried with the same key), and a later retry refunds once', async () => {
    const request = refundOf({ paymentId: 'pi_refund_outage' });
    const intent = stripeFake.addPaymentIntent(request.paymentId, 1284, 'eur');
    const before = stripeFake.refundRequests.length;
    // The SDK tries three times (maxNetworkRetries 2): all three fail.
    stripeFake.failNext(500, 3);
    await expect(refundWith(stripe, request)).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    const tries = stripeFake.refundRequests.slice(before);
    expect(tries.map((sent) => sent.idempotencyKey)).toEqual(Array(3).fill(request.idempotencyKey));
    expect(intent.refunded).toBe(0);
    const { refundId } = await refundWith(stripe, request);
    expect(stripeFake.refunds.get(refundId)?.amount).toBe(1284);
    expect(intent.refunded).toBe(1284);
  });

  it('throws when Stripe rate-limits or refuses the refund', async () => {
    const request = refundOf({ paymentId: 'pi_refund_refused' });
    stripeFake.addPaymentIntent(request.paymentId, 1284, 'eur');
    stripeFake.failNext(429);
    await expect(refundWith(stripe, request)).rejects.toMatchObject({ type: 'StripeRateLimitError' });
    // More than was paid: a final answer, thrown as Stripe gave it.
    await expect(refundWith(stripe, { ...request, amount: 5000, idempotencyKey: 'too-much' })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    await expect(refundWith(stripe, refundOf({ paymentId: 'pi_unknown' }))).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});

describe('PayPal refunds', () => {
  it('refunds the capture with its amount as a decimal string, the invoice id and PayPal-Request-Id', async () => {
    const request = refundOf({ paymentId: 'CAP-REFUND-1', currency: 'USD', amount: 1500 });
    paypalFake.addCapture(request.paymentId, '15.00', 'USD');
    const { refundId } = await refundWith(paypal, request);
    expect(paypalFake.refunds.get(refundId)).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '15.00' },
      invoice_id: `esim-order-${request.orderId}`,
      note_to_payer: request.reason,
    });
    expect(paypalFake.refundRequests.at(-1)).toEqual({
      captureId: 'CAP-REFUND-1',
      requestId: request.idempotencyKey,
      prefer: 'return=minimal',
      body: {
        amount: { currency_code: 'USD', value: '15.00' },
        invoice_id: `esim-order-${request.orderId}`,
        note_to_payer: request.reason,
      },
    });
  });

  it('sends JPY without decimals and three-decimal currencies with three', async () => {
    const yen = refundOf({ paymentId: 'CAP-REFUND-JPY', currency: 'JPY', amount: 1980 });
    paypalFake.addCapture(yen.paymentId, '1980', 'JPY');
    const { refundId } = await refundWith(paypal, yen);
    expect(paypalFake.refundRequests.at(-1)?.body.amount).toEqual({ currency_code: 'JPY', value: '1980' });
    expect(paypalFake.refunds.get(refundId)?.amount).toEqual({ currency_code: 'JPY', value: '1980' });
    const dinar = refundOf({ paymentId: 'CAP-REFUND-BHD', currency: 'BHD', amount: 4125 });
    paypalFake.addCapture(dinar.paymentId, '4.125', 'BHD');
    await refundWith(paypal, dinar);
    expect(paypalFake.refundRequests.at(-1)?.body.amount).toEqual({ currency_code: 'BHD', value: '4.125' });
  });

  it('refunds once for the same PayPal-Request-Id', async () => {
    const request = refundOf({ paymentId: 'CAP-REFUND-TWICE', currency: 'USD', amount: 1500 });
    const capture = paypalFake.addCapture(request.paymentId, '15.00', 'USD');
    const first = await refundWith(paypal, request);
    const again = await refundWith(paypal, request);
    expect(again).toEqual(first);
    expect(paypalFake.refundRequests.filter((sent) => sent.captureId === request.paymentId)).toHaveLength(2);
    expect(capture.refunded).toBe(1500);
  });

  it('answers a stable marker when the capture is already fully refunded', async () => {
    const request = refundOf({ paymentId: 'CAP-REFUNDED-BEFORE', currency: 'USD', amount: 1500 });
    paypalFake.addCapture(request.paymentId, '15.00', 'USD');
    await refundWith(paypal, { ...request, idempotencyKey: 'by-hand' });
    expect(await refundWith(paypal, request)).toEqual({ refundId: 'already_refunded:CAP-REFUNDED-BEFORE' });
    expect(await refundWith(paypal, request)).toEqual({ refundId: 'already_refunded:CAP-REFUNDED-BEFORE' });
  });

  it('throws on a 5xx that outlasts its retries (same PayPal-Request-Id), and a later retry refunds once', async () => {
    const request = refundOf({ paymentId: 'CAP-REFUND-OUTAGE', currency: 'USD', amount: 1500 });
    const capture = paypalFake.addCapture(request.paymentId, '15.00', 'USD');
    const before = paypalFake.refundRequests.length;
    // Three tries (two retries) each time.
    paypalFake.failNextRefund(503, 3);
    await expect(refundWith(paypal, request)).rejects.toMatchObject({ statusCode: 503 });
    paypalFake.failNextRefund(500, 3);
    await expect(refundWith(paypal, request)).rejects.toMatchObject({ statusCode: 500 });
    const tries = paypalFake.refundRequests.slice(before);
    expect(tries.map((sent) => sent.requestId)).toEqual(Array(6).fill(request.idempotencyKey));
    expect(capture.refunded).toBe(0);
    const { refundId } = await refundWith(paypal, request);
    expect(paypalFake.refunds.get(refundId)?.amount).toEqual({ currency_code: 'USD', value: '15.00' });
    expect(capture.refunded).toBe(1500);
  });

  it('retries a passing outage and a lost answer within one refund: one refund at PayPal', async () => {
    const request = refundOf({ paymentId: 'CAP-REFUND-BLIP', currency: 'USD', amount: 1500 });
    const capture = paypalFake.addCapture(request.paymentId, '15.00', 'USD');
    paypalFake.failNextRefund(503);
    const first = await refundWith(paypal, request);
    expect(capture.refunded).toBe(1500);
    // Refunded at PayPal, but the connection dropped before the answer: the retry is answered the same refund.
    const refunds = (path: string) => path === `/v2/payments/captures/${request.paymentId}/refund`;
    paypalFake.faults.fail({ kind: 'drop', after: true }, { match: ({ path }) => refunds(path) });
    expect(await refundWith(paypal, request)).toEqual(first);
    expect(capture.refunded).toBe(1500);
    expect([...paypalFake.refunds.values()].filter((refund) => refund.id === first.refundId)).toHaveLength(1);
  });

  it('throws at once when PayPal refuses the refund (more than captured, unknown capture)', async () => {
    const request = refundOf({ paymentId: 'CAP-REFUND-SMALL', currency: 'USD', amount: 1500 });
    paypalFake.addCapture(request.paymentId, '10.00', 'USD');
    const before = paypalFake.refundRequests.length;
    await expect(refundWith(paypal, request)).rejects.toMatchObject({ statusCode: 422 });
    // A refusal is final: asked once, not retried.
    expect(paypalFake.refundRequests.length - before).toBe(1);
    await expect(refundWith(paypal, refundOf({ paymentId: 'CAP-UNKNOWN', currency: 'USD' }))).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('sandbox refunds', () => {
  // The sandbox refunds without its database: any query is a mistake.
  const noDb: Queryable = {
    query: () => Promise.reject(new Error('the sandbox refund used the database')),
    one: () => Promise.reject(new Error('the sandbox refund used the database')),
  };
  const sandbox = createSandboxProvider(noDb, { secret: 'sandbox-secret', publicOrigin: 'http://localhost:8080' });

  it('answers the same refund id for the same key, and another for another key', async () => {
    const request = refundOf({ paymentId: 'pay_sandbox_1' });
    const first = await refundWith(sandbox, request);
    expect(first.refundId).toMatch(/^re_sbx_[\w-]{24}$/);
    expect(await refundWith(sandbox, { ...request })).toEqual(first);
    // The key decides, as at a real provider: a retry of the same refund answers it again.
    expect(await refundWith(sandbox, { ...request, reason: 'another wording' })).toEqual(first);
    const other = await refundWith(sandbox, refundOf({ paymentId: 'pay_sandbox_1' }));
    expect(other.refundId).not.toBe(first.refundId);
  });
});
