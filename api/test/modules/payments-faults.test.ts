import { randomUUID } from 'node:crypto';
import {
  countRows,
  createPay,
  createProviderTestApp,
  eventually,
  orderRow,
  packageId,
  payerCards,
  type ProviderTestApp,
  stripeCheckout,
} from '../helpers/payments';
import { deliverPaypal, type FakePaypal } from '../helpers/payments-paypal';
import { chargeRefunded, deliverStripe, sessionPaid } from '../helpers/payments-stripe';

// Provider failures: Stripe's and PayPal's apis answering 5xx, timing out and dropping connections, before or after
// they did the work. A buyer starting a checkout gets the catalogue's error or their page, never a second session;
// captures and refunds are retried (by the SDK, then by the job) and happen once.

/** Refused by the simulated network: its orders are refunded through the payment provider. */
const REFUSED = 'apac-10gb-15d';

let t: ProviderTestApp & { paypal: FakePaypal };

beforeAll(async () => {
  t = await createProviderTestApp({
    payments: { workers: true, jobPollingSeconds: 0.5 },
    // Stripe's timeout faults wait this out. PayPal's tests have none: a longer limit keeps a loaded machine's slow
    // TLS handshake with the fake PayPal from reading as PayPal being down (a CI run lost every try at 500 ms).
    stripe: { timeoutMs: 500 },
    paypal: { timeoutMs: 5_000 },
    connectivity: { simulatorRefusedBundles: [REFUSED] },
  });
});
afterAll(() => t.close());

const newCard = payerCards({ series: '100000000000', status: 'Activated', email: 'f@example.com' });
const freshCard = (agent: '1' | '3') => newCard(t, agent);

const sessionCreates = (path: string) => path === '/v1/checkout/sessions';

async function buyWithStripe(iccid: string, code = 'global-1gb-7d') {
  return createPay(t.app, { id: await packageId(t.db, code), iccid, flag: '3', ccy: 'EUR' });
}

describe('starting a Stripe checkout while Stripe fails', () => {
  it('answers the catalogue error on 5xx, keeps the order unsessioned, and a later try opens one session', async () => {
    const iccid = await freshCard('3');
    const before = t.stripe.sessions.size;
    t.stripe.faults.fail({ kind: 'status', status: 503 }, { times: 3, match: ({ path }) => sessionCreates(path) });
    const failed = await buyWithStripe(iccid);
    expect(failed.body).toEqual({ code: 10027, message: 'payment could not be started', data: null });
    const open = await t.db.one<{ id: number; status: string; pay_url: string | null; provider_ref: string | null }>(
      `SELECT id, status, pay_url, provider_ref FROM orders WHERE iccid = $1`,
      [iccid],
    );
    expect(open).toMatchObject({ status: 'created', pay_url: null, provider_ref: null });
    const retried = await buyWithStripe(iccid);
    expect(retried.body.code).toBe(10000);
    // The same order, one session.
    expect(retried.body.data.order_id).toBe(String(open?.id));
    expect(t.stripe.sessions.size - before).toBe(1);
  });

  it('retries a dropped connection and a timeout with the same key: one session, the buyer gets it', async () => {
    for (const fault of [
      { kind: 'drop' },
      { kind: 'timeout' },
      { kind: 'drop', after: true },
      { kind: 'timeout', after: true },
    ] as const) {
      const iccid = await freshCard('3');
      const before = t.stripe.sessions.size;
      const requests = t.stripe.creates.length;
      t.stripe.faults.fail(fault, { match: ({ path }) => sessionCreates(path) });
      const { body } = await buyWithStripe(iccid);
      expect([fault, body.code]).toEqual([fault, 10000]);
      expect(t.stripe.sessions.size - before).toBe(1);
      const order = await orderRow(t.db, body.data.order_id);
      expect(t.stripe.sessions.get(order?.provider_ref ?? '')?.url).toBe(body.data.pay_url);
      // Every try carried the order's key (a fault before the work never reached the handler).
      const keys = t.stripe.creates.slice(requests).map((request) => request.idempotencyKey);
      expect(new Set(keys)).toEqual(new Set([`esim-order-${body.data.order_id}`]));
    }
  });

  it('never doubles a session whose answers were all lost: the next try is given the one Stripe made', async () => {
    const iccid = await freshCard('3');
    const before = t.stripe.sessions.size;
    t.stripe.faults.fail({ kind: 'timeout', after: true }, { times: 3, match: ({ path }) => sessionCreates(path) });
    const failed = await buyWithStripe(iccid);
    expect(failed.body.code).toBe(10027);
    expect(t.stripe.sessions.size - before).toBe(1);
    const retried = await buyWithStripe(iccid);
    expect(retried.body.code).toBe(10000);
    expect(t.stripe.sessions.size - before).toBe(1);
  });
});

describe('PayPal failing', () => {
  const creates = (path: string) => path === '/v2/checkout/orders';

  async function buyWithPaypal(iccid: string) {
    return createPay(t.app, { id: await packageId(t.db, 'eu-5gb-30d'), iccid, flag: '1', pay: 'paypal' });
  }

  it('retries creating the PayPal order with its PayPal-Request-Id, and answers the catalogue error when it stays down', async () => {
    const iccid = await freshCard('1');
    const before = t.paypal.orders.size;
    t.paypal.faults.fail({ kind: 'drop', after: true }, { match: ({ path }) => creates(path) });
    const { body } = await buyWithPaypal(iccid);
    expect(body.code).toBe(10000);
    expect(t.paypal.orders.size - before).toBe(1);

    const down = await freshCard('1');
    t.paypal.faults.fail({ kind: 'status', status: 500 }, { times: 3, match: ({ path }) => creates(path) });
    const failed = await buyWithPaypal(down);
    expect(failed.body).toEqual({ code: 10027, message: 'payment could not be started', data: null });
    expect(t.paypal.orders.size - before).toBe(1);
  });

  it('captures once through the job when the capture fails at first', async () => {
    const iccid = await freshCard('1');
    const { body } = await buyWithPaypal(iccid);
    const orderId = body.data.order_id;
    const order = await orderRow(t.db, orderId);
    const paypalOrder = t.paypal.orders.get(order?.provider_ref ?? '');
    if (!paypalOrder) throw new Error('no PayPal order');
    paypalOrder.approved = true;
    const capture = ({ path }: { path: string }) => path === `/v2/checkout/orders/${paypalOrder.id}/capture`;
    // The webhook's own attempt meets an outage (its three tries), and the first retry's answer is lost after
    // PayPal captured.
    t.paypal.faults.fail({ kind: 'status', status: 503 }, { times: 3, match: capture });
    t.paypal.faults.fail({ kind: 'drop', after: true }, { match: capture });
    const approved = {
      id: `WH-${randomUUID()}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: { id: paypalOrder.id, status: 'APPROVED', purchase_units: [{ custom_id: orderId }] },
    };
    // Stored with its job: the webhook is answered, PayPal need not send it again.
    expect((await deliverPaypal(t.app, t.paypal, approved)).statusCode).toBe(200);
    await eventually(async () => paypalOrder.captures === 1, 30_000);
    await eventually(async () => t.paypal.faults.faulted.filter((faulted) => capture(faulted)).length === 4, 30_000);
    // Every try of the capture carried the order's PayPal-Request-Id; PayPal captured once.
    const tries = t.paypal.captureRequests.filter((request) => request.orderId === paypalOrder.id);
    expect(new Set(tries.map((request) => request.requestId))).toEqual(new Set([`esim-capture-${orderId}`]));
    expect(paypalOrder.captures).toBe(1);
  });
});

describe('refunding while the provider fails', () => {
  it('refunds a refused package once, the job retrying through an outage and a lost answer', async () => {
    const iccid = await freshCard('3');
    const refunds = ({ path }: { path: string }) => path === '/v1/refunds';
    // The apply job's first refund meets an outage of every SDK try; its retry's answer is lost after Stripe refunded.
    t.stripe.faults.fail({ kind: 'status', status: 503 }, { times: 3, match: refunds });
    t.stripe.faults.fail({ kind: 'drop', after: true }, { match: refunds });
    const { orderId: id, session, total } = await stripeCheckout(t, { iccid, code: REFUSED });
    const orderId = Number(id);
    const paymentIntent = `pi_refused_${iccid}`;
    const intent = t.stripe.addPaymentIntent(paymentIntent, total, 'eur');
    expect(await deliverStripe(t.app, sessionPaid(session, paymentIntent))).toBe(200);
    await eventually(async () => (await orderRow(t.db, orderId))?.status === 'refunded', 45_000);
    expect(intent.refunded).toBe(total);
    expect([...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);
    const keys = t.stripe.refundRequests
      .filter((request) => request.fields.payment_intent === paymentIntent)
      .map((request) => request.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`refund-order-${orderId}`]));
    // Stripe's charge.refunded about our own refund changes nothing more.
    const refunded = chargeRefunded(paymentIntent, total, total, 'EUR');
    expect(await deliverStripe(t.app, refunded)).toBe(200);
    expect(
      await countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = $1 AND result = 'duplicate'`, [refunded.id]),
    ).toBe(1);
  });
});
