import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from '../helpers/app';
import { countRows, createPay, eventually, orderRow, packageId, saveUsAddress } from '../helpers/payments';
import { deliverPaypal, FAKE_WEBHOOK_ID, startFakePaypal, type FakePaypal } from '../helpers/payments-paypal';
import { chargeRefunded, startFakeStripe, stripeEvent, type FakeStripe } from '../helpers/payments-stripe';

// Provider failures: Stripe's and PayPal's apis answering 5xx, timing out and dropping connections, before or after
// they did the work. A buyer starting a checkout gets the catalogue's error or their page, never a second session;
// captures and refunds are retried (by the SDK, then by the job) and happen once.

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789';
const signer = new Stripe('sk_test_signing_only');
/** Refused by the simulated network: its orders are refunded through the payment provider. */
const REFUSED = 'apac-10gb-15d';

let stripeFake: FakeStripe;
let paypalFake: FakePaypal;
let t: TestApp;

beforeAll(async () => {
  [stripeFake, paypalFake] = await Promise.all([startFakeStripe(), startFakePaypal()]);
  t = await createTestApp({
    payments: {
      defaultProvider: 'stripe',
      workers: true,
      jobPollingSeconds: 0.5,
      stripe: {
        secretKey: 'sk_test_local',
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port: stripeFake.port,
        protocol: 'http',
        timeoutMs: 500,
      },
      paypal: {
        clientId: 'client-id',
        clientSecret: 'client-secret-0123456789',
        webhookId: FAKE_WEBHOOK_ID,
        environment: 'sandbox',
        httpsAgent: paypalFake.agent,
        timeoutMs: 500,
        retries: { count: 2, intervalSeconds: 0.01 },
      },
    },
    connectivity: { simulatorRefusedBundles: [REFUSED] },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripeFake.close(), paypalFake.close()]);
});

let cards = 0;
async function freshCard(agent: '1' | '3'): Promise<string> {
  cards += 1;
  const iccid = `8999${agent}100000000000${String(cards).padStart(3, '0')}`;
  await t.db.query(
    `INSERT INTO cards (iccid, agent_flag, status, email, total_bytes) VALUES ($1, $2, 'Activated', 'f@example.com', 0)`,
    [iccid, agent],
  );
  if (agent === '1') await saveUsAddress(t.app, iccid, 'OR');
  return iccid;
}

const sessionCreates = (path: string) => path === '/v1/checkout/sessions';

async function buyWithStripe(iccid: string, code = 'global-1gb-7d') {
  return createPay(t.app, { id: await packageId(t.db, code), iccid, flag: '3', ccy: 'EUR' });
}

async function deliverStripe(event: object) {
  const payload = JSON.stringify(event);
  const response = await t.app.inject({
    method: 'POST',
    url: '/eshop/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
  return response.statusCode;
}

describe('starting a Stripe checkout while Stripe fails', () => {
  it('answers the catalogue error on 5xx, keeps the order unsessioned, and a later try opens one session', async () => {
    const iccid = await freshCard('3');
    const before = stripeFake.sessions.size;
    stripeFake.faults.fail({ kind: 'status', status: 503 }, { times: 3, match: ({ path }) => sessionCreates(path) });
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
    expect(stripeFake.sessions.size - before).toBe(1);
  });

  it('retries a dropped connection and a timeout with the same key: one session, the buyer gets it', async () => {
    for (const fault of [
      { kind: 'drop' },
      { kind: 'timeout' },
      { kind: 'drop', after: true },
      { kind: 'timeout', after: true },
    ] as const) {
      const iccid = await freshCard('3');
      const before = stripeFake.sessions.size;
      const requests = stripeFake.creates.length;
      stripeFake.faults.fail(fault, { match: ({ path }) => sessionCreates(path) });
      const { body } = await buyWithStripe(iccid);
      expect([fault, body.code]).toEqual([fault, 10000]);
      expect(stripeFake.sessions.size - before).toBe(1);
      const order = await orderRow(t.db, body.data.order_id);
      expect(stripeFake.sessions.get(order?.provider_ref ?? '')?.url).toBe(body.data.pay_url);
      // Every try carried the order's key (a fault before the work never reached the handler).
      const keys = stripeFake.creates.slice(requests).map((request) => request.idempotencyKey);
      expect(new Set(keys)).toEqual(new Set([`esim-order-${body.data.order_id}`]));
    }
  });

  it('never doubles a session whose answers were all lost: the next try is given the one Stripe made', async () => {
    const iccid = await freshCard('3');
    const before = stripeFake.sessions.size;
    stripeFake.faults.fail({ kind: 'timeout', after: true }, { times: 3, match: ({ path }) => sessionCreates(path) });
    const failed = await buyWithStripe(iccid);
    expect(failed.body.code).toBe(10027);
    expect(stripeFake.sessions.size - before).toBe(1);
    const retried = await buyWithStripe(iccid);
    expect(retried.body.code).toBe(10000);
    expect(stripeFake.sessions.size - before).toBe(1);
  });
});

describe('PayPal failing', () => {
  const creates = (path: string) => path === '/v2/checkout/orders';

  async function buyWithPaypal(iccid: string) {
    return createPay(t.app, { id: await packageId(t.db, 'eu-5gb-30d'), iccid, flag: '1', pay: 'paypal' });
  }

  it('retries creating the PayPal order with its PayPal-Request-Id, and answers the catalogue error when it stays down', async () => {
    const iccid = await freshCard('1');
    const before = paypalFake.orders.size;
    paypalFake.faults.fail({ kind: 'drop', after: true }, { match: ({ path }) => creates(path) });
    const { body } = await buyWithPaypal(iccid);
    expect(body.code).toBe(10000);
    expect(paypalFake.orders.size - before).toBe(1);

    const down = await freshCard('1');
    paypalFake.faults.fail({ kind: 'status', status: 500 }, { times: 3, match: ({ path }) => creates(path) });
    const failed = await buyWithPaypal(down);
    expect(failed.body).toEqual({ code: 10027, message: 'payment could not be started', data: null });
    expect(paypalFake.orders.size - before).toBe(1);
  });

  it('captures once through the job when the capture fails at first', async () => {
    const iccid = await freshCard('1');
    const { body } = await buyWithPaypal(iccid);
    const orderId = body.data.order_id;
    const order = await orderRow(t.db, orderId);
    const paypalOrder = paypalFake.orders.get(order?.provider_ref ?? '');
    if (!paypalOrder) throw new Error('no PayPal order');
    paypalOrder.approved = true;
    const capture = ({ path }: { path: string }) => path === `/v2/checkout/orders/${paypalOrder.id}/capture`;
    // The webhook's own attempt meets an outage (its three tries), and the first retry's answer is lost after
    // PayPal captured.
    paypalFake.faults.fail({ kind: 'status', status: 503 }, { times: 3, match: capture });
    paypalFake.faults.fail({ kind: 'drop', after: true }, { match: capture });
    const approved = {
      id: `WH-${randomUUID()}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: { id: paypalOrder.id, status: 'APPROVED', purchase_units: [{ custom_id: orderId }] },
    };
    // Stored with its job: the webhook is answered, PayPal need not send it again.
    expect((await deliverPaypal(t.app, paypalFake, approved)).statusCode).toBe(200);
    await eventually(async () => paypalOrder.captures === 1, 30_000);
    await eventually(async () => paypalFake.faults.faulted.filter((faulted) => capture(faulted)).length === 4, 30_000);
    // Every try of the capture carried the order's PayPal-Request-Id; PayPal captured once.
    const tries = paypalFake.captureRequests.filter((request) => request.orderId === paypalOrder.id);
    expect(new Set(tries.map((request) => request.requestId))).toEqual(new Set([`esim-capture-${orderId}`]));
    expect(paypalOrder.captures).toBe(1);
  });
});

describe('refunding while the provider fails', () => {
  it('refunds a refused package once, the job retrying through an outage and a lost answer', async () => {
    const iccid = await freshCard('3');
    const refunds = ({ path }: { path: string }) => path === '/v1/refunds';
    // The apply job's first refund meets an outage of every SDK try; its retry's answer is lost after Stripe refunded.
    stripeFake.faults.fail({ kind: 'status', status: 503 }, { times: 3, match: refunds });
    stripeFake.faults.fail({ kind: 'drop', after: true }, { match: refunds });
    const { body } = await buyWithStripe(iccid, REFUSED);
    const orderId = Number(body.data.order_id);
    const order = await orderRow(t.db, orderId);
    const session = stripeFake.sessions.get(order?.provider_ref ?? '');
    if (!session) throw new Error('no session');
    const total = (order?.amount ?? 0) + (order?.tax_amount ?? 0);
    const paymentIntent = `pi_refused_${cards}`;
    const intent = stripeFake.addPaymentIntent(paymentIntent, total, 'eur');
    const paid = stripeEvent('checkout.session.completed', session, {
      payment_status: 'paid',
      payment_intent: paymentIntent,
    });
    expect(await deliverStripe(paid)).toBe(200);
    await eventually(async () => (await orderRow(t.db, orderId))?.status === 'refunded', 45_000);
    expect(intent.refunded).toBe(total);
    expect([...stripeFake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(
      1,
    );
    const keys = stripeFake.refundRequests
      .filter((request) => request.fields.payment_intent === paymentIntent)
      .map((request) => request.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`refund-order-${orderId}`]));
    // Stripe's charge.refunded about our own refund changes nothing more.
    const refunded = chargeRefunded(paymentIntent, total, total, 'EUR');
    expect(await deliverStripe(refunded)).toBe(200);
    expect(
      await countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = $1 AND result = 'duplicate'`, [refunded.id]),
    ).toBe(1);
  });
});
