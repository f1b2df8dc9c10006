import { createPrivateKey, randomUUID, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Agent } from 'node:https';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { currencyDigits } from 'shared-contracts';
import { type FastifyInstance } from 'fastify';
import { type PaypalSettings } from '../../src/modules/payments/providers/paypal';
import { startJsonServer, type JsonServer } from './fake-server';

/**
 * A local stand-in for the PayPal REST endpoints the Orders v2 adapter uses: OAuth token, create order, capture
 * order, refund a capture (Payments v2), verify-webhook-signature, and the webhook signing certificate
 * (`/v1/notifications/certs/...`). The official SDK runs unchanged; its https requests (and the adapter's
 * certificate fetches from api.sandbox.paypal.com) are routed here by an agent that opens a plain connection to this
 * server (`agent`). Like PayPal, a repeated PayPal-Request-Id answers the first result again. Like PayPal, webhooks
 * are signed SHA256withRSA over the transmission and the CRC32 of the event's exact bytes, with the key of the
 * certificate served at the cert URL (a test-only pair OpenSSL makes when the tests load), and verify-webhook-signature checks that
 * signature over the webhook_event it is sent, as sent.
 * `faults` makes it answer 5xx, time out or drop the connection, before or after doing the work.
 */

export interface FakePaypalOrder {
  id: string;
  requestId: string | undefined;
  customId: string;
  currency: string;
  value: string;
  approved: boolean;
  /** Captures made (at most one). */
  captures: number;
  captureRequestId?: string;
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
  /** The webhook_event texts verify-webhook-signature was sent, exactly as sent. */
  verifiedEvents: string[];
  /** The signature PayPal puts on a transmission of `body`: base64 SHA256withRSA with the test certificate's key. */
  signatureFor(transmissionId: string, transmissionTime: string, body: string): string;
  /** The PEM texts served at certificate paths (FAKE_CERT_PATH serves the test certificate); tests add others. */
  certs: Map<string, string>;
  /** The certificate paths asked for (answered or not found; faulted requests are in faults.faulted). */
  certRequests: string[];
  /** How long the certificate endpoint waits before it answers (ms; default 0). */
  certDelayMs: number;
  /** OAuth token requests answered. */
  tokenRequests: number;
  /** Seconds the next tokens live (PayPal: about 9 hours). */
  tokenLifetimeSeconds: number;
  /** Every token issued so far stops working (401), as after a credential rotation. */
  revokeTokens(): void;
  /** Faults in front of every endpoint (see fake-server.ts). */
  faults: Pick<JsonServer, 'fail' | 'heal' | 'faulted'>;
  close(): Promise<void>;
}

/**
 * A test-only key and self-signed certificates, made by OpenSSL when the tests load (nothing key-like is kept in the
 * repository): CN=messageverificationcerts.sandbox.paypal.com stands in for PayPal's webhook signing certificate (only
 * the fake serves it, and only tests route PayPal's certificate host to the fake); the same key issued to another
 * name (CN=webhooks.example.com) must be refused. Valid from now for 100 years.
 */
function makeTestCertificates(): { key: string; cert: string; otherCn: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'paypal-cert-'));
  try {
    const file = (name: string) => path.join(dir, name);
    const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
    openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', file('key.pem')]);
    for (const [name, cn] of [
      ['cert.pem', 'messageverificationcerts.sandbox.paypal.com'],
      ['other.pem', 'webhooks.example.com'],
    ] as const) {
      openssl(['req', '-x509', '-key', file('key.pem'), '-subj', `/CN=${cn}`, '-days', '36500', '-out', file(name)]);
    }
    const read = (name: string) => readFileSync(file(name), 'utf8');
    return { key: read('key.pem'), cert: read('cert.pem'), otherCn: read('other.pem') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const certificates = makeTestCertificates();
export const TEST_CERT_PEM = certificates.cert;
export const TEST_KEY: KeyObject = createPrivateKey(certificates.key);
/** The same key in a certificate issued to another name (CN=webhooks.example.com). */
export const OTHER_CN_CERT_PEM = certificates.otherCn;
export const FAKE_CERT_PATH = '/v1/notifications/certs/CERT-360caa42-fake0001';
/** The cert URL the fake's webhooks name: PayPal's sandbox certificate host, routed to the fake by its agent. */
export const FAKE_CERT_URL = `https://api.sandbox.paypal.com${FAKE_CERT_PATH}`;

/** What PayPal signs for one transmission of `body` to webhook `webhookId`. */
function signedString(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;
}

/** PayPal's signature (SHA256withRSA, base64) of a transmission of `body`, made with `key` (default the test key). */
export function signPaypal(
  transmissionId: string,
  transmissionTime: string,
  body: string,
  options: { key?: KeyObject; webhookId?: string } = {},
): string {
  const signed = signedString(transmissionId, transmissionTime, options.webhookId ?? FAKE_WEBHOOK_ID, body);
  return sign('sha256', Buffer.from(signed, 'utf8'), options.key ?? TEST_KEY).toString('base64');
}

/** The exact text of a top-level member of a JSON object (PayPal reads the event as it was sent, not re-written). */
export function memberText(json: string, name: string): string | null {
  let at = json.indexOf('{');
  if (at < 0) return null;
  at += 1;
  const blank = () => {
    while (at < json.length && /\s/.test(json.charAt(at))) at += 1;
  };
  /** Moves past one JSON value (string, number, literal, object, array) and answers its text. */
  const value = (): string => {
    const start = at;
    let depth = 0;
    let quoted = false;
    for (; at < json.length; at += 1) {
      const char = json.charAt(at);
      if (quoted) {
        if (char === '\\') at += 1;
        else if (char === '"') {
          quoted = false;
          if (depth === 0) {
            at += 1;
            break;
          }
        }
      } else if (char === '"') quoted = true;
      else if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        if (depth === 0) break;
        depth -= 1;
        if (depth === 0) {
          at += 1;
          break;
        }
      } else if ((char === ',' || char === ':') && depth === 0) break;
    }
    return json.slice(start, at).trim();
  };
  for (;;) {
    blank();
    if (json.charAt(at) !== '"') return null;
    const key = JSON.parse(value()) as string;
    blank();
    if (json.charAt(at) !== ':') return null;
    at += 1;
    blank();
    const text = value();
    if (key === name) return text;
    blank();
    if (json.charAt(at) !== ',') return null;
    at += 1;
  }
}

export const FAKE_WEBHOOK_ID = 'WH-FAKE-0001';

/**
 * Settings that route the PayPal adapter's official SDK to the fake, retrying fast so that faults cost little time
 * (and anything else given).
 */
export function fakePaypalSettings(
  fake: Pick<FakePaypal, 'agent'>,
  extra: Partial<PaypalSettings> = {},
): PaypalSettings {
  return {
    clientId: 'client-id',
    clientSecret: 'client-secret-0123456789',
    webhookId: FAKE_WEBHOOK_ID,
    environment: 'sandbox',
    httpsAgent: fake.agent,
    retries: { count: 2, intervalSeconds: 0.01 },
    ...extra,
  };
}

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
  const state = { creates: 0, verifications: 0, failStatus: 0, failTimes: 0, tokens: 0, tokenLifetime: 32_400 };
  const validTokens = new Set<string>();
  const verifiedEvents: string[] = [];
  const certs = new Map<string, string>([[FAKE_CERT_PATH, TEST_CERT_PEM]]);
  const certRequests: string[] = [];
  const certState = { delayMs: 0 };

  const server = await startJsonServer(
    (request, text, send) => {
      const url = request.url ?? '';
      const requestId = request.headers['paypal-request-id'] as string | undefined;
      // The signing certificates are public: no token.
      if (url.startsWith('/v1/notifications/certs/') && request.method === 'GET') {
        certRequests.push(url);
        const pem = certs.get(url);
        setTimeout(() => {
          if (pem === undefined) send(404, { name: 'RESOURCE_NOT_FOUND', debug_id: 'fake' });
          else send(200, Buffer.from(pem, 'utf8'), { 'content-type': 'application/x-pem-file' });
        }, certState.delayMs);
        return;
      }
      if (url === '/v1/oauth2/token') {
        state.tokens += 1;
        const token = `A21.fake-token-${state.tokens}`;
        validTokens.add(token);
        send(200, { access_token: token, token_type: 'Bearer', expires_in: state.tokenLifetime, scope: 'openid' });
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
      if (!validTokens.has(bearer)) {
        send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
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
        // A repeated PayPal-Request-Id is answered the first capture again; another capture of a captured order is
        // refused, as PayPal does.
        if (order.captures > 0 && order.captureRequestId !== requestId) {
          return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
        }
        if (order.captures === 0) {
          order.captures = 1;
          order.captureRequestId = requestId;
        }
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
        const body = JSON.parse(text) as {
          auth_algo?: string;
          cert_url?: string;
          transmission_id?: string;
          transmission_time?: string;
          transmission_sig?: string;
          webhook_id?: string;
        };
        const event = memberText(text, 'webhook_event');
        if (event === null || !body.transmission_id || !body.transmission_time || !body.transmission_sig) {
          send(400, { name: 'VALIDATION_ERROR', message: 'Invalid request - see details', debug_id: 'fake' });
          return;
        }
        verifiedEvents.push(event);
        // PayPal checks the signature with its certificate the cert URL names, over the webhook id it knows.
        const pem = certs.get(new URL(body.cert_url ?? '', 'https://api.sandbox.paypal.com').pathname);
        const signed = signedString(body.transmission_id, body.transmission_time, FAKE_WEBHOOK_ID, event);
        const ok =
          pem !== undefined &&
          body.auth_algo === 'SHA256withRSA' &&
          body.webhook_id === FAKE_WEBHOOK_ID &&
          verify(
            'sha256',
            Buffer.from(signed, 'utf8'),
            new X509Certificate(pem).publicKey,
            Buffer.from(body.transmission_sig, 'base64'),
          );
        send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
        return;
      }
      send(404, { name: 'NOT_FOUND' });
    },
    {
      outageBody: (status) => ({ name: 'INTERNAL_SERVER_ERROR', message: `simulated ${status}`, debug_id: 'fake' }),
    },
  );
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
    verifiedEvents,
    signatureFor: (transmissionId, transmissionTime, body) => signPaypal(transmissionId, transmissionTime, body),
    certs,
    certRequests,
    get certDelayMs() {
      return certState.delayMs;
    },
    set certDelayMs(ms: number) {
      certState.delayMs = ms;
    },
    get tokenRequests() {
      return state.tokens;
    },
    get tokenLifetimeSeconds() {
      return state.tokenLifetime;
    },
    set tokenLifetimeSeconds(seconds: number) {
      state.tokenLifetime = seconds;
    },
    revokeTokens() {
      validTokens.clear();
    },
    faults: server,
    async close() {
      agent.destroy();
      await server.close();
    },
  };
}

export interface PaypalDelivery {
  /** The signature header as is (default: PayPal's over the transmission of `signedBody`). */
  signature?: string;
  /** Signs with this key instead of the test certificate's. */
  key?: KeyObject;
  /** The body the signature covers (default the body sent). */
  signedBody?: string;
  time?: Date;
  certUrl?: string;
  authAlgo?: string;
  transmissionId?: string;
  ip?: string;
}

/** The transmission headers PayPal sends with `body`, signed over it (options change what a forger would). */
export function paypalHeaders(body: string, options: PaypalDelivery = {}): Record<string, string> {
  const transmissionId = options.transmissionId ?? randomUUID();
  const time = (options.time ?? new Date()).toISOString();
  return {
    'paypal-auth-algo': options.authAlgo ?? 'SHA256withRSA',
    'paypal-cert-url': options.certUrl ?? FAKE_CERT_URL,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-sig':
      options.signature ?? signPaypal(transmissionId, time, options.signedBody ?? body, { key: options.key }),
    'paypal-transmission-time': time,
  };
}

/**
 * Posts a webhook as PayPal does: the event's bytes (an object is sent as JSON.stringify writes it, a string as it
 * is) with transmission headers signed over them with the key of the certificate every fake serves (`_fake` names
 * the fake the webhook pretends to come from), from `ip` (through the trusted proxy header).
 */
export async function deliverPaypal(
  app: FastifyInstance,
  _fake: Pick<FakePaypal, 'signatureFor'>,
  event: object | string,
  options: PaypalDelivery = {},
) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/eshop/webhooks/paypal',
    headers: {
      'content-type': 'application/json',
      ...paypalHeaders(body, options),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    payload: body,
  });
}
