import Stripe from 'stripe';
import { createTestApp, type TestApp } from '../helpers/app';
import { CARD_V3, countRows, createPay, orderRow, packageId } from '../helpers/payments';
import { startFakeStripe, stripeEvent, type FakeSession, type FakeStripe } from '../helpers/payments-stripe';

// Stripe Checkout with the official SDK against a local server speaking the endpoints used; webhooks signed with
// stripe.webhooks.generateTestHeaderString and verified with constructEvent on the raw body.

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789';
const stripe = new Stripe('sk_test_signing_only');

let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    payments: {
      defaultProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_local',
        webhookSecret: WEBHOOK_SECRET,
        publishableKey: 'pk_test_local',
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function deliver(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/eshop/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  return response.statusCode;
}

async function openOrder(code = 'global-1gb-7d'): Promise<{ orderId: string; session: FakeSession; payUrl: string }> {
  await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
  const { body } = await createPay(t.app, { id: await packageId(t.db, code), iccid: CARD_V3, flag: '3', ccy: 'EUR' });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  const order = await orderRow(t.db, body.data.order_id);
  const session = fake.sessions.get(order?.provider_ref ?? '');
  if (!session) throw new Error('no session at the fake Stripe');
  return { orderId: body.data.order_id, session, payUrl: body.data.pay_url };
}

describe('Stripe Checkout', () => {
  it('names the publishable key in the pay check, so the sheet can load Stripe.js for its fingerprint', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/eshop/pay/isbuy',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ iccid: CARD_V3, lang: 'en', ccy: 'EUR', amount: 1200 }),
    });
    expect(response.json()).toMatchObject({ code: 10000, data: { stripeKey: 'pk_test_local' } });
  });

  it('creates one Checkout session per order with an idempotency key, priced by the order', async () => {
    const before = fake.creates.length;
    const { orderId, session, payUrl } = await openOrder('eu-5gb-30d');
    expect(payUrl).toBe(session.url);
    expect(payUrl.startsWith('https://checkout.stripe.com/')).toBe(true);
    const create = fake.creates[fake.creates.length - 1];
    expect(fake.creates.length).toBe(before + 1);
    expect(create?.idempotencyKey).toBe(`esim-order-${orderId}`);
    expect(create?.authorization).toBe('Bearer sk_test_local');
    // 12.00 EUR and the package's 7 % tax (0.84), as a price line and a tax line: the session's total is the order's.
    expect(session.amount_total).toBe(1284);
    expect(create?.fields['line_items[1][price_data][unit_amount]']).toBe('84');
    expect(create?.fields['line_items[0][price_data][currency]']).toBe('eur');
    expect(create?.fields.client_reference_id).toBe(orderId);
    expect(create?.fields.success_url).toBe(`http://localhost:8080/3/${CARD_V3}?returnType=suc&order_id=${orderId}`);
    expect(create?.fields.cancel_url).toBe(`http://localhost:8080/3/${CARD_V3}?returnType=cancel&order_id=${orderId}`);
  });

  it('opens a single session for concurrent requests of the same purchase', async () => {
    await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
    const before = fake.creates.length;
    const id = await packageId(t.db, 'apac-10gb-15d');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' })),
    );
    expect(new Set(answers.map((answer) => answer.body.data.pay_url)).size).toBe(1);
    expect(fake.creates.length - before).toBe(1);
  });

  it('answers 10027 when Stripe fails, and a later try creates the session', async () => {
    await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
    fake.failNext(400);
    const id = await packageId(t.db, 'eu-5gb-30d');
    const failed = await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    expect(failed.body).toEqual({ code: 10027, message: 'payment could not be started', data: null });
    const retried = await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    expect(retried.body.code).toBe(10000);
  });

  it('fulfils from checkout.session.completed (paid) once, whatever the redirect says', async () => {
    const { orderId, session } = await openOrder();
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    const event = stripeEvent('checkout.session.completed', session, {
      payment_status: 'paid',
      payment_intent: 'pi_1',
    });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(statuses).toEqual(Array(10).fill(200));
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    const payment = await t.db.one(`SELECT provider, provider_payment_id FROM payments WHERE order_id = $1`, [
      Number(orderId),
    ]);
    expect(payment).toEqual({ provider: 'stripe', provider_payment_id: 'pi_1' });
  });

  it('waits on an unpaid completion and fulfils from async_payment_succeeded', async () => {
    const { orderId, session } = await openOrder();
    expect(await deliver(stripeEvent('checkout.session.completed', session))).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    const paid = stripeEvent('checkout.session.async_payment_succeeded', session, { payment_status: 'paid' });
    expect(await deliver(paid)).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
  });

  it('fails on async_payment_failed and cancels on expired', async () => {
    const failed = await openOrder();
    await deliver(stripeEvent('checkout.session.async_payment_failed', failed.session));
    expect((await orderRow(t.db, failed.orderId))?.status).toBe('failed');
    const expired = await openOrder();
    await deliver(stripeEvent('checkout.session.expired', expired.session));
    expect((await orderRow(t.db, expired.orderId))?.status).toBe('cancelled');
  });

  it('rejects a forged or stale signature and a wrong amount or currency', async () => {
    const { orderId, session } = await openOrder();
    const event = stripeEvent('checkout.session.completed', session, { payment_status: 'paid' });
    expect(await deliver(event, { secret: 'whsec_someone_else_0123456789' })).toBe(400);
    expect(await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/eshop/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const cheaper = stripeEvent('checkout.session.completed', session, { payment_status: 'paid', amount_total: 1 });
    expect(await deliver(cheaper)).toBe(400);
    const dollars = stripeEvent('checkout.session.completed', session, { payment_status: 'paid', currency: 'usd' });
    expect(await deliver(dollars)).toBe(400);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(0);
  });

  it('acknowledges events it does not act on', async () => {
    const { session } = await openOrder();
    expect(await deliver({ ...stripeEvent('customer.created', session), data: { object: { id: 'cus_1' } } })).toBe(200);
  });
});
