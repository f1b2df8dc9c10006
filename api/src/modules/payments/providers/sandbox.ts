import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type Queryable } from '../../../db/index';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type ChargeResult,
  type PaymentProvider,
  type ProviderSession,
  savedCardOf,
  type RefundRequest,
  type SavedCharge,
  type VerifiedEvent,
} from './types';

/**
 * The built-in sandbox provider: our own hosted pay page (sandbox-page.ts) stands in for Stripe or PayPal, so the
 * whole purchase works offline. It keeps its own records (sandbox_sessions) and tells us the outcome the way real
 * providers do: an HMAC-signed event posted to /eshop/webhooks/sandbox, verified like any other.
 */

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
export const SANDBOX_PAGE_PATH = '/eshop/pay/sandbox';
/** A sandbox session can be paid this long after it was opened (Stripe's shortest Checkout session). */
export const SANDBOX_SESSION_MINUTES = 30;

export const SandboxEvent = z.object({
  id: z.string().min(1).max(100),
  /**
   * payment.refunded and payment.disputed stand in for a provider's refund and dispute of a paid order (Stripe's
   * charge.refunded, charge.dispute.created), as a tester triggers them: `amount` is what went back or is disputed.
   */
  type: z.enum(['payment.succeeded', 'payment.failed', 'payment.cancelled', 'payment.refunded', 'payment.disputed']),
  created: z.int(),
  data: z.object({
    session: z.string().min(1).max(64),
    order_id: z.string().regex(/^\d{1,15}$/),
    amount: z.int(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    payment_id: z.string().max(100).nullable(),
    payment_method: z.string().max(100).nullable(),
    /** The test card a saved payment_method stands for (absent in events made before it was sent). */
    card: z
      .object({
        brand: z.string().max(32),
        last4: z.string().regex(/^[0-9]{4}$/),
        exp_month: z.int(),
        exp_year: z.int(),
      })
      .nullable()
      .optional(),
  }),
});
export type SandboxEvent = z.infer<typeof SandboxEvent>;

export function newSandboxId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

/**
 * The sandbox's refund id for an idempotency key. Derived from the key, not stored: there is no money to give back,
 * and a retried refund (same key) answers the same id without a table of refunds.
 */
export function sandboxRefundId(idempotencyKey: string): string {
  return `re_sbx_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24)}`;
}

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's scheme). */
export function signSandboxEvent(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Checks the header against the raw body; throws WebhookRejected when it is missing, wrong or out of tolerance. */
export function verifySandboxSignature(secret: string, rawBody: Buffer, header: unknown, nowSeconds: number): void {
  if (typeof header !== 'string' || header.length > 512) throw new WebhookRejected('missing signature');
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) throw new WebhookRejected('bad signature');
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookRejected('stale timestamp');
  const expected = Buffer.from(hmac(secret, timestamp, rawBody.toString('utf8')), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new WebhookRejected('bad signature');
}

const EVENT_TYPES: Record<SandboxEvent['type'], VerifiedEvent['type']> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.refunded': 'refunded',
  'payment.disputed': 'disputed',
};

export interface SandboxProviderOptions {
  secret: string;
  /** The shop's public origin (SHELL_ORIGIN): the pay page is served there through the /eshop proxy. */
  publicOrigin: string;
  now?: () => Date;
}

export function createSandboxProvider(db: Queryable, options: SandboxProviderOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const pageUrl = (id: string) => `${options.publicOrigin}${SANDBOX_PAGE_PATH}/${id}`;
  // One statement for any number of charges; a key charged before answers its first result (never charged twice).
  async function chargeMany(charges: readonly SavedCharge[]): Promise<ChargeResult[]> {
    if (charges.length === 0) return [];
    // A key twice in one statement could not be upserted: the first of each key is sent, all get its answer.
    const unique = [...new Map([...charges].reverse().map((charge) => [charge.idempotencyKey, charge])).values()];
    const statusOf = (token: string) =>
      token.includes('requires_action') ? 'requires_action' : token.includes('declined') ? 'declined' : 'succeeded';
    const rows = await db.query<{
      idempotency_key: string;
      payment_id: string;
      status: string;
      amount: number;
      currency: string;
    }>(
      `INSERT INTO sandbox_charges (idempotency_key, token, order_id, amount, currency, payment_id, status)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[])
       ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
       RETURNING idempotency_key, payment_id, status, amount, currency`,
      [
        unique.map((charge) => charge.idempotencyKey),
        unique.map((charge) => charge.token),
        unique.map((charge) => charge.orderId),
        unique.map((charge) => charge.total),
        unique.map((charge) => charge.currency),
        unique.map(() => newSandboxId('pay')),
        unique.map((charge) => statusOf(charge.token)),
      ],
    );
    const byKey = new Map(rows.map((row) => [row.idempotency_key, row]));
    return charges.map((charge): ChargeResult => {
      const row = byKey.get(charge.idempotencyKey);
      if (!row) throw new Error('sandbox charge not stored');
      if (row.status === 'succeeded') {
        return { status: 'succeeded', paymentId: row.payment_id, amount: Number(row.amount), currency: row.currency };
      }
      return row.status === 'requires_action'
        ? { status: 'requires_action' }
        : { status: 'declined', reason: 'test card' };
    });
  }

  return {
    name: 'sandbox',

    // One session per order (sandbox_sessions.order_id is unique): asking again answers the first one.
    async createSession(request): Promise<ProviderSession> {
      const expiresAt = new Date(now().getTime() + (request.validMinutes ?? SANDBOX_SESSION_MINUTES) * 60_000);
      const row = await db.one<{ id: string; expires_at: Date }>(
        `INSERT INTO sandbox_sessions (id, order_id, amount, currency, method, save_method, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (order_id) DO UPDATE SET updated_at = sandbox_sessions.updated_at
         RETURNING id, expires_at`,
        [
          newSandboxId('ses'),
          request.orderId,
          request.total,
          request.currency,
          request.method,
          request.saveMethod,
          expiresAt,
        ],
      );
      if (!row) throw new Error('sandbox session not stored');
      return { ref: row.id, url: pageUrl(row.id), expiresAt: row.expires_at };
    },

    async verifyWebhook(rawBody, headers): Promise<VerifiedEvent> {
      verifySandboxSignature(
        options.secret,
        rawBody,
        headers[SANDBOX_SIGNATURE_HEADER],
        Math.floor(now().getTime() / 1000),
      );
      let parsed: SandboxEvent;
      try {
        parsed = SandboxEvent.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new WebhookRejected('unreadable event');
      }
      const moneyBack =
        parsed.type === 'payment.refunded' ? 'refund' : parsed.type === 'payment.disputed' ? 'dispute' : null;
      // Money back names the payment it concerns: the one the sandbox's own paid event recorded for the order.
      const paidWith = moneyBack
        ? ((
            await db.one<{ provider_payment_id: string | null }>(
              `SELECT provider_payment_id FROM payments WHERE order_id = $1 AND provider = 'sandbox'`,
              [Number(parsed.data.order_id)],
            )
          )?.provider_payment_id ?? null)
        : null;
      return {
        ...(moneyBack ? { moneyBack: { kind: moneyBack, reference: parsed.id } } : {}),
        eventId: parsed.id,
        type: EVENT_TYPES[parsed.type],
        orderId: Number(parsed.data.order_id),
        amount: parsed.data.amount,
        currency: parsed.data.currency,
        providerRef: parsed.data.session,
        paymentId: moneyBack ? (paidWith ?? parsed.data.payment_id) : parsed.data.payment_id,
        savedMethod: parsed.data.payment_method
          ? {
              token: parsed.data.payment_method,
              customerRef: null,
              card: parsed.data.card
                ? savedCardOf({
                    brand: parsed.data.card.brand,
                    last4: parsed.data.card.last4,
                    expMonth: parsed.data.card.exp_month,
                    expYear: parsed.data.card.exp_year,
                  })
                : null,
            }
          : null,
        payload: parsed,
      };
    },

    ownsPayUrl(url) {
      return url.startsWith(`${options.publicOrigin}${SANDBOX_PAGE_PATH}/`);
    },

    // The page then only leads back to the shop (as after Cancel); nothing is sent: our order is cancelled already.
    async expireSession(providerRef) {
      await db.query(
        `UPDATE sandbox_sessions SET status = 'cancelled', updated_at = now()
          WHERE id = $1 AND status IN ('open', 'challenge')`,
        [providerRef],
      );
    },

    // The sandbox's saved tokens (pm_...) always pay, except test tokens that ask for the customer or decline.
    async chargeSaved(charge): Promise<ChargeResult> {
      const [result] = await chargeMany([charge]);
      if (!result) throw new Error('sandbox charge not stored');
      return result;
    },
    chargeSavedMany: chargeMany,

    refund(request: RefundRequest): Promise<{ refundId: string }> {
      return Promise.resolve({ refundId: sandboxRefundId(request.idempotencyKey) });
    },
  };
}
