import { type FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable } from '../../db/index';
import { type ProviderName, type PaymentProvider } from '../payments/providers/types';
import { lockCards, recomputeCards } from './usage';
import { lockPools, recomputePools } from './pool-usage';
import { referenceOf, type ApplyResult, type ConnectivityProvider } from './providers/types';
import { stopAtNetwork } from './revoke';
import { syncPools } from './pool-sync';

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
  /** A card's package; null for a pool's (pool_id). */
  iccid: string | null;
  pool_id: number | null;
  expire_timestamp: number | null;
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
      RETURNING cp.id, cp.iccid, cp.pool_id, cp.expire_timestamp, coalesce(p.provider_bundle, p.code) AS bundle, cp.data_bytes, cp.unlimited,
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
  const row = await context.db.one<{ order_id: number | null }>(`SELECT order_id FROM card_packages WHERE id = $1`, [
    packageId,
  ]);
  if (row?.order_id) await refundPaidOrder(context, Number(row.order_id), reason);
}

/**
 * A fulfilled order the network refused for good: paid back through its payment provider (idempotency key
 * refund-order-<id>), or flagged for an operator. Safe to run again.
 */
export async function refundPaidOrder(
  context: Pick<ApplyContext, 'db' | 'paymentProviders' | 'log'>,
  orderId: number,
  reason: string,
): Promise<void> {
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
       FROM orders o LEFT JOIN payments p ON p.order_id = o.id
      WHERE o.id = $1`,
    [orderId],
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
  if (row.pool_id !== null) return applyPoolPackage(context, row, row.pool_id);
  const iccid = row.iccid;
  if (iccid === null) throw new Error(`package ${row.id}: neither a card's nor a pool's`);
  const known = await knownAssignments(context, iccid);
  const result = await asking(context, row.id, () =>
    context.provider.apply({
      reference: referenceOf(row.id),
      iccid,
      bundle: row.bundle,
      dataBytes: row.data_bytes,
      unlimited: row.unlimited,
      validityDays: row.validity_days,
      fairUseDailyBytes: row.fair_use_daily_bytes,
      firstAttemptAt: row.first_attempt_at,
      knownAssignments: known,
    }),
  );
  return settle(context, row.id, result, async (q) => {
    await lockCards(q, [iccid]);
    return () => recomputeCards(q, [iccid]);
  });
}

/** One ask of the provider for a claimed package: a failure is noted on the package (released) and thrown. */
async function asking(context: ApplyContext, id: number, ask: () => Promise<ApplyResult>): Promise<ApplyResult> {
  try {
    return await ask();
  } catch (error) {
    await context.db.query(`UPDATE card_packages SET apply_error = $2, apply_lease_until = NULL WHERE id = $1`, [
      id,
      String(error instanceof Error ? error.message : error).slice(0, 500),
    ]);
    throw error;
  }
}

/**
 * A pool's package: the provider's shared bundle for the pool's member cards (applyPool), where it has them; a
 * provider without shared bundles (eSIM Go) carries none: the package stays ours alone (provider_state 'none').
 */
async function applyPoolPackage(
  context: ApplyContext,
  row: PendingRow,
  poolId: number,
): Promise<'applied' | 'refused' | 'skipped'> {
  const { provider } = context;
  const applyPool = provider.applyPool?.bind(provider);
  if (!applyPool) {
    await context.db.query(
      `UPDATE card_packages SET provider_state = 'none', apply_lease_until = NULL, apply_error = $2
        WHERE id = $1 AND provider_state = 'pending'`,
      [row.id, `${provider.name} has no shared bundles`],
    );
    return 'skipped';
  }
  const members = await context.db.query<{ iccid: string }>(
    `SELECT iccid FROM pool_members WHERE pool_id = $1 ORDER BY joined_at, iccid`,
    [poolId],
  );
  const result = await asking(context, row.id, () =>
    applyPool({
      reference: referenceOf(row.id),
      bundle: row.bundle,
      dataBytes: row.data_bytes,
      unlimited: row.unlimited,
      validityDays: row.validity_days,
      endsAt: row.expire_timestamp === null ? null : new Date(Number(row.expire_timestamp) * 1000),
      iccids: members.map((member) => member.iccid),
    }),
  );
  return settle(context, row.id, result, async (q) => {
    await lockPools(q, [poolId]);
    return () => recomputePools(q, [poolId]);
  });
}

/**
 * Records the provider's answer: the assignment, or a refusal for good (the package invalid, its owner's figures
 * recomputed under the lock `lock` takes, its order refunded).
 */
async function settle(
  context: ApplyContext,
  id: number,
  result: ApplyResult,
  lock: (q: Queryable) => Promise<() => Promise<void>>,
): Promise<'applied' | 'refused'> {
  if (result.status === 'applied') {
    const stored = await context.db.one(
      `UPDATE card_packages SET provider_state = 'applied', provider_assignment = $2, applied_at = now(),
              apply_error = NULL
        WHERE id = $1 AND provider_state = 'pending'
        RETURNING id`,
      [id, result.assignmentId],
    );
    if (!stored) await revokedMeanwhile(context, id, result.assignmentId);
    return 'applied';
  }
  // It never ran: no end to show, and the card's end no longer counts its planned one.
  await context.db.tx(async (q) => {
    const recompute = await lock(q);
    await q.query(
      `UPDATE card_packages SET provider_state = 'refused', status = 'invalid', ended_reason = 'refused',
              apply_error = $2, expire_timestamp = NULL
        WHERE id = $1 AND provider_state = 'pending'`,
      [id, result.reason.slice(0, 500)],
    );
    await recompute();
  });
  context.log.warn({ cardPackageId: id, reason: result.reason }, 'connectivity provider refused a package');
  await refundOrder(context, id, `the network refused the package: ${result.reason}`);
  return 'refused';
}

/**
 * The provider carries a package whose money went back while we asked (a refund or dispute revoked it: provider_state
 * 'none', ended_reason 'revoked'): its assignment is stored all the same, so it is never lost, and the bundle is taken
 * back now. Should that fail, the revoke job queued with the refund takes it back: it retries while an apply of the
 * package may still answer (connectivity/revoke.ts), and then finds this assignment.
 */
async function revokedMeanwhile(context: ApplyContext, id: number, assignmentId: string): Promise<void> {
  const kept = await context.db.one<{ id: number; pool_id: number | null }>(
    `UPDATE card_packages SET provider_state = 'applied', provider_assignment = $2, applied_at = now(),
            apply_error = NULL, apply_lease_until = NULL
      WHERE id = $1 AND ended_reason = 'revoked' AND provider_state = 'none' AND provider_assignment IS NULL
      RETURNING id, pool_id`,
    [id, assignmentId],
  );
  if (!kept) return;
  context.log.warn({ cardPackageId: id, assignmentId }, 'package revoked while it was applied: taken back now');
  // A pool's shared bundle is told it stopped (its pool-sync job, queued with the refund, does it again).
  const stopping = kept.pool_id === null ? stopAtNetwork(context, [id]) : syncPools(context, [Number(kept.pool_id)]);
  await stopping.catch((error: unknown) => {
    context.log.warn({ err: error, cardPackageId: id }, 'revoked package not taken back yet; the revoke job retries');
  });
}
