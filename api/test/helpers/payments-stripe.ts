import { startJsonServer } from './fake-server';

/**
 * A local stand-in for the few Stripe API endpoints the Checkout adapter uses (POST /v1/checkout/sessions), so the
 * official SDK runs unchanged against it (host/port/protocol options). Like Stripe, a repeated Idempotency-Key
 * answers the first session again.
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
}

export interface FakeStripe {
  port: number;
  /** Every create request: its form fields and Idempotency-Key header. */
  creates: Array<{ fields: Record<string, string>; idempotencyKey: string | undefined; authorization: string }>;
  sessions: Map<string, FakeSession>;
  /** Answer the next create with this HTTP status (a provider outage). */
  failNext(status: number): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const creates: FakeStripe['creates'] = [];
  const sessions = new Map<string, FakeSession>();
  const byKey = new Map<string, FakeSession>();
  let failStatus: number | null = null;
  let counter = 0;

  const server = await startJsonServer((request, body, reply) => {
    const send = (status: number, payload: unknown) => reply(status, payload, { 'request-id': `req_${++counter}` });
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
      send(404, { error: { type: 'invalid_request_error', message: `unknown ${request.method} ${request.url}` } });
      return;
    }
    const fields = Object.fromEntries(new URLSearchParams(body));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    creates.push({ fields, idempotencyKey, authorization: String(request.headers.authorization ?? '') });
    if (failStatus !== null) {
      const status = failStatus;
      failStatus = null;
      send(status, { error: { type: 'api_error', message: 'simulated outage' } });
      return;
    }
    const known = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (known) {
      send(200, known);
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
  });
  return {
    port: server.port,
    creates,
    sessions,
    failNext(status) {
      failStatus = status;
    },
    close: () => server.close(),
  };
}

/** A Stripe event around a Checkout session, as Stripe posts it to the webhook. */
export function stripeEvent(type: string, session: FakeSession, overrides: Partial<FakeSession> = {}) {
  return {
    id: `evt_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...session, ...overrides } },
  };
}
