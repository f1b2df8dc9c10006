import { Agent } from 'node:https';
import { connect, type Socket } from 'node:net';
import { currencyDigits } from 'shared-contracts';
import { startJsonServer } from './fake-server';

/**
 * A local stand-in for the PayPal REST endpoints the Orders v2 adapter uses: OAuth token, create order, capture
 * order, refund a capture (Payments v2), verify-webhook-signature. The official SDK runs unchanged; its https
 * requests are routed here by an agent that opens a plain connection to this server (`agent`). Like PayPal, a
 * repeated PayPal-Request-Id answers the first result again.
 */

export interface FakePaypalOrder {
  id: string;
  requestId: string | undefined;
  customId: string;
  currency: string;
  value: string;
  approved: boolean;
  captures: number;
  clientMetadataId: string | undefined;
}

/** A completed capture the fake can refund (tests add them), in PayPal's decimal strings. */
export interface FakePaypalCapture {
  id: string;
  currency: string;
  value: string;
  /** Minor units refunded so far. */
  refunded: number;
}

/** PayPal's Refund object (Payments v2), as answered with Prefer: return=representation. */
export interface FakePaypalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  invoice_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: {
    gross_amount: { currency_code: string; value: string };
    net_amount: { currency_code: string; value: string };
    total_refunded_amount: { currency_code: string; value: string };
  };
  create_time: string;
  update_time: string;
  links: Array<{ href: string; rel: string; method: string }>;
}

export interface FakePaypalRefundRequest {
  captureId: string;
  requestId: string | undefined;
  prefer: string | undefined;
  body: { amount?: { currency_code?: string; value?: string }; invoice_id?: string; note_to_payer?: string };
}

export interface FakePaypal {
  agent: Agent;
  orders: Map<string, FakePaypalOrder>;
  creates: number;
  captureRequests: Array<{ orderId: string; requestId: string | undefined }>;
  captures: Map<string, FakePaypalCapture>;
  /** A completed capture of `value` (PayPal's decimal string) in `currency`. */
  addCapture(id: string, value: string, currency: string): FakePaypalCapture;
  /** Every refund request, retries included. */
  refundRequests: FakePaypalRefundRequest[];
  /** Refunds made, by id: one per refund PayPal would have paid back. */
  refunds: Map<string, FakePaypalRefund>;
  /** Answer the next `times` refund requests with this HTTP status (a provider outage). */
  failNextRefund(status: number, times?: number): void;
  verifications: number;
  /** A signature the fake verify-webhook-signature accepts for a transmission id. */
  signatureFor(transmissionId: string): string;
  close(): Promise<void>;
}

export const FAKE_WEBHOOK_ID = 'WH-FAKE-0001';

/** PayPal's decimal string in minor units; null when it has more decimals than the currency (PayPal: 422). */
function minorUnits(value: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}

function unprocessable(issue: string, description: string) {
  return {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: 'fakedebug0001',
    details: [{ issue, description }],
  };
}

export async function startFakePaypal(): Promise<FakePaypal> {
  const orders = new Map<string, FakePaypalOrder>();
  const byRequestId = new Map<string, FakePaypalOrder>();
  const captureRequests: FakePaypal['captureRequests'] = [];
  const captures = new Map<string, FakePaypalCapture>();
  const refundRequests: FakePaypal['refundRequests'] = [];
  const refunds = new Map<string, FakePaypalRefund>();
  const refundsByRequestId = new Map<string, FakePaypalRefund>();
  const state = { creates: 0, verifications: 0, failStatus: 0, failTimes: 0 };

  const server = await startJsonServer((request, text, send) => {
    const url = request.url ?? '';
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    if (url === '/v1/oauth2/token') {
      send(200, { access_token: 'A21.fake-token', token_type: 'Bearer', expires_in: 32_400, scope: 'openid' });
      return;
    }
    if (request.headers.authorization !== 'Bearer A21.fake-token') {
      send(401, { error: 'invalid_token' });
      return;
    }
    if (url === '/v2/checkout/orders') {
      state.creates += 1;
      const known = requestId ? byRequestId.get(requestId) : undefined;
      const body = JSON.parse(text) as {
        purchase_units: Array<{ custom_id: string; amount: { currency_code: string; value: string } }>;
      };
      const order: FakePaypalOrder = known ?? {
        id: `PPO${orders.size + 1}X${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
        requestId,
        customId: body.purchase_units[0]?.custom_id ?? '',
        currency: body.purchase_units[0]?.amount.currency_code ?? '',
        value: body.purchase_units[0]?.amount.value ?? '',
        approved: false,
        captures: 0,
        clientMetadataId: request.headers['paypal-client-metadata-id'] as string | undefined,
      };
      orders.set(order.id, order);
      if (requestId) byRequestId.set(requestId, order);
      send(200, {
        id: order.id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [
          { href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
          {
            href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
            rel: 'payer-action',
            method: 'GET',
          },
        ],
      });
      return;
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url);
    if (capture) {
      const order = orders.get(capture[1] ?? '');
      captureRequests.push({ orderId: capture[1] ?? '', requestId });
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (!order.approved)
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      if (order.captures === 0) order.captures = 1;
      send(201, { id: order.id, status: 'COMPLETED' });
      return;
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url);
    if (refund && request.method === 'POST') {
      const captureId = decodeURIComponent(refund[1] ?? '');
      const prefer = request.headers.prefer as string | undefined;
      const body = (text ? JSON.parse(text) : {}) as FakePaypalRefundRequest['body'];
      refundRequests.push({ captureId, requestId, prefer, body });
      // An outage in front of the api: nothing ran, so nothing is kept for the request id.
      if (state.failTimes > 0) {
        state.failTimes -= 1;
        send(state.failStatus, { name: 'INTERNAL_SERVER_ERROR', message: 'simulated outage', debug_id: 'fake' });
        return;
      }
      const answer = (made: FakePaypalRefund, status: number) =>
        send(
          status,
          prefer === 'return=representation' ? made : { id: made.id, status: made.status, links: made.links },
        );
      const replay = requestId ? refundsByRequestId.get(requestId) : undefined;
      if (replay) return answer(replay, 200);
      const capture = captures.get(captureId);
      if (!capture) {
        return send(404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          debug_id: 'fakedebug0002',
          details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
        });
      }
      const captured = minorUnits(capture.value, capture.currency) ?? 0;
      const left = captured - capture.refunded;
      if (left === 0)
        return send(422, unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded'));
      const currency = body.amount?.currency_code ?? capture.currency;
      if (currency !== capture.currency) {
        return send(422, unprocessable('CURRENCY_MISMATCH', 'Refund must be in the currency of the capture.'));
      }
      const amount = body.amount?.value === undefined ? left : minorUnits(body.amount.value, currency);
      if (amount === null) {
        return send(
          422,
          unprocessable('DECIMAL_PRECISION', 'The value of the field should not be more than the currency allows.'),
        );
      }
      if (amount <= 0 || amount > left) {
        return send(
          422,
          unprocessable(
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          ),
        );
      }
      capture.refunded += amount;
      const money = (minor: number) => {
        const digits = currencyDigits(currency);
        return {
          currency_code: currency,
          value: digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits),
        };
      };
      const id = `RF${refunds.size + 1}X${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      const now = new Date().toISOString();
      const made: FakePaypalRefund = {
        id,
        status: 'COMPLETED',
        amount: money(amount),
        ...(body.invoice_id ? { invoice_id: body.invoice_id } : {}),
        ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
        seller_payable_breakdown: {
          gross_amount: money(amount),
          net_amount: money(amount),
          total_refunded_amount: money(capture.refunded),
        },
        create_time: now,
        update_time: now,
        links: [
          { href: `https://api-m.sandbox.paypal.com/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
          { href: `https://api-m.sandbox.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      };
      refunds.set(id, made);
      if (requestId) refundsByRequestId.set(requestId, made);
      answer(made, 201);
      return;
    }
    if (url === '/v1/notifications/verify-webhook-signature') {
      state.verifications += 1;
      const body = JSON.parse(text) as { transmission_id: string; transmission_sig: string; webhook_id: string };
      const ok = body.webhook_id === FAKE_WEBHOOK_ID && body.transmission_sig === `sig:${body.transmission_id}`;
      send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      return;
    }
    send(404, { name: 'NOT_FOUND' });
  });
  const { port } = server;

  // Keeps the SDK's https requests (to api-m.sandbox.paypal.com) but carries them over plain TCP to this server.
  class LocalAgent extends Agent {
    override createConnection(): Socket {
      return connect(port, '127.0.0.1');
    }
  }
  const agent = new LocalAgent({ keepAlive: false });

  return {
    agent,
    orders,
    get creates() {
      return state.creates;
    },
    captureRequests,
    captures,
    addCapture(id, value, currency) {
      const capture: FakePaypalCapture = { id, currency, value, refunded: 0 };
      captures.set(id, capture);
      return capture;
    },
    refundRequests,
    refunds,
    failNextRefund(status, times = 1) {
      state.failStatus = status;
      state.failTimes = times;
    },
    get verifications() {
      return state.verifications;
    },
    signatureFor: (transmissionId) => `sig:${transmissionId}`,
    async close() {
      agent.destroy();
      await server.close();
    },
  };
}
