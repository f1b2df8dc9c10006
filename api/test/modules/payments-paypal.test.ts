import { randomUUID } from 'node:crypto';
import { createTestApp, post, type TestApp } from '../helpers/app';
import { CARD_V1, countRows, createPay, orderRow, packageId, saveUsAddress } from '../helpers/payments';
import { FAKE_WEBHOOK_ID, startFakePaypal, type FakePaypal } from '../helpers/payments-paypal';

// PayPal Orders v2 with @paypal/paypal-server-sdk against a local server speaking the endpoints used: create with
// PayPal-Request-Id, capture on approval, PAYMENT.CAPTURE.COMPLETED fulfils, PENDING waits, DENIED fails, every
// webhook checked by verify-webhook-signature.

let fake: FakePaypal;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePaypal();
  t = await createTestApp({
    payments: {
      paypal: {
        clientId: 'client-id',
        clientSecret: 'client-secret-0123456789',
        webhookId: FAKE_WEBHOOK_ID,
        environment: 'sandbox',
        httpsAgent: fake.agent,
      },
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
  const transmissionId = randomUUID();
  const response = await t.app.inject({
    method: 'POST',
    url: '/eshop/webhooks/paypal',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-fake',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': options.signature ?? fake.signatureFor(transmissionId),
      'paypal-transmission-time': (options.time ?? new Date()).toISOString(),
    },
    payload: JSON.stringify(event),
  });
  return response.statusCode;
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
