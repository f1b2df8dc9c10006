import { Agent } from 'node:https';
import { connect, type Socket } from 'node:net';
import { startJsonServer } from './fake-server';

/**
 * A local stand-in for the PayPal REST endpoints the Orders v2 adapter uses: OAuth token, create order, capture
 * order, verify-webhook-signature. The official SDK runs unchanged; its https requests are routed here by an agent
 * that opens a plain connection to this server (`agent`). Like PayPal, a repeated PayPal-Request-Id answers the
 * first result again.
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

export interface FakePaypal {
  agent: Agent;
  orders: Map<string, FakePaypalOrder>;
  creates: number;
  captureRequests: Array<{ orderId: string; requestId: string | undefined }>;
  verifications: number;
  /** A signature the fake verify-webhook-signature accepts for a transmission id. */
  signatureFor(transmissionId: string): string;
  close(): Promise<void>;
}

export const FAKE_WEBHOOK_ID = 'WH-FAKE-0001';

export async function startFakePaypal(): Promise<FakePaypal> {
  const orders = new Map<string, FakePaypalOrder>();
  const byRequestId = new Map<string, FakePaypalOrder>();
  const captureRequests: FakePaypal['captureRequests'] = [];
  const state = { creates: 0, verifications: 0 };

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
