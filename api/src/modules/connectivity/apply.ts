import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/index';
import { type ProviderName, type PaymentProvider } from '../payments/providers/types';
import { lockCards, recomputeCards } from './usage';
import { referenceOf, type ConnectivityProvider } from './providers/types';

/**
 * Handing paid packages to the connectivity provider, exactly once. Fulfilment inserts each package 'pending' with a
 * job (one transaction with the payment); the job applies it under our reference (its card_packages id), records the
 * attempt before asking (so a retry after a crash tells the provider when the first try began), and keeps the
 * provider's assignment id. A retryable failure throws: pg-boss retries with backoff, and the sweeper queues a
 * package whose job ran out of retries again, so a package is never lost. A refusal for good marks the package
 * invalid and refunds its order through the payment provider that took the money (or flags it for an operator).
 */

export interface ApplyContext {
  db: Db;
  provider: ConnectivityProvider;
  paymentProviders: Partial<Record<ProviderName, PaymentProvider>>;
  log: FastifyBaseLogger;
}

/** How long one attempt may take (the providers' request timeouts are well under it). */
export const APPLY_LEASE_SECONDS = 120;

interface PendingRow {
  id: number;
  iccid: string;
  bundle: string;
  data_bytes: number | null;
  unlimited: boolean;
  validity_days: number;
  fair_use_daily_bytes: number | null;
  first_attempt_at: Date | null;
}

/** Takes one attempt at a pending package; answers null when it is not pending any more (done by another run). */
async function claim(context: ApplyContext, id: number): Promise<PendingRow | null> {
  const row = await context.db.one<PendingRow>(
    `WITH before AS (SELECT id, apply_first_at FROM card_packages
                      WHERE id = $1 AND provider_state = 'pending'
                        AND (apply_lease_until IS NULL OR apply_lease_until < now())
                     FOR UPDATE)
     UPDATE card_packages cp SET apply_attempts = cp.apply_attempts + 1,
            apply_first_at = coalesce(cp.apply_first_at, now()), provider = $2,
            apply_lease_until = now() + interval '${APPLY_LEASE_SECONDS} seconds'
       FROM before, packages p
      WHERE cp.id = before.id AND p.id = cp.package_id
      RETURNING cp.id, cp.iccid, coalesce(p.provider_bundle, p.code) AS bundle, cp.data_bytes, cp.unlimited,
                coalesce(cp.validity_days, p.validity_days) AS validity_days, p.fair_use_daily_bytes,
                before.apply_first_at AS first_attempt_at`,
    [id, context.provider.name],
  );
  return row ?? null;
}

async function knownAssignments(context: ApplyContext, iccid: string): Promise<string[]> {
  const rows = await context.db.query<{ provider_assignment: string }>(
    `SELECT provider_assignment FROM card_packages
      WHERE iccid = $1 AND provider = $2 AND provider_assignment IS NOT NULL`,
    [iccid, context.provider.name],
  );
  return rows.map((row) => row.provider_assignment);
}

/** The refused package's order: paid back through its payment provider, or flagged for an operator. */
async function refundOrder(context: ApplyContext, packageId: number, reason: string): Promise<void> {
  const order = await context.db.one<{
    id: number;
    provider: ProviderName;
    provider_payment_id: string | null;
    amount: number;
    currency: string;
    status: string;
    refund_state: string | null;
  }>(
    `SELECT o.id, o.provider, p.provider_payment_id, p.amount, p.currency, o.status, o.refund_state
       FROM card_packages cp JOIN orders o ON o.id = cp.order_id LEFT JOIN payments p ON p.order_id = o.id
      WHERE cp.id = $1`,
    [packageId],
  );
  if (!order || order.status !== 'fulfilled' || order.refund_state) return;
  const provider = context.paymentProviders[order.provider];
  if (order.amount === 0 || !provider?.refund || !order.provider_payment_id) {
    // Nothing to pay back (a free order), or no way to do it here: an operator refunds by hand.
    await context.db.query(
      `UPDATE orders SET refund_state = $2, refund_note = $3, updated_at = now() WHERE id = $1 AND refund_state IS NULL`,
      [order.id, order.amount === 0 ? 'refunded' : 'operator', reason],
    );
    if (order.amount > 0) context.log.warn({ orderId: order.id, reason }, 'refused package: refund by an operator');
    return;
  }
  const { refundId } = await provider.refund({
    orderId: order.id,
    paymentId: order.provider_payment_id,
    amount: order.amount,
    currency: order.currency,
    idempotencyKey: `refund-order-${order.id}`,
    reason,
  });
  await context.db.query(
    `UPDATE orders SET status = 'refunded', refund_state = 'refunded', refund_note = $2, updated_at = now()
      WHERE id = $1`,
    [order.id, `${reason} (refund ${refundId})`],
  );
}

/** Applies one pending package (the apply job's unit); throws on a failure the job should retry. */
export async function applyPackage(context: ApplyContext, id: number): Promise<'applied' | 'refused' | 'skipped'> {
  const row = await claim(context, id);
  if (!row) {
    // Refused by an earlier run whose refund failed: the refund is retried (it is idempotent at the provider).
    const state = await context.db.one<{ provider_state: string }>(
      `SELECT provider_state FROM card_packages WHERE id = $1`,
      [id],
    );
    if (state?.provider_state === 'refused') await refundOrder(context, id, 'the network refused the package');
    // Another attempt holds it now: this job tries again later, so the package is not left to a crashed attempt.
    if (state?.provider_state === 'pending') throw new Error(`package ${id}: another attempt is in progress`);
    return 'skipped';
  }
  let result;
  try {
    result = await context.provider.apply({
      reference: referenceOf(row.id),
      iccid: row.iccid,
      bundle: row.bundle,
      dataBytes: row.data_bytes,
      unlimited: row.unlimited,
      validityDays: row.validity_days,
      fairUseDailyBytes: row.fair_use_daily_bytes,
      firstAttemptAt: row.first_attempt_at,
      knownAssignments: await knownAssignments(context, row.iccid),
    });
  } catch (error) {
    await context.db.query(`UPDATE card_packages SET apply_error = $2, apply_lease_until = NULL WHERE id = $1`, [
      row.id,
      String(error instanceof Error ? error.message : error).slice(0, 500),
    ]);
    throw error;
  }
  if (result.status === 'applied') {
    await context.db.query(
      `UPDATE card_packages SET provider_state = 'applied', provider_assignment = $2, applied_at = now(),
              apply_error = NULL
        WHERE id = $1 AND provider_state = 'pending'`,
      [row.id, result.assignmentId],
    );
    return 'applied';
  }
  // It never ran: no end to show, and the card's end no longer counts its planned one.
  await context.db.tx(async (q) => {
    await lockCards(q, [row.iccid]);
    await q.query(
      `UPDATE card_packages SET provider_state = 'refused', status = 'invalid', ended_reason = 'refused',
              apply_error = $2, expire_timestamp = NULL
        WHERE id = $1 AND provider_state = 'pending'`,
      [row.id, result.reason.slice(0, 500)],
    );
    await recomputeCards(q, [row.iccid]);
  });
  context.log.warn({ cardPackageId: row.id, reason: result.reason }, 'connectivity provider refused a package');
  await refundOrder(context, row.id, `the network refused the package: ${result.reason}`);
  return 'refused';
}
