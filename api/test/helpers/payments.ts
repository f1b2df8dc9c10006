import { type FastifyInstance } from 'fastify';
import { type Queryable } from '../../src/db/index';
import {
  newSandboxId,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxEvent,
  type SandboxEvent,
} from '../../src/modules/payments/providers/sandbox';
import { type PaypalSettings } from '../../src/modules/payments/providers/paypal';
import { type StripeSettings } from '../../src/modules/payments/providers/stripe';
import { createTestApp, loginDemo, post, type TestApp, type TestAppOptions } from './app';
import { fakePaypalSettings, startFakePaypal, type FakePaypal } from './payments-paypal';
import { fakeStripeSettings, sessionOf, startFakeStripe, type FakeSession, type FakeStripe } from './payments-stripe';

/** The sandbox webhook secret the payment tests sign with. */
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-0123456789abcdef';
export const SHOP = 'http://localhost:8080';

export const CARD_V1 = '89880000000000000101'; // agent 1, USD, visitor may buy
export const CARD_V2_DEMO = '89880000000000000001'; // agent 2, demo's card, has an unused (init) package
export const CARD_V2_FREE = '89880000000000000002'; // agent 2, unbound
export const CARD_V2_OTHER = '89880000000000000008'; // agent 2, other@example.com's
export const CARD_V3 = '89880000000000000301'; // agent 3, EUR
export const CARD_ACME = '89880000000000000901'; // partner agent, JPY, no PayPal

/** A logged-in account of the demo data. */
export interface Login {
  token: string;
  user_id: number;
}

/** The app of a payment test file, with the demo account and a second one (other@example.com) logged in. */
export type PaymentsTestApp = TestApp & { demo: Login; other: Login };

/**
 * Starts the app of a payment test file: payments through the sandbox (its webhooks signed with TEST_SANDBOX_SECRET)
 * unless `options.payments` says otherwise, demo@example.com and other@example.com logged in.
 */
export async function createPaymentsTestApp(options: TestAppOptions = {}): Promise<PaymentsTestApp> {
  const t = await createTestApp({ ...options, payments: { sandboxSecret: TEST_SANDBOX_SECRET, ...options.payments } });
  try {
    const demo = await loginDemo(t.app);
    const other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
    return { ...t, demo, other };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export async function packageId(db: Queryable, code: string): Promise<number> {
  const row = await db.one<{ id: number }>(`SELECT id FROM packages WHERE code = $1`, [code]);
  if (!row) throw new Error(`no package ${code}`);
  return row.id;
}

export interface CreatePayBody {
  id: number;
  renewal?: boolean;
  iccid?: string;
  flag?: string;
  pool_object_id?: string;
  lang?: string;
  ccy?: string;
  email?: string;
  pay?: 'stripe' | 'paypal';
}

export async function createPay(app: FastifyInstance, body: CreatePayBody, token?: string) {
  return post<{ pay_url: string; order_id: string; pay: string }>(
    app,
    '/pay/buy',
    { renewal: false, flag: '2', lang: 'en', ccy: 'USD', pay: 'stripe', ...body },
    { token },
  );
}

export async function saveUsAddress(app: FastifyInstance, iccid: string, region = 'CA', token?: string) {
  const { body } = await post<{ taxRate: number }>(
    app,
    '/save/address',
    {
      email: 'buyer@example.com',
      country: 'US',
      region,
      city: 'Springfield',
      postalCode: '12345',
      line1: '1 Main St',
      iccid,
    },
    { token },
  );
  if (body.code !== 10000) throw new Error(`saveAddress failed: ${body.code} ${body.message}`);
  return body.data.taxRate;
}

/**
 * A waiting sandbox order of a package (`code`, default global-1gb-7d) for CARD_V3 (agent 3, EUR: a visitor may buy,
 * no address): its id and pay page. `fresh`: the card's earlier purchases are forgotten first, so that an order of
 * the same package still open is not handed out again.
 */
export async function openCardV3Order(
  t: { app: FastifyInstance; db: Queryable },
  options: { code?: string; email?: string; fresh?: boolean } = {},
): Promise<{ pay_url: string; order_id: string; pay: string }> {
  if (options.fresh) await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
  const id = await packageId(t.db, options.code ?? 'global-1gb-7d');
  const { body } = await createPay(t.app, {
    id,
    iccid: CARD_V3,
    flag: '3',
    ccy: 'EUR',
    ...(options.email ? { email: options.email } : {}),
  });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  return body.data;
}

/** The sandbox page's path from a pay_url on the shop's origin. */
export function pagePath(payUrl: string): string {
  return new URL(payUrl).pathname;
}

/** Submits the sandbox page's form as a browser would. */
export async function submitSandbox(app: FastifyInstance, payUrl: string, fields: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: pagePath(payUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.statusCode,
    location: response.headers.location as string | undefined,
    html: response.body,
  };
}

export async function orderRow(db: Queryable, orderId: number | string) {
  return db.one<{
    id: number;
    status: string;
    amount: number;
    tax_amount: number;
    currency: string;
    provider_ref: string | null;
    pool_id: number | null;
  }>(`SELECT id, status, amount, tax_amount, currency, provider_ref, pool_id FROM orders WHERE id = $1`, [
    Number(orderId),
  ]);
}

export async function countRows(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const row = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) counted`, params);
  return row?.n ?? 0;
}

/** A sandbox event for an order as the sandbox would send it (amount and currency from the order unless given). */
export async function sandboxEventFor(
  db: Queryable,
  orderId: number | string,
  overrides: Partial<SandboxEvent['data']> & { type?: SandboxEvent['type']; id?: string } = {},
): Promise<SandboxEvent> {
  const order = await orderRow(db, orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  const { type = 'payment.succeeded', id = newSandboxId('evt'), ...data } = overrides;
  return {
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      session: order.provider_ref ?? 'ses_none_000000000000000',
      order_id: String(order.id),
      amount: order.amount + order.tax_amount,
      currency: order.currency,
      payment_id: newSandboxId('pay'),
      payment_method: null,
      ...data,
    },
  };
}

/** Posts an event to the sandbox webhook, signed with `secret` at `timestamp` (seconds). */
export async function deliverSandbox(
  app: FastifyInstance,
  event: unknown,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const body = JSON.stringify(event);
  const signature =
    options.signature ??
    signSandboxEvent(options.secret ?? TEST_SANDBOX_SECRET, body, options.timestamp ?? Math.floor(Date.now() / 1000));
  const response = await app.inject({
    method: 'POST',
    url: '/eshop/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload: body,
  });
  return { status: response.statusCode, body: response.json<{ code: number; message: string }>() };
}

/** Polls until `check` is true (jobs run on their own schedule); fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached in time');
}

/** A card of agent 3 (EUR, page version 3: a visitor may buy), unbound unless an owner is given. */
export async function insertCard(
  db: Queryable,
  iccid: string,
  owner: { userId: number; email: string } | null = null,
): Promise<string> {
  await db.query(
    `INSERT INTO cards (iccid, agent_flag, status, user_id, email, total_bytes) VALUES ($1, '3', 'Activated', $2, $3, 0)`,
    [iccid, owner?.userId ?? null, owner?.email ?? null],
  );
  return iccid;
}

/**
 * Buys a package for the card with renewal on and pays it on the sandbox page with the instant test card, which
 * saves a payment method; answers the order, its package on the card and the saved method's token.
 */
export async function buyRenewing(
  t: { app: FastifyInstance; db: Queryable },
  iccid: string,
  options: { token?: string; email?: string; code?: string; flag?: string; ccy?: string } = {},
): Promise<{ orderId: number; recordId: number; token: string }> {
  const { body } = await createPay(
    t.app,
    {
      id: await packageId(t.db, options.code ?? 'global-1gb-7d'),
      iccid,
      flag: options.flag ?? '3',
      ccy: options.ccy ?? 'EUR',
      renewal: true,
      ...(options.email ? { email: options.email } : {}),
    },
    options.token,
  );
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
  const orderId = Number(body.data.order_id);
  const record = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [orderId]);
  const method = await t.db.one<{ token: string }>(`SELECT token FROM saved_payment_methods WHERE order_id = $1`, [
    orderId,
  ]);
  if (!record || !method) throw new Error(`order ${orderId} not fulfilled with a saved method`);
  return { orderId, recordId: Number(record.id), token: method.token };
}

/**
 * Moves the package's period end to two days from now and runs its renewal through scan, reminder and charge, as
 * the job queue would; answers the renewal and its order's payer.
 */
export async function renewNow(t: { app: FastifyInstance; db: Queryable }, recordId: number) {
  await t.db.query(`UPDATE card_packages SET expire_timestamp = $2 WHERE id = $1`, [
    recordId,
    Math.floor(Date.now() / 1000) + 2 * 86_400,
  ]);
  await t.app.payments.renewals.scan();
  const renewal = await t.db.one<{ id: number }>(`SELECT id FROM renewals WHERE card_package_id = $1`, [recordId]);
  if (!renewal) return undefined;
  await t.app.payments.renewals.remind(renewal.id);
  await t.app.payments.renewals.charge(renewal.id);
  return t.db.one<{ id: number; status: string; order_id: number | null; user_id: number | null }>(
    `SELECT r.id, r.status, r.order_id, o.user_id FROM renewals r LEFT JOIN orders o ON o.id = r.order_id
      WHERE r.id = $1`,
    [renewal.id],
  );
}

/** How often a saved sandbox token was charged (off session, any outcome). */
export async function chargesOf(db: Queryable, token: string): Promise<number> {
  return countRows(db, `SELECT 1 FROM sandbox_charges WHERE token = $1`, [token]);
}

/** An app taking payments through the fake Stripe (and the fake PayPal when asked); `close` stops the fakes too. */
export type ProviderTestApp = TestApp & { stripe: FakeStripe; paypal?: FakePaypal };

export type ProviderTestAppOptions = TestAppOptions & {
  /** Stripe settings besides the fake's. */
  stripe?: Partial<StripeSettings>;
  /** PayPal through its fake too, with these settings besides the fake's; absent: the sandbox plays PayPal. */
  paypal?: Partial<PaypalSettings>;
};

/**
 * Starts the fake Stripe (and the fake PayPal when `paypal` is given) and an app whose payments go through them,
 * Stripe taking card payments unless `payments` says otherwise.
 */
export async function createProviderTestApp(
  options: ProviderTestAppOptions & { paypal: Partial<PaypalSettings> },
): Promise<ProviderTestApp & { paypal: FakePaypal }>;
export async function createProviderTestApp(options?: ProviderTestAppOptions): Promise<ProviderTestApp>;
export async function createProviderTestApp(options: ProviderTestAppOptions = {}): Promise<ProviderTestApp> {
  const { stripe: stripeSettings, paypal: paypalSettings, payments, ...appOptions } = options;
  const [stripe, paypal] = await Promise.all([startFakeStripe(), paypalSettings ? startFakePaypal() : undefined]);
  const t = await createTestApp({
    ...appOptions,
    payments: {
      defaultProvider: 'stripe',
      ...payments,
      stripe: fakeStripeSettings(stripe, stripeSettings),
      ...(paypal ? { paypal: fakePaypalSettings(paypal, paypalSettings) } : {}),
    },
  });
  return {
    ...t,
    stripe,
    paypal,
    async close() {
      await t.close();
      await Promise.all([stripe.close(), paypal?.close()]);
    },
  };
}

/**
 * A Stripe Checkout order of a package (`code`, default global-1gb-7d) for a card of agent 3 (EUR), the rest of the
 * purchase as given; answers the order, its total with tax, its session at the fake Stripe and its pay_url.
 */
export async function stripeCheckout(
  t: Pick<ProviderTestApp, 'app' | 'db' | 'stripe'>,
  purchase: Omit<CreatePayBody, 'id'> & { code?: string },
): Promise<{ orderId: string; total: number; session: FakeSession; payUrl: string }> {
  const { code = 'global-1gb-7d', ...rest } = purchase;
  const { body } = await createPay(t.app, { id: await packageId(t.db, code), flag: '3', ccy: 'EUR', ...rest });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  const order = await orderRow(t.db, body.data.order_id);
  return {
    orderId: body.data.order_id,
    total: (order?.amount ?? 0) + (order?.tax_amount ?? 0),
    session: sessionOf(t.stripe, order?.provider_ref),
    payUrl: body.data.pay_url,
  };
}

/** A Stripe Checkout order for CARD_V3 (agent 3, EUR), its earlier purchases forgotten so that a new order is made. */
export async function openStripeOrder(t: Pick<ProviderTestApp, 'app' | 'db' | 'stripe'>, code = 'global-1gb-7d') {
  await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
  return stripeCheckout(t, { iccid: CARD_V3, code });
}

/**
 * A card for one test's purchases alone, so nothing else runs or waits on it: unbound, with `email`, of agent 1 (USD,
 * given an address in Oregon: no sales tax) or agent 3 (EUR).
 */
export async function insertPayerCard(
  t: { app: FastifyInstance; db: Queryable },
  iccid: string,
  agent: '1' | '3',
  card: { status: string; email: string },
): Promise<string> {
  await t.db.query(`INSERT INTO cards (iccid, agent_flag, status, email, total_bytes) VALUES ($1, $2, $3, $4, 0)`, [
    iccid,
    agent,
    card.status,
    card.email,
  ]);
  if (agent === '1') await saveUsAddress(t.app, iccid, 'OR');
  return iccid;
}

/**
 * Makes payer cards (insertPayerCard) of one kind for a test file, numbered in the order made: the n-th of an agent
 * is 8999, the agent, `series` (12 digits) and n in 3 digits.
 */
export function payerCards(card: { series: string; status: string; email: string }) {
  let made = 0;
  return (t: { app: FastifyInstance; db: Queryable }, agent: '1' | '3'): Promise<string> => {
    made += 1;
    return insertPayerCard(t, `8999${agent}${card.series}${String(made).padStart(3, '0')}`, agent, card);
  };
}
