import { randomUUID } from 'node:crypto';
import { createTestApp, post, testClock, type TestApp } from '../helpers/app';
import { CARD_V1, countRows, createPay, orderRow, packageId, saveUsAddress } from '../helpers/payments';
import {
  deliverPaypal,
  FAKE_WEBHOOK_ID,
  fakePaypalSettings,
  startFakePaypal,
  type FakePaypal,
} from '../helpers/payments-paypal';

// PayPal Orders v2 with @paypal/paypal-server-sdk against a local server speaking the endpoints used: create with
// PayPal-Request-Id, capture on approval, PAYMENT.CAPTURE.COMPLETED fulfils, PENDING waits, DENIED fails, every
// webhook's signature checked here (SHA256withRSA with the certificate PayPal's host serves) and then by
// verify-webhook-signature. Forged posts: payments-paypal-signature.test.ts.

let fake: FakePaypal;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePaypal();
  t = await createTestApp({
    payments: {
      paypal: fakePaypalSettings(fake, { timeoutMs: 500 }),
    },
  });
  // Agent 1 offers PayPal; Oregon has no sales tax.
  await saveUsAddress(t.app, CARD_V1, 'OR');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function openOrder(options: { renewal?: boolean; trackingId?: string } = {}) {
  await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V1]);
  const id = await packageId(t.db, 'eu-5gb-30d');
  const { body } = await post<{ pay_url: string; order_id: string }>(t.app, '/pay/buy', {
    id,
    renewal: options.renewal ?? false,
    iccid: CARD_V1,
    flag: '1',
    lang: 'en',
    ccy: 'USD',
    pay: 'paypal',
    ...(options.trackingId ? { trackingId: options.trackingId } : {}),
  });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  const order = await orderRow(t.db, body.data.order_id);
  const paypalOrder = fake.orders.get(order?.provider_ref ?? '');
  if (!paypalOrder) throw new Error('no order at the fake PayPal');
  return { orderId: body.data.order_id, payUrl: body.data.pay_url, paypalOrder };
}

async function deliver(event: object, options: { signature?: string; time?: Date } = {}) {
  return (await deliverTo(t, event, options)).statusCode;
}

function deliverTo(app: TestApp, event: object | string, options: Parameters<typeof deliverPaypal>[3] = {}) {
  return deliverPaypal(app.app, fake, event, options);
}

function captureEvent(type: string, orderId: string, paypalOrderId: string, value = '15.00', currency = 'USD') {
  return {
    id: `WH-${randomUUID()}`,
    event_type: type,
    resource_type: 'capture',
    resource: {
      id: `CAP-${paypalOrderId}`,
      status: type.split('.').pop(),
      amount: { currency_code: currency, value },
      custom_id: orderId,
      supplementary_data: { related_ids: { order_id: paypalOrderId } },
    },
  };
}

function approvedEvent(orderId: string, paypalOrderId: string) {
  return {
    id: `WH-${randomUUID()}`,
    event_type: 'CHECKOUT.ORDER.APPROVED',
    resource_type: 'checkout-order',
    resource: { id: paypalOrderId, status: 'APPROVED', purchase_units: [{ custom_id: orderId }] },
  };
}

describe('PayPal Orders v2', () => {
  it('creates one PayPal order per order with PayPal-Request-Id and sends the buyer to PayPal', async () => {
    const { orderId, payUrl, paypalOrder } = await openOrder();
    expect(payUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${paypalOrder.id}`);
    expect(paypalOrder).toMatchObject({
      requestId: `esim-order-${orderId}`,
      customId: orderId,
      currency: 'USD',
      value: '15.00',
    });
    const before = fake.creates;
    await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V1]);
    const id = await packageId(t.db, 'apac-10gb-15d');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createPay(t.app, { id, iccid: CARD_V1, flag: '1', pay: 'paypal' })),
    );
    expect(new Set(answers.map((answer) => answer.body.data.pay_url)).size).toBe(1);
    expect(fake.creates - before).toBe(1);
  });

  it('captures on approval and fulfils once from PAYMENT.CAPTURE.COMPLETED', async () => {
    const { orderId, paypalOrder } = await openOrder();
    paypalOrder.approved = true;
    expect(await deliver(approvedEvent(orderId, paypalOrder.id))).toBe(200);
    expect(fake.captureRequests.filter((request) => request.orderId === paypalOrder.id)).toEqual([
      { orderId: paypalOrder.id, requestId: `esim-capture-${orderId}` },
    ]);
    // Approval alone pays nothing.
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => deliver(completed)));
    expect(statuses).toEqual(Array(8).fill(200));
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(1);
  });

  it('captures when the buyer comes back before the webhook (paySearch)', async () => {
    const { orderId, paypalOrder } = await openOrder();
    paypalOrder.approved = true;
    const search = await post(t.app, '/pay/search', { order_id: orderId });
    expect(search.body.data).toMatchObject({ status: 'pending' });
    expect(fake.captureRequests.some((request) => request.orderId === paypalOrder.id)).toBe(true);
  });

  it('waits on PENDING and fails on DENIED', async () => {
    const pending = await openOrder();
    expect(await deliver(captureEvent('PAYMENT.CAPTURE.PENDING', pending.orderId, pending.paypalOrder.id))).toBe(200);
    expect((await orderRow(t.db, pending.orderId))?.status).toBe('pending');
    expect(await deliver(captureEvent('PAYMENT.CAPTURE.DENIED', pending.orderId, pending.paypalOrder.id))).toBe(200);
    expect((await orderRow(t.db, pending.orderId))?.status).toBe('failed');
  });

  it('rejects a signature PayPal does not confirm, a stale transmission and a wrong amount', async () => {
    const { orderId, paypalOrder } = await openOrder();
    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id);
    expect(await deliver(completed, { signature: 'forged' })).toBe(400);
    expect(await deliver(completed, { time: new Date(Date.now() - 301_000) })).toBe(400);
    expect(await deliver(captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id, '1.00'))).toBe(400);
    expect(await deliver(captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id, '15.00', 'EUR'))).toBe(400);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(0);
  });

  it("passes a renewal's tracking id to PayPal as its client metadata id", async () => {
    const trackingId = randomUUID();
    const { paypalOrder, orderId } = await openOrder({ renewal: true, trackingId });
    expect(paypalOrder.clientMetadataId).toBe(trackingId);
    // Kept with the order too; a purchase without renewal keeps none.
    const kept = await t.db.one(`SELECT tracking_id FROM orders WHERE id = $1`, [Number(orderId)]);
    expect(kept).toEqual({ tracking_id: trackingId });
    const plain = await openOrder({ renewal: false, trackingId: randomUUID() });
    const none = await t.db.one(`SELECT tracking_id FROM orders WHERE id = $1`, [Number(plain.orderId)]);
    expect(none).toEqual({ tracking_id: null });
  });
});

describe('PayPal webhook verification', () => {
  const eventCount = (id: string) => countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = $1`, [id]);

  it('has PayPal check the exact bytes received, and acts on that event', async () => {
    const { orderId, paypalOrder } = await openOrder();
    const event = {
      ...captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id),
      summary: 'Payment received',
    };
    // As PayPal may write it: indented, with an escaped character that JSON.stringify would write as it is.
    const text = JSON.stringify(event, null, 2).replace('"Payment received"', '"Paiement re\\u00e7u"');
    expect((await deliverTo(t, text)).statusCode).toBe(200);
    expect(fake.verifiedEvents.at(-1)).toBe(text);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
  });

  it('refuses an event other than the one PayPal signed', async () => {
    const { orderId, paypalOrder } = await openOrder();
    const signed = JSON.stringify(captureEvent('PAYMENT.CAPTURE.PENDING', orderId, paypalOrder.id));
    const swapped = signed
      .replace('PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.COMPLETED')
      .replace('"PENDING"', '"COMPLETED"');
    expect((await deliverTo(t, swapped, { signedBody: signed })).statusCode).toBe(400);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
  });

  it('answers 503 while the check cannot be made, so PayPal delivers again; then acts once', async () => {
    const { orderId, paypalOrder } = await openOrder();
    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId, paypalOrder.id);
    const verify = ({ path }: { path: string }) => path === '/v1/notifications/verify-webhook-signature';
    const faults = [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429 },
      { kind: 'status', status: 403 },
      { kind: 'drop' },
      { kind: 'timeout' },
    ] as const;
    for (const fault of faults) {
      fake.faults.fail(fault, { match: verify });
      const response = await deliverTo(t, completed);
      expect([fault, response.statusCode, response.json().code]).toEqual([fault, 503, 10003]);
    }
    expect(await eventCount(completed.id)).toBe(0);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    expect((await deliverTo(t, completed)).statusCode).toBe(200);
    expect((await deliverTo(t, completed)).statusCode).toBe(200);
    expect(await eventCount(completed.id)).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(1);
  });

  it('asks for a new token once when PayPal no longer takes the one it has', async () => {
    const { orderId, paypalOrder } = await openOrder();
    const before = fake.tokenRequests;
    fake.revokeTokens();
    expect(await deliver(captureEvent('PAYMENT.CAPTURE.PENDING', orderId, paypalOrder.id))).toBe(200);
    expect(fake.tokenRequests).toBe(before + 1);
    // The SDK's calls take the new token too.
    paypalOrder.approved = true;
    expect(await deliver(approvedEvent(orderId, paypalOrder.id))).toBe(200);
    expect(paypalOrder.captures).toBe(1);
    expect(fake.tokenRequests).toBe(before + 1);
  });
});

describe('PayPal signature checks: limits and the OAuth token', () => {
  let other: FakePaypal;
  let limited: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    other = await startFakePaypal();
    other.tokenLifetimeSeconds = 600;
    limited = await createTestApp({
      payments: {
        now: clock.now,
        paypal: {
          clientId: 'client-id',
          clientSecret: 'client-secret-0123456789',
          webhookId: FAKE_WEBHOOK_ID,
          environment: 'sandbox',
          httpsAgent: other.agent,
          now: clock.now,
        },
        webhookVerifyLimits: { perIp: 3, total: 5, windowMs: 60_000 },
      },
    });
    await saveUsAddress(limited.app, CARD_V1, 'OR');
  });
  afterAll(async () => {
    await limited.close();
    await other.close();
  });

  const ignored = () => ({ id: `WH-${randomUUID()}`, event_type: 'PAYMENT.SALE.COMPLETED', resource: {} });
  const send = (event: object, options: Parameters<typeof deliverPaypal>[3] = {}) =>
    deliverPaypal(limited.app, other, event, { time: clock.now(), ...options });

  it('limits the checks it asks PayPal for, per address and in all; posts that fail here cost nothing', async () => {
    const before = other.verifications;
    // Forged (a signature the certificate's key did not make), stale, or without PayPal's headers: refused here
    // without asking PayPal, and not counted, however many.
    const forged = [];
    for (let i = 0; i < 8; i += 1) {
      forged.push((await send(ignored(), { signature: 'Zm9yZ2Vk', ip: '203.0.113.1' })).statusCode);
    }
    expect(forged).toEqual(Array(8).fill(400));
    const stale = await send(ignored(), { ip: '203.0.113.1', time: new Date(clock.now().getTime() - 400_000) });
    expect(stale.statusCode).toBe(400);
    expect(other.verifications - before).toBe(0);
    // Signed posts (a replay of a genuine transmission would be one) are checked with PayPal: 3 per address.
    const first = [];
    for (let i = 0; i < 4; i += 1) first.push((await send(ignored(), { ip: '203.0.113.1' })).statusCode);
    expect(first).toEqual([200, 200, 200, 429]);
    expect(other.verifications - before).toBe(3);
    // Another address has its own allowance, up to the limit of all (5).
    const second = [];
    for (let i = 0; i < 3; i += 1) second.push((await send(ignored(), { ip: '203.0.113.2' })).statusCode);
    expect(second).toEqual([200, 200, 429]);
    expect(other.verifications - before).toBe(5);
    // Even a genuine event waits now (PayPal delivers it again later); nothing was stored.
    const genuine = ignored();
    const limitedAnswer = await send(genuine, { ip: '203.0.113.3' });
    expect([limitedAnswer.statusCode, limitedAnswer.json().code]).toEqual([429, 10007]);
    expect(await countRows(limited.db, `SELECT 1 FROM payment_events WHERE event_id = $1`, [genuine.id])).toBe(0);
    expect(other.verifications - before).toBe(5);
  });

  it('keeps one token for the SDK and the checks until shortly before it expires', async () => {
    // A new minute of the limits; the token the checks above fetched (it lives 600 s) is still good.
    clock.advance(61_000);
    const answers = await Promise.all(Array.from({ length: 3 }, (_, i) => send(ignored(), { ip: `198.51.100.${i}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const { body } = await createPay(limited.app, {
      id: await packageId(limited.db, 'eu-5gb-30d'),
      iccid: CARD_V1,
      flag: '1',
      pay: 'paypal',
    });
    expect(body.code).toBe(10000);
    expect(other.tokenRequests).toBe(1);
    // It is replaced 300 s before it ends.
    clock.advance(200_000);
    expect((await send(ignored(), { ip: '198.51.100.10' })).statusCode).toBe(200);
    expect(other.tokenRequests).toBe(1);
    clock.advance(50_000);
    expect((await send(ignored(), { ip: '198.51.100.11' })).statusCode).toBe(200);
    expect(other.tokenRequests).toBe(2);
  });
});
