import { type FastifyBaseLogger } from 'fastify';
import { taxOf } from 'shared-contracts';
import { type Db } from '../../db/index';
import { sendLogged, type MailLogger, type Mailer, type MailMessage } from '../../mail';
import { ensurePayUrl, shopPageUrl, type Providers } from './checkout';
import { acceptAndProcess } from './fulfilment';
import { QUEUES, type JobQueue } from './jobs';
import { renewalCappedMail, renewalPayLinkMail, renewalReminderMail, type RenewalMailFacts } from './mails';
import { type PaymentRepository } from './repository';
import { type ProviderName, type VerifiedEvent } from './providers/types';

/**
 * Auto-renewal. A package bought with renewal on (orders.renewal, switched by pkgUpdate) is renewed once per period:
 *  1. scan: packages ending within REMIND_AHEAD get one renewals row per (package, period end) and a reminder job;
 *  2. remind: the buyer is mailed the date and amount, then the charge is queued for CHARGE_AHEAD before the end;
 *  3. charge: a new order at the renewal price is charged off session with the saved payment method under the
 *     renewal's idempotency key (the same key on every retry: the provider charges once), and the provider's answer
 *     goes through the same exactly-once fulfilment as a webhook. Needs the customer (3-D Secure, declined, no saved
 *     method, PayPal): a pay link valid for a day is mailed instead. Renewal off, or past the card's monthly cap:
 *     nothing is charged.
 */

const DAY_SECONDS = 86_400;
/** The reminder goes out this long before the period ends. */
export const REMIND_AHEAD_SECONDS = 3 * DAY_SECONDS;
/** The charge happens this long before the period ends (after the reminder). */
export const CHARGE_AHEAD_SECONDS = DAY_SECONDS;
/** A period that ended longer ago than this is not renewed any more (the card was left to lapse). */
const LATE_LIMIT_SECONDS = 2 * DAY_SECONDS;
/** Renewals created per scan statement. */
const SCAN_BATCH = 5_000;
/** A mailed pay link can be used for a day. */
const PAY_LINK_MINUTES = 24 * 60;

export interface RenewalContext {
  db: Db;
  jobs: JobQueue;
  providers: Providers;
  repository: PaymentRepository;
  mailer: Mailer;
  publicOrigin: string;
  now: () => Date;
  log: FastifyBaseLogger;
  logMail: MailLogger;
}

interface RenewalRow {
  id: number;
  status: string;
  period_end: number;
  charge_after: Date;
  reminded_at: Date | null;
  order_id: number | null;
  source_order_id: number;
  iccid: string | null;
  pool_id: number | null;
  card_flag: string | null;
  package_id: number;
  package_name: string;
  currency: string;
  tax_rate: number;
  provider: ProviderName;
  pay_method: 'stripe' | 'paypal' | null;
  product_kind: 'card' | 'pool';
  user_id: number | null;
  agent_flag: string | null;
  lang: string | null;
  still_on: boolean;
  to_address: string | null;
  price: number | null;
  cap_amount: number | null;
  cap_currency: string | null;
}

const RENEWAL_QUERY = `
  SELECT r.id, r.status, r.period_end, r.charge_after, r.reminded_at, r.order_id, r.source_order_id,
         cp.iccid, cp.pool_id, c.agent_flag AS card_flag, o.package_id,
         coalesce(t.name, en.name, p.code) AS package_name, o.currency, o.tax_rate, o.provider, o.pay_method,
         o.product_kind, o.user_id, o.agent_flag, o.lang, o.renewal AS still_on,
         coalesce(o.email, c.email, u.email) AS to_address,
         coalesce(pp.renew_amount, round(pp.amount * pp.renew_discount / 100.0))::bigint AS price,
         c.renewal_cap_amount AS cap_amount, c.renewal_cap_currency AS cap_currency
    FROM renewals r
    JOIN card_packages cp ON cp.id = r.card_package_id
    JOIN orders o ON o.id = r.source_order_id
    JOIN packages p ON p.id = o.package_id
    LEFT JOIN package_prices pp ON pp.package_id = o.package_id AND pp.currency = o.currency
    LEFT JOIN cards c ON c.iccid = cp.iccid
    LEFT JOIN users u ON u.id = o.user_id
    LEFT JOIN package_translations t ON t.package_id = p.id AND t.lang = o.lang
    LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
   WHERE r.id = $1`;

function facts(context: RenewalContext, row: RenewalRow): RenewalMailFacts {
  const price = row.price ?? 0;
  return {
    packageName: row.package_name,
    iccid: row.iccid,
    total: price + taxOf(price, row.tax_rate),
    currency: row.currency,
    periodEnd: row.period_end,
    pageUrl: shopPageUrl(context.publicOrigin, row),
  };
}

function mail(context: RenewalContext, message: MailMessage): Promise<void> {
  return sendLogged(context.mailer, message, context.logMail);
}

/** Step 1: the renewals that became due, each with its reminder job; answers how many were created. */
export async function scanDueRenewals(context: RenewalContext): Promise<number> {
  let created = 0;
  for (;;) {
    const nowS = Math.floor(context.now().getTime() / 1000);
    const batch = await context.db.tx(async (q) => {
      const rows = await q.query<{ id: number }>(
        `WITH due AS (
           SELECT cp.id, cp.expire_timestamp, cp.order_id
             FROM card_packages cp
             JOIN orders o ON o.id = cp.order_id
            WHERE cp.status IN ('active', 'init') AND cp.expire_timestamp <= $1 AND cp.expire_timestamp > $2
              AND o.renewal AND o.status = 'fulfilled'
              AND NOT EXISTS (SELECT 1 FROM renewals r
                               WHERE r.card_package_id = cp.id AND r.period_end = cp.expire_timestamp)
            LIMIT $3)
         INSERT INTO renewals (card_package_id, period_end, source_order_id, charge_after)
         SELECT id, expire_timestamp, order_id, to_timestamp(expire_timestamp - $4) FROM due
         ON CONFLICT (card_package_id, period_end) DO NOTHING
         RETURNING id`,
        [nowS + REMIND_AHEAD_SECONDS, nowS - LATE_LIMIT_SECONDS, SCAN_BATCH, CHARGE_AHEAD_SECONDS],
      );
      await context.jobs.sendMany(
        q,
        QUEUES.renewalRemind,
        rows.map((row) => ({ data: { renewalId: row.id } })),
      );
      return rows.length;
    });
    created += batch;
    if (batch < SCAN_BATCH) return created;
  }
}

/** Step 2: the reminder (once), then the charge at its time. */
export async function remindRenewal(context: RenewalContext, renewalId: number): Promise<void> {
  const claimed = await context.db.one(
    `UPDATE renewals SET reminded_at = now(), updated_at = now()
      WHERE id = $1 AND reminded_at IS NULL AND status = 'scheduled' RETURNING id`,
    [renewalId],
  );
  const row = await context.db.one<RenewalRow>(RENEWAL_QUERY, [renewalId]);
  if (!row || row.status !== 'scheduled') return;
  if (claimed && row.still_on && row.to_address) {
    try {
      await mail(context, renewalReminderMail(facts(context, row), row.to_address));
    } catch (error) {
      await context.db.query(`UPDATE renewals SET reminded_at = NULL WHERE id = $1`, [renewalId]);
      throw error;
    }
  }
  const wait = (row.charge_after.getTime() - context.now().getTime()) / 1000;
  await context.jobs.send(
    context.db,
    QUEUES.renewalCharge,
    { renewalId },
    {
      ...(wait > 0 ? { startAfterSeconds: wait } : {}),
    },
  );
}

async function setStatus(context: RenewalContext, id: number, status: string, error: string | null = null) {
  await context.db.query(
    `UPDATE renewals SET status = $2, last_error = coalesce($3, last_error), updated_at = now() WHERE id = $1`,
    [id, status, error],
  );
}

/** Step 3: charge once (see the top of this file). Safe to run again at any point. */
export async function chargeRenewal(context: RenewalContext, renewalId: number): Promise<void> {
  const prepared = await context.db.tx(async (q) => {
    const row = await q.one<RenewalRow>(`${RENEWAL_QUERY} FOR UPDATE OF r`, [renewalId]);
    if (!row) return null;
    if (row.status === 'charging' && row.order_id !== null) return { row, orderId: row.order_id };
    if (row.status !== 'scheduled') return null;
    if (!row.still_on) {
      await q.query(`UPDATE renewals SET status = 'stopped', updated_at = now() WHERE id = $1`, [renewalId]);
      return null;
    }
    if (row.price === null) {
      await q.query(
        `UPDATE renewals SET status = 'failed', last_error = 'no price', updated_at = now() WHERE id = $1`,
        [renewalId],
      );
      return null;
    }
    const tax = taxOf(row.price, row.tax_rate);
    if (row.cap_amount !== null && row.cap_currency === row.currency && row.iccid) {
      const spent = await q.one<{ total: number }>(
        `SELECT coalesce(sum(o.amount + o.tax_amount), 0)::bigint AS total
           FROM renewals r JOIN orders o ON o.id = r.order_id
          WHERE o.iccid = $1 AND o.currency = $2 AND o.status IN ('paid', 'fulfilled')
            AND o.paid_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
        [row.iccid, row.currency],
      );
      if ((spent?.total ?? 0) + row.price + tax > row.cap_amount) {
        await q.query(`UPDATE renewals SET status = 'capped', updated_at = now() WHERE id = $1`, [renewalId]);
        return { row, capped: true as const };
      }
    }
    const order = await q.one<{ id: number }>(
      `INSERT INTO orders (user_id, iccid, pool_id, package_id, agent_flag, product_kind, amount, tax_amount, tax_rate,
                           currency, renewal, status, provider, pay_method, email, lang)
       SELECT user_id, iccid, pool_id, package_id, agent_flag, product_kind, $2, $3, tax_rate, currency, true,
              'created', provider, pay_method, email, lang
         FROM orders WHERE id = $1
       RETURNING id`,
      [row.source_order_id, row.price, tax],
    );
    if (!order) throw new Error(`renewal ${renewalId}: order not created`);
    // Pools follow their order (a pool created by the first purchase).
    await q.query(
      `UPDATE orders SET pool_id = (SELECT pool_id FROM card_packages WHERE id = (SELECT card_package_id FROM renewals WHERE id = $2))
        WHERE id = $1 AND product_kind = 'pool'`,
      [order.id, renewalId],
    );
    await q.query(
      `UPDATE renewals SET status = 'charging', order_id = $2, attempts = attempts + 1, updated_at = now()
        WHERE id = $1`,
      [renewalId, order.id],
    );
    return { row, orderId: order.id };
  });
  if (!prepared) return;
  const { row } = prepared;
  if ('capped' in prepared) {
    if (row.to_address) await mail(context, renewalCappedMail(facts(context, row), row.to_address)).catch(() => {});
    return;
  }
  const orderId = prepared.orderId;
  const order = await context.repository.findOrder(orderId);
  if (!order) return;
  if (order.status === 'fulfilled') {
    await setStatus(context, renewalId, 'paid');
    return;
  }
  const method = await context.db.one<{ token: string; customer_ref: string | null; provider: ProviderName }>(
    `SELECT token, customer_ref, provider FROM saved_payment_methods
      WHERE provider = $3 AND (($1::text IS NOT NULL AND iccid = $1) OR ($2::bigint IS NOT NULL AND pool_id = $2))
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [row.iccid, row.pool_id, order.provider],
  );
  const provider = context.providers[order.provider as ProviderName];
  const total = order.amount + order.tax_amount;
  if (method && provider?.chargeSaved) {
    const result = await provider.chargeSaved({
      orderId,
      token: method.token,
      customerRef: method.customer_ref,
      total,
      currency: order.currency,
      description: row.package_name,
      idempotencyKey: `esim-renewal-${renewalId}`,
    });
    if (result.status === 'succeeded') {
      // The provider's answer to our own authenticated request: fulfilled through the same exactly-once path.
      const event: VerifiedEvent = {
        eventId: `charge:${result.paymentId}`,
        type: 'succeeded',
        orderId,
        amount: result.amount,
        currency: result.currency,
        providerRef: null,
        paymentId: result.paymentId,
        savedMethod: null,
        payload: { renewal: renewalId, payment: result.paymentId },
      };
      const outcome = await acceptAndProcess(context.db, context.jobs, provider.name, event);
      // The receipt goes out from its job (fulfilment queued it).
      if (outcome === 'fulfilled' || outcome === 'duplicate') {
        await setStatus(context, renewalId, 'paid');
      } else {
        await setStatus(context, renewalId, 'failed', String(outcome));
      }
      return;
    }
    context.log.info({ renewalId, result }, 'renewal needs the customer');
  }
  await sendPayLink(context, renewalId, row, order.provider as ProviderName, orderId);
}

/** The customer pays the renewal's order on the provider's page (a day to do it), mailed to them. */
async function sendPayLink(
  context: RenewalContext,
  renewalId: number,
  row: RenewalRow,
  providerName: ProviderName,
  orderId: number,
): Promise<void> {
  const provider = context.providers[providerName] ?? context.providers.sandbox;
  const order = await context.repository.findOrder(orderId);
  if (!provider || !order) {
    await setStatus(context, renewalId, 'failed', 'no provider for a pay link');
    return;
  }
  const payUrl = await ensurePayUrl(
    {
      repo: context.repository,
      provider,
      publicOrigin: context.publicOrigin,
      log: context.log,
      now: context.now,
      description: row.package_name,
      method: order.pay_method ?? 'stripe',
      validMinutes: PAY_LINK_MINUTES,
    },
    order,
  );
  await setStatus(context, renewalId, 'action_required');
  if (row.to_address) await mail(context, renewalPayLinkMail(facts(context, row), row.to_address, payUrl));
}
