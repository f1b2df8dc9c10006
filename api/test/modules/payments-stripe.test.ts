import { loginDemo, post } from '../helpers/app';
import {
  CARD_V3,
  countRows,
  createPay,
  createProviderTestApp,
  insertCard,
  insertPayerCard,
  openStripeOrder,
  orderRow,
  packageId,
  stripeCheckout,
  type ProviderTestApp,
} from '../helpers/payments';
import { deliverStripe, sessionOf, sessionPaid, stripeEvent } from '../helpers/payments-stripe';

// Stripe Checkout with the official SDK against a local server speaking the endpoints used; webhooks signed with
// stripe.webhooks.generateTestHeaderString and verified with constructEvent on the raw body.

let t: ProviderTestApp;

beforeAll(async () => {
  t = await createProviderTestApp({ stripe: { publishableKey: 'pk_test_local' } });
});
afterAll(() => t.close());

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
    const before = t.stripe.creates.length;
    const { orderId, session, payUrl } = await openStripeOrder(t, 'eu-5gb-30d');
    expect(payUrl).toBe(session.url);
    expect(payUrl.startsWith('https://checkout.stripe.com/')).toBe(true);
    const create = t.stripe.creates[t.stripe.creates.length - 1];
    expect(t.stripe.creates.length).toBe(before + 1);
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

  it('Cancel order ends the Checkout session at Stripe; a page Stripe no longer ends still leaves the order cancelled', async () => {
    const { orderId, session } = await openStripeOrder(t, 'eu-5gb-30d');
    const cancelled = await post(t.app, '/pay/cancel', { order_id: orderId, iccid: CARD_V3 });
    expect(cancelled.body.data).toEqual({ order_id: orderId, status: 'cancelled' });
    expect(t.stripe.sessions.get(session.id)?.status).toBe('expired');
    // Stripe's own checkout.session.expired event then finds the order cancelled already.
    expect((await orderRow(t.db, orderId))?.status).toBe('cancelled');

    const paidMeanwhile = await openStripeOrder(t, 'apac-10gb-15d');
    const fake = t.stripe.sessions.get(paidMeanwhile.session.id);
    if (fake) fake.payment_status = 'paid';
    const answer = await post(t.app, '/pay/cancel', { order_id: paidMeanwhile.orderId, iccid: CARD_V3 });
    // Stripe refuses to end a paid page (the webhook is on its way): the order is cancelled here, and the payment
    // pays it when it arrives (payments-orders.test.ts).
    expect(answer.body.data).toEqual({ order_id: paidMeanwhile.orderId, status: 'cancelled' });
  });

  it('opens a single session for concurrent requests of the same purchase', async () => {
    await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
    const before = t.stripe.creates.length;
    const id = await packageId(t.db, 'apac-10gb-15d');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' })),
    );
    expect(new Set(answers.map((answer) => answer.body.data.pay_url)).size).toBe(1);
    expect(t.stripe.creates.length - before).toBe(1);
  });

  it('answers 10027 when Stripe fails, and a later try creates the session', async () => {
    await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
    t.stripe.failNext(400);
    const id = await packageId(t.db, 'eu-5gb-30d');
    const failed = await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    expect(failed.body).toEqual({ code: 10027, message: 'payment could not be started', data: null });
    const retried = await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    expect(retried.body.code).toBe(10000);
  });

  it('fulfils from checkout.session.completed (paid) once, whatever the redirect says', async () => {
    const { orderId, session } = await openStripeOrder(t);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    const event = sessionPaid(session, 'pi_1');
    const statuses = await Promise.all(Array.from({ length: 10 }, () => deliverStripe(t.app, event)));
    expect(statuses).toEqual(Array(10).fill(200));
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    const payment = await t.db.one(`SELECT provider, provider_payment_id FROM payments WHERE order_id = $1`, [
      Number(orderId),
    ]);
    expect(payment).toEqual({ provider: 'stripe', provider_payment_id: 'pi_1' });
  });

  it('waits on an unpaid completion and fulfils from async_payment_succeeded', async () => {
    const { orderId, session } = await openStripeOrder(t);
    expect(await deliverStripe(t.app, stripeEvent('checkout.session.completed', session))).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    const paid = stripeEvent('checkout.session.async_payment_succeeded', session, { payment_status: 'paid' });
    expect(await deliverStripe(t.app, paid)).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
  });

  it('fails on async_payment_failed and cancels on expired', async () => {
    const failed = await openStripeOrder(t);
    await deliverStripe(t.app, stripeEvent('checkout.session.async_payment_failed', failed.session));
    expect((await orderRow(t.db, failed.orderId))?.status).toBe('failed');
    const expired = await openStripeOrder(t);
    await deliverStripe(t.app, stripeEvent('checkout.session.expired', expired.session));
    expect((await orderRow(t.db, expired.orderId))?.status).toBe('cancelled');
  });

  it('rejects a forged or stale signature and a wrong amount or currency', async () => {
    const { orderId, session } = await openStripeOrder(t);
    const event = stripeEvent('checkout.session.completed', session, { payment_status: 'paid' });
    expect(await deliverStripe(t.app, event, { secret: 'whsec_someone_else_0123456789' })).toBe(400);
    expect(await deliverStripe(t.app, event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/eshop/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const cheaper = stripeEvent('checkout.session.completed', session, { payment_status: 'paid', amount_total: 1 });
    expect(await deliverStripe(t.app, cheaper)).toBe(400);
    const dollars = stripeEvent('checkout.session.completed', session, { payment_status: 'paid', currency: 'usd' });
    expect(await deliverStripe(t.app, dollars)).toBe(400);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(0);
  });

  it('acknowledges events it does not act on', async () => {
    const { session } = await openStripeOrder(t);
    expect(
      await deliverStripe(t.app, { ...stripeEvent('customer.created', session), data: { object: { id: 'cus_1' } } }),
    ).toBe(200);
  });
});

describe('Stripe renewal charges off session', () => {
  const DAY = 86_400;
  let cards = 0;

  /**
   * A package bought with renewal on through Stripe Checkout on a card of its own, the customer's card saved by
   * Stripe (`behaviour`: what charging it off session does), its period ending in two days, the renewal scheduled.
   */
  async function renewalDue(behaviour: 'succeeds' | 'declines' | 'needs_authentication') {
    cards += 1;
    const iccid = await insertPayerCard(t, `8999700000000000${String(cards).padStart(4, '0')}`, '3', {
      status: 'Activated',
      email: 'renew@example.com',
    });
    const { orderId, session } = await stripeCheckout(t, { iccid, renewal: true, email: 'renew@example.com' });
    const customer = `cus_renew_${cards}`;
    const card = t.stripe.addCustomer(customer, behaviour);
    expect(await deliverStripe(t.app, sessionPaid(session, `pi_first_${cards}`, { customer }))).toBe(200);
    const record = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [
      Number(orderId),
    ]);
    await t.db.query(`UPDATE card_packages SET expire_timestamp = $2 WHERE id = $1`, [
      record?.id,
      Math.floor(Date.now() / 1000) + 2 * DAY,
    ]);
    await t.app.payments.renewals.scan();
    const renewal = await t.db.one<{ id: number }>(`SELECT id FROM renewals WHERE card_package_id = $1`, [record?.id]);
    if (!renewal) throw new Error('no renewal');
    return { renewalId: Number(renewal.id), customer, card };
  }

  const renewalRow = (id: number) =>
    t.db.one<{ status: string; order_id: number | null }>(`SELECT status, order_id FROM renewals WHERE id = $1`, [id]);

  it('charges the saved card once: PaymentIntent off_session and confirmed, with the renewal idempotency key', async () => {
    const { renewalId, customer, card } = await renewalDue('succeeds');
    const before = t.stripe.paymentIntentRequests.length;
    await Promise.all([t.app.payments.renewals.charge(renewalId), t.app.payments.renewals.charge(renewalId)]);
    await t.app.payments.renewals.charge(renewalId);
    const renewal = await renewalRow(renewalId);
    expect(renewal?.status).toBe('paid');
    const sent = t.stripe.paymentIntentRequests.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const request of sent) {
      expect(request.idempotencyKey).toBe(`esim-renewal-${renewalId}`);
      expect(request.fields).toMatchObject({
        customer,
        payment_method: card,
        off_session: 'true',
        confirm: 'true',
        currency: 'eur',
        'metadata[order_id]': String(renewal?.order_id),
      });
    }
    // One PaymentIntent at Stripe, one payment here, the next period on the card.
    const intents = [...t.stripe.paymentIntents.values()].filter((intent) => intent.id.startsWith('pi_fake_'));
    const payment = await t.db.one<{ provider_payment_id: string; amount: number }>(
      `SELECT provider_payment_id, amount FROM payments WHERE order_id = $1`,
      [renewal?.order_id],
    );
    expect(intents.filter((intent) => intent.id === payment?.provider_payment_id)).toHaveLength(1);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [renewal?.order_id])).toBe(1);
    expect((await orderRow(t.db, renewal?.order_id ?? 0))?.status).toBe('fulfilled');
  });

  it('mails a Stripe pay link when the card is declined or needs the customer', async () => {
    for (const behaviour of ['declines', 'needs_authentication'] as const) {
      const { renewalId } = await renewalDue(behaviour);
      await t.app.payments.renewals.charge(renewalId);
      const renewal = await renewalRow(renewalId);
      expect(renewal?.status).toBe('action_required');
      const order = await orderRow(t.db, renewal?.order_id ?? 0);
      expect(order?.status).toBe('pending');
      const link = t.stripe.sessions.get(order?.provider_ref ?? '')?.url;
      expect(link).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      const mail = [...t.mailer.sent].reverse().find((message) => message.template === 'renewal-pay-link');
      expect(mail?.text).toContain(link);
      expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [renewal?.order_id])).toBe(0);
    }
  });

  it('retries a 5xx with the same key, and the job charges it once when Stripe is back', async () => {
    const { renewalId } = await renewalDue('succeeds');
    const intents = (path: string) => path === '/v1/payment_intents';
    // The SDK's three tries all meet an outage: the charge throws, so the job retries it later.
    t.stripe.faults.fail({ kind: 'status', status: 500 }, { times: 3, match: ({ path }) => intents(path) });
    await expect(t.app.payments.renewals.charge(renewalId)).rejects.toThrow();
    expect((await renewalRow(renewalId))?.status).not.toBe('paid');
    // Back, but the first answer is lost after Stripe charged: the SDK's retry is answered the same PaymentIntent.
    t.stripe.faults.fail({ kind: 'drop', after: true }, { match: ({ path }) => intents(path) });
    const before = t.stripe.paymentIntentRequests.length;
    await t.app.payments.renewals.charge(renewalId);
    const renewal = await renewalRow(renewalId);
    expect(renewal?.status).toBe('paid');
    const sent = t.stripe.paymentIntentRequests.slice(before);
    expect(sent.map((request) => request.idempotencyKey)).toEqual(Array(2).fill(`esim-renewal-${renewalId}`));
    const charged = new Set(
      [...t.stripe.paymentIntents.values()]
        .filter((intent) => intent.id.startsWith('pi_fake_'))
        .map((intent) => intent.id),
    );
    const payment = await t.db.one<{ provider_payment_id: string }>(
      `SELECT provider_payment_id FROM payments WHERE order_id = $1`,
      [renewal?.order_id],
    );
    expect(charged.has(payment?.provider_payment_id ?? '')).toBe(true);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [renewal?.order_id])).toBe(1);
  });
});

describe('the card a Stripe renewal purchase saves (issue 23)', () => {
  const MASTERCARD = { brand: 'mastercard', last4: '4444', exp_month: 9, exp_year: 2030 };
  const savedCard = (orderId: number | string) =>
    t.db.one(`SELECT brand, last4, exp_month, exp_year FROM saved_payment_methods WHERE order_id = $1`, [
      Number(orderId),
    ]);

  it("keeps the customer's card brand, last four digits and expiry, read from Stripe, and lists them", async () => {
    const login = await loginDemo(t.app);
    const iccid = await insertCard(t.db, '89997000000000000901', {
      userId: Number(login.user_id),
      email: 'demo@example.com',
    });
    const id = await packageId(t.db, 'global-1gb-7d');
    const { body } = await createPay(t.app, { id, iccid, flag: '3', ccy: 'EUR', renewal: true }, login.token);
    expect(body.code).toBe(10000);
    const session = sessionOf(t.stripe, (await orderRow(t.db, body.data.order_id))?.provider_ref);
    t.stripe.addCustomer('cus_card_1', 'succeeds', MASTERCARD);
    expect(await deliverStripe(t.app, sessionPaid(session, 'pi_card_1', { customer: 'cus_card_1' }))).toBe(200);
    expect(await savedCard(body.data.order_id)).toEqual(MASTERCARD);
    const asked = t.stripe.paymentMethodQueries.at(-1);
    expect([asked?.get('customer'), asked?.get('type')]).toEqual(['cus_card_1', 'card']);

    const listed = await post<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/v1/user/payment/methods',
      {},
      { token: login.token },
    );
    expect(listed.body.data.list).toContainEqual(
      expect.objectContaining({ provider: 'stripe', pay: 'stripe', ...MASTERCARD }),
    );
  });

  it('saves the method without them when Stripe does not answer the look-up, and still fulfils', async () => {
    const iccid = await insertPayerCard(t, '89997000000000000902', '3', {
      status: 'Activated',
      email: 'no-details@example.com',
    });
    const { orderId, session } = await stripeCheckout(t, { iccid, renewal: true, email: 'no-details@example.com' });
    t.stripe.addCustomer('cus_card_2', 'succeeds', MASTERCARD);
    t.stripe.faults.fail({ kind: 'status', status: 500 }, { match: ({ path }) => path === '/v1/payment_methods' });
    expect(await deliverStripe(t.app, sessionPaid(session, 'pi_card_2', { customer: 'cus_card_2' }))).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await savedCard(orderId)).toEqual({ brand: null, last4: null, exp_month: null, exp_year: null });
  });

  it('leaves out what does not fit the table (an odd brand, last four or expiry), and still fulfils', async () => {
    const iccid = await insertPayerCard(t, '89997000000000000904', '3', {
      status: 'Activated',
      email: 'odd-card@example.com',
    });
    const { orderId, session } = await stripeCheckout(t, { iccid, renewal: true, email: 'odd-card@example.com' });
    t.stripe.addCustomer('cus_card_4', 'succeeds', {
      brand: 'x'.repeat(40),
      last4: '42',
      exp_month: 13,
      exp_year: 2030,
    });
    expect(await deliverStripe(t.app, sessionPaid(session, 'pi_card_4', { customer: 'cus_card_4' }))).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await savedCard(orderId)).toEqual({ brand: null, last4: null, exp_month: null, exp_year: null });
  });

  it("gives a visitor's Stripe method a removal link that names its card", async () => {
    const iccid = await insertPayerCard(t, '89997000000000000903', '3', {
      status: 'Activated',
      email: 'stripe-visitor@example.com',
    });
    const { orderId, session } = await stripeCheckout(t, {
      iccid,
      renewal: true,
      email: 'stripe-visitor@example.com',
    });
    t.stripe.addCustomer('cus_card_3', 'succeeds', MASTERCARD);
    expect(await deliverStripe(t.app, sessionPaid(session, 'pi_card_3', { customer: 'cus_card_3' }))).toBe(200);
    const receipt = [...t.mailer.sent]
      .reverse()
      .find((mail) => mail.template === 'order' && mail.to === 'stripe-visitor@example.com');
    const path = /http:\/\/localhost:8080(\/eshop\/pay\/methods\/remove\/[A-Za-z0-9_-]+)/.exec(
      receipt?.text ?? '',
    )?.[1];
    expect(path).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: path ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Mastercard •••• 4444');
    expect(page.body).toContain('09/2030');
    expect(page.body).not.toContain('Sandbox');
    const removed = await t.app.inject({
      method: 'POST',
      url: path ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(removed.statusCode).toBe(200);
    expect(await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE order_id = $1`, [Number(orderId)])).toBe(0);
  });
});
