import { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { type StripeSettings } from '../../src/modules/payments/providers/stripe';
import { startJsonServer, type JsonServer } from './fake-server';

/**
 * A local stand-in for the Stripe API endpoints the adapter uses (POST /v1/checkout/sessions, POST and GET
 * /v1/refunds, GET /v1/payment_methods (the saved card, with its brand, last four digits and expiry) and POST
 * /v1/payment_intents for the off-session renewal charge, GET /v1/events for reconciliation), so the official SDK runs unchanged against it (host/port/protocol options). Like
 * Stripe, a repeated Idempotency-Key answers the first result again (a refund's only with the same parameters).
 * `faults` makes it answer 5xx, time out or drop the connection, before or after doing the work.
 */

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  customer: string | null;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  /** 'expired' once POST /v1/checkout/sessions/:id/expire ended it (a cancelled order's page). */
  status?: 'open' | 'complete' | 'expired';
}

/** Stripe's Refund object (the fields its API reference documents). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  destination_details: null;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  transfer_reversal: null;
}

/** A paid PaymentIntent the fake can refund (tests add them: the fake takes no payments). */
export interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  /** What was refunded so far. */
  refunded: number;
}

/** What Stripe's PaymentMethod tells about its card (a part of `card`). */
export interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** The card a customer gets unless the test names one: Stripe's Visa test card. */
export const FAKE_CARD: FakeCard = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 };

/** A customer's saved card and what charging it off session does. */
export interface FakePaymentMethod {
  id: string;
  customer: string;
  behaviour: 'succeeds' | 'declines' | 'needs_authentication';
  card: FakeCard;
}

/** A Stripe event as the event log lists it (and the webhook posts it). */
export interface FakeEvent {
  id: string;
  object: 'event';
  created: number;
  type: string;
  data: { object: Record<string, unknown> };
  [key: string]: unknown;
}

export type FakeStripeRequest = {
  fields: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string;
};

export interface FakeStripe {
  port: number;
  /** Every create request: its form fields and Idempotency-Key header. */
  creates: FakeStripeRequest[];
  sessions: Map<string, FakeSession>;
  /** Every POST /v1/refunds (retries of the SDK included), with its form fields and Idempotency-Key header. */
  refundRequests: FakeStripeRequest[];
  /** Refunds made, by id: one per refund Stripe would have paid back. */
  refunds: Map<string, FakeRefund>;
  paymentIntents: Map<string, FakePaymentIntent>;
  /** A paid PaymentIntent of `amount` minor units of `currency` (lowercase, as Stripe writes it). */
  addPaymentIntent(id: string, amount: number, currency: string): FakePaymentIntent;
  /** Answer the next `times` POST requests (a create or a refund) with this HTTP status (a provider outage). */
  failNext(status: number, times?: number): void;
  /** Faults in front of every endpoint (see fake-server.ts). */
  faults: Pick<JsonServer, 'fail' | 'heal' | 'faulted'>;
  /** A customer with one saved card (FAKE_CARD unless given) that charges as `behaviour` says; answers its id. */
  addCustomer(id: string, behaviour?: FakePaymentMethod['behaviour'], card?: FakeCard): string;
  /** Every GET /v1/payment_methods, with its query. */
  paymentMethodQueries: URLSearchParams[];
  /** Every POST /v1/payment_intents (retries included), with its fields and Idempotency-Key. */
  paymentIntentRequests: FakeStripeRequest[];
  /** The event log GET /v1/events lists: what Stripe created, whether or not its webhook arrived. */
  events: FakeEvent[];
  /** Adds an event to the log (as Stripe does when something happens) and answers it. */
  emit<T extends { id: string; type: string; created: number }>(event: T): T;
  /** Every GET /v1/events, with its query. */
  eventQueries: URLSearchParams[];
  close(): Promise<void>;
}

const REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

function invalidRequest(message: string, code: string, param?: string) {
  return { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const creates: FakeStripe['creates'] = [];
  const sessions = new Map<string, FakeSession>();
  const byKey = new Map<string, FakeSession>();
  const refundRequests: FakeStripe['refundRequests'] = [];
  const refunds = new Map<string, FakeRefund>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  // A refund's key remembers its parameters too: Stripe refuses a key reused with other parameters.
  const refundsByKey = new Map<string, { body: string; refund: FakeRefund }>();
  const failure = { status: 0, times: 0 };
  const methods = new Map<string, FakePaymentMethod>();
  const paymentIntentRequests: FakeStripe['paymentIntentRequests'] = [];
  const paymentMethodQueries: URLSearchParams[] = [];
  // What an idempotency key answered first (Stripe replays errors too).
  const intentsByKey = new Map<string, { status: number; payload: unknown }>();
  const events: FakeEvent[] = [];
  const eventQueries: URLSearchParams[] = [];
  let counter = 0;

  const server = await startJsonServer(
    (request, body, reply) => {
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
        reply(status, payload, { 'request-id': `req_${++counter}`, ...headers });
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      const fields = Object.fromEntries(new URLSearchParams(body));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      const seen: FakeStripeRequest = {
        fields,
        idempotencyKey,
        authorization: String(request.headers.authorization ?? ''),
      };
      if (request.method === 'GET' && url.pathname === '/v1/payment_methods') {
        paymentMethodQueries.push(url.searchParams);
        const customer = url.searchParams.get('customer');
        const data = [...methods.values()]
          .filter((method) => method.customer === customer)
          .map((method) => ({
            id: method.id,
            object: 'payment_method',
            type: 'card',
            customer: method.customer,
            card: { ...method.card, country: 'US', funding: 'credit', wallet: null },
          }))
          .slice(0, Number(url.searchParams.get('limit') ?? 10));
        send(200, { object: 'list', data, has_more: false, url: '/v1/payment_methods' });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        paymentIntentRequests.push(seen);
        const replay = idempotencyKey ? intentsByKey.get(idempotencyKey) : undefined;
        if (replay) {
          send(replay.status, replay.payload, { 'idempotent-replayed': 'true' });
          return;
        }
        const method = methods.get(fields.payment_method ?? '');
        const amount = Number(fields.amount);
        const id = `pi_fake_${paymentIntentRequests.length}_${Math.random().toString(36).slice(2, 10)}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: fields.currency ?? 'usd',
          customer: fields.customer ?? null,
          payment_method: fields.payment_method ?? null,
          description: fields.description ?? null,
          metadata: { order_id: fields['metadata[order_id]'] ?? '' },
          status: 'requires_payment_method',
        };
        let answer: { status: number; payload: unknown };
        if (!method || method.customer !== fields.customer) {
          const message = `No such PaymentMethod: '${fields.payment_method ?? ''}'`;
          answer = { status: 400, payload: invalidRequest(message, 'resource_missing', 'payment_method') };
        } else if (method.behaviour === 'succeeds' && fields.off_session === 'true' && fields.confirm === 'true') {
          const paid = { ...intent, status: 'succeeded', amount_received: amount };
          paymentIntents.set(id, { id, amount, currency: paid.currency, refunded: 0 });
          answer = { status: 200, payload: paid };
        } else {
          // Stripe's card errors carry the PaymentIntent left waiting for another method.
          const code = method.behaviour === 'declines' ? 'card_declined' : 'authentication_required';
          const error = {
            type: 'card_error',
            code,
            ...(code === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
            message: code === 'card_declined' ? 'Your card was declined.' : 'This payment requires authentication.',
            payment_intent: intent,
          };
          answer = { status: 402, payload: { error } };
        }
        if (idempotencyKey) intentsByKey.set(idempotencyKey, answer);
        send(answer.status, answer.payload);
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v1/events') {
        eventQueries.push(url.searchParams);
        const query = url.searchParams;
        const types = [...query.entries()].filter(([key]) => /^types\[\d*\]$/.test(key)).map(([, value]) => value);
        const bound = (name: string) => (query.has(`created[${name}]`) ? Number(query.get(`created[${name}]`)) : null);
        const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
        // Newest first; events of the same second newest-emitted first.
        const listed = events
          .map((event, index) => ({ event, index }))
          .filter(({ event }) => types.length === 0 || types.includes(event.type))
          .filter(({ event }) => (gt === null || event.created > gt) && (gte === null || event.created >= gte))
          .filter(({ event }) => (lt === null || event.created < lt) && (lte === null || event.created <= lte))
          .sort((a, b) => b.event.created - a.event.created || b.index - a.index)
          .map(({ event }) => event);
        const after = query.get('starting_after');
        const start = after ? listed.findIndex((event) => event.id === after) + 1 : 0;
        const limit = Number(query.get('limit') ?? 10);
        const data = listed.slice(start, start + limit);
        send(200, { object: 'list', data, has_more: listed.length > start + limit, url: '/v1/events' });
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v1/refunds') {
        // Newest first, like Stripe's lists.
        const paymentIntent = url.searchParams.get('payment_intent');
        const data = [...refunds.values()]
          .filter((refund) => !paymentIntent || refund.payment_intent === paymentIntent)
          .reverse()
          .slice(0, Number(url.searchParams.get('limit') ?? 10));
        send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (request.method === 'POST' && expire) {
        const session = sessions.get(decodeURIComponent(expire[1] ?? ''));
        if (!session) {
          send(404, invalidRequest(`No such checkout.session: '${expire[1]}'`, 'resource_missing', 'session'));
          return;
        }
        if (session.payment_status === 'paid' || session.status === 'expired') {
          const message = 'Only Checkout Sessions with a status in ["open"] can be expired.';
          send(400, invalidRequest(message, 'checkout_session_not_open'));
          return;
        }
        session.status = 'expired';
        send(200, session);
        return;
      }
      const known =
        request.method === 'POST' && (url.pathname === '/v1/checkout/sessions' || url.pathname === '/v1/refunds');
      if (!known) {
        send(404, { error: { type: 'invalid_request_error', message: `unknown ${request.method} ${request.url}` } });
        return;
      }
      (url.pathname === '/v1/refunds' ? refundRequests : creates).push(seen);
      // An outage in front of the api: nothing ran, so nothing is kept for the idempotency key.
      if (failure.times > 0) {
        failure.times -= 1;
        send(failure.status, { error: { type: 'api_error', message: 'simulated outage' } });
        return;
      }
      if (url.pathname === '/v1/refunds') {
        const replay = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
        if (replay && replay.body !== body) {
          const message = `Keys for idempotent requests can only be used with the same parameters they were first used with.`;
          send(400, { error: { type: 'idempotency_error', message } });
          return;
        }
        if (replay) {
          send(200, replay.refund, { 'idempotent-replayed': 'true' });
          return;
        }
        const intent = paymentIntents.get(fields.payment_intent ?? '');
        if (!intent) {
          const id = fields.payment_intent ?? '';
          send(400, invalidRequest(`No such payment_intent: '${id}'`, 'resource_missing', 'payment_intent'));
          return;
        }
        if (fields.reason !== undefined && !REFUND_REASONS.has(fields.reason)) {
          send(400, invalidRequest(`Invalid reason: ${fields.reason}`, 'parameter_invalid_string', 'reason'));
          return;
        }
        const charge = `ch_${intent.id.replace(/^pi_/, '')}`;
        const left = intent.amount - intent.refunded;
        if (left === 0) {
          send(400, invalidRequest(`Charge ${charge} has already been refunded.`, 'charge_already_refunded'));
          return;
        }
        const amount = fields.amount === undefined ? left : Number(fields.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
          const message = `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`;
          send(400, invalidRequest(message, 'amount_too_large', 'amount'));
          return;
        }
        intent.refunded += amount;
        const refund: FakeRefund = {
          id: `re_test_${refunds.size + 1}_${Math.random().toString(36).slice(2, 10)}`,
          object: 'refund',
          amount,
          balance_transaction: `txn_${refunds.size + 1}`,
          charge,
          created: Math.floor(Date.now() / 1000),
          currency: intent.currency,
          destination_details: null,
          metadata: Object.fromEntries(
            Object.entries(fields)
              .map(([key, value]) => [/^metadata\[(.+)\]$/.exec(key)?.[1], value] as const)
              .filter((entry): entry is readonly [string, string] => entry[0] !== undefined),
          ),
          payment_intent: intent.id,
          reason: fields.reason ?? null,
          receipt_number: null,
          source_transfer_reversal: null,
          status: 'succeeded',
          transfer_reversal: null,
        };
        refunds.set(refund.id, refund);
        if (idempotencyKey) refundsByKey.set(idempotencyKey, { body, refund });
        send(200, refund);
        return;
      }
      const again = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (again) {
        send(200, again);
        return;
      }
      let amount = 0;
      for (const [key, value] of Object.entries(fields)) {
        if (/^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(key)) amount += Number(value);
      }
      const id = `cs_test_${sessions.size + 1}_${Math.random().toString(36).slice(2, 10)}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_total: amount,
        currency: fields['line_items[0][price_data][currency]'] ?? 'usd',
        client_reference_id: fields.client_reference_id ?? null,
        metadata: { order_id: fields['metadata[order_id]'] ?? '' },
        payment_status: 'unpaid',
        payment_intent: null,
        customer: null,
        expires_at: Number(fields.expires_at),
        success_url: fields.success_url ?? '',
        cancel_url: fields.cancel_url ?? '',
      };
      sessions.set(id, session);
      if (idempotencyKey) byKey.set(idempotencyKey, session);
      send(200, session);
    },
    { outageBody: () => ({ error: { type: 'api_error', message: 'simulated outage' } }) },
  );
  return {
    port: server.port,
    creates,
    sessions,
    refundRequests,
    refunds,
    paymentIntents,
    addPaymentIntent(id, amount, currency) {
      const intent: FakePaymentIntent = { id, amount, currency, refunded: 0 };
      paymentIntents.set(id, intent);
      return intent;
    },
    failNext(status, times = 1) {
      failure.status = status;
      failure.times = times;
    },
    faults: server,
    addCustomer(id, behaviour = 'succeeds', card = FAKE_CARD) {
      const method: FakePaymentMethod = { id: `pm_${id}_${methods.size + 1}`, customer: id, behaviour, card };
      methods.set(method.id, method);
      return method.id;
    },
    paymentIntentRequests,
    paymentMethodQueries,
    events,
    emit(event) {
      events.push(event as unknown as FakeEvent);
      return event;
    },
    eventQueries,
    close: () => server.close(),
  };
}

/** A Stripe event about an object, as Stripe posts it to the webhook and lists it in its event log. */
export function eventAbout(type: string, object: object, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event' as const,
    api_version: '2025-10-29.clover',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...object } as Record<string, unknown> },
  };
}

/** A Stripe event around a Checkout session, as Stripe posts it to the webhook. */
export function stripeEvent(type: string, session: FakeSession, overrides: Partial<FakeSession> = {}) {
  return eventAbout(type, { ...session, ...overrides });
}

/** charge.refunded: the Charge of a PaymentIntent after `refunded` of its `amount` went back (in all). */
export function chargeRefunded(paymentIntent: string, amount: number, refunded: number, currency: string) {
  return eventAbout('charge.refunded', {
    id: `ch_${paymentIntent.replace(/^pi_/, '')}`,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    refunded: refunded >= amount,
    currency: currency.toLowerCase(),
    paid: true,
    payment_intent: paymentIntent,
    metadata: {},
    status: 'succeeded',
  });
}

/** charge.dispute.created: the payer's bank disputes the Charge of a PaymentIntent. */
export function disputeCreated(paymentIntent: string, amount: number, currency: string) {
  return eventAbout('charge.dispute.created', {
    id: `dp_${Math.random().toString(36).slice(2, 14)}`,
    object: 'dispute',
    amount,
    currency: currency.toLowerCase(),
    charge: `ch_${paymentIntent.replace(/^pi_/, '')}`,
    payment_intent: paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
    is_charge_refundable: false,
    metadata: {},
  });
}

/** The webhook secret of the apps the Stripe tests start; deliverStripe signs with it unless told otherwise. */
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789';

/** Only signs test webhooks (generateTestHeaderString): it never calls Stripe. */
const signer = new Stripe('sk_test_signing_only');

/** The keys of the apps the Stripe tests start (the fake checks the secret key). */
const TEST_STRIPE_KEYS = { secretKey: 'sk_test_local', webhookSecret: TEST_STRIPE_WEBHOOK_SECRET };

/** Settings that point the Stripe adapter's official SDK at the fake (and anything else given). */
export function fakeStripeSettings(
  fake: Pick<FakeStripe, 'port'>,
  extra: Partial<StripeSettings> = {},
): StripeSettings {
  return { ...TEST_STRIPE_KEYS, host: '127.0.0.1', port: fake.port, protocol: 'http', ...extra };
}

/**
 * Posts an event to the Stripe webhook as Stripe does, its Stripe-Signature made with `secret` (the test secret
 * unless given) at `timestamp` (now unless given); answers the HTTP status.
 */
export async function deliverStripe(
  app: FastifyInstance,
  event: object,
  options: { secret?: string; timestamp?: number } = {},
): Promise<number> {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  const response = await app.inject({
    method: 'POST',
    url: '/eshop/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  return response.statusCode;
}

/** The fake's Checkout session an order points at (the order's provider_ref); throws when there is none. */
export function sessionOf(fake: Pick<FakeStripe, 'sessions'>, providerRef: string | null | undefined): FakeSession {
  const session = fake.sessions.get(providerRef ?? '');
  if (!session) throw new Error('no session at the fake Stripe');
  return session;
}

/** checkout.session.completed for a session paid by `paymentIntent` (with any other fields given). */
export function sessionPaid(session: FakeSession, paymentIntent: string, overrides: Partial<FakeSession> = {}) {
  return stripeEvent('checkout.session.completed', session, {
    payment_status: 'paid',
    payment_intent: paymentIntent,
    ...overrides,
  });
}
