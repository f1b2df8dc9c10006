import { type FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable } from '../../db/index';
import { QUEUES, type JobQueue } from '../payments/jobs';
import { type ConnectivityProvider } from './providers/types';
import { lockCards, recomputeCards } from './usage';
import { recomputePools } from './pool-usage';

/**
 * Taking back what an order bought when its money went back (a full refund, a reversal) or is disputed
 * (payments/disputes.ts). In the transaction that applies the provider's event: the order's packages stop here
 * ('stop' if it ran, 'invalid' if it never started; ended_reason 'revoked'), a package still waiting to be applied is
 * never applied (provider_state 'none'), the cards' figures follow, and a pool gives back the data the package added.
 * A package the network may already carry gets a job, queued in the same transaction, that stops it there; the job
 * retries until the provider has done it (a revoke of a revoked bundle is done).
 *
 * At the network: the provider takes back that one bundle by its assignment (`revokeBundle`: eSIM Go's DELETE
 * /esims/{iccid}/bundles/{name}/assignments/{assignmentId}; the simulator marks it revoked), so the card keeps its
 * service and whatever else was paid for it. A package whose apply began but whose assignment we never stored is not
 * given up: while an attempt may still answer, the job retries (apply.ts stores a late answer and takes the bundle
 * back itself); then the bundle is looked up at the network by our reference (see lookUpAssignment) and taken back.
 * Only one that cannot be told apart there, an hour after its attempt, is logged for an operator.
 */

export interface RevokeContext {
  db: Db;
  provider: ConnectivityProvider;
  log: FastifyBaseLogger;
}

/** Packages one network job stops. */
const REVOKE_PER_JOB = 20;

/**
 * Stops the packages of the orders (see the top of this file) in the caller's transaction; answers the ids of the
 * packages stopped now (none for orders stopped before: a repeated event changes nothing).
 */
export async function revokeOrderPackages(
  q: Queryable,
  jobs: JobQueue,
  orderIds: readonly number[],
  nowSeconds: number,
): Promise<number[]> {
  if (orderIds.length === 0) return [];
  // The cards first, then their packages: the order every writer of card figures keeps.
  const cards = await q.query<{ iccid: string }>(
    `SELECT DISTINCT iccid FROM card_packages
      WHERE order_id = ANY($1::bigint[]) AND status IN ('init', 'active') AND iccid IS NOT NULL`,
    [orderIds],
  );
  const iccids = cards.map((row) => row.iccid).sort();
  await lockCards(q, iccids);
  const stopped = await q.query<{
    id: number;
    iccid: string | null;
    pool_id: number | null;
    bytes: number;
    at_network: boolean;
  }>(
    `WITH before AS (SELECT id, status, provider_state, apply_first_at FROM card_packages
                      WHERE order_id = ANY($1::bigint[]) AND status IN ('init', 'active')
                      ORDER BY id FOR UPDATE)
     UPDATE card_packages cp SET
            status = CASE WHEN before.status = 'init' THEN 'invalid' ELSE 'stop' END,
            ended_reason = 'revoked',
            provider_state = CASE WHEN before.provider_state = 'pending' THEN 'none' ELSE cp.provider_state END,
            -- It never ran: no end to show. It ran: it ended now.
            expire_timestamp = CASE WHEN before.status = 'init' THEN NULL ELSE least(cp.expire_timestamp, $2) END
       FROM before
      WHERE cp.id = before.id
      RETURNING cp.id, cp.iccid, cp.pool_id,
                CASE WHEN cp.unlimited THEN 0 ELSE coalesce(cp.data_bytes, 0) END AS bytes,
                -- Applied, or an attempt to apply it began (its answer may still come): the network may carry it.
                (before.provider_state = 'applied'
                 OR (before.provider_state = 'pending' AND before.apply_first_at IS NOT NULL)) AS at_network`,
    [orderIds, nowSeconds],
  );
  await recomputeCards(q, iccids);
  // A pool gives back the data the package added (its figures follow its packages); the network hears it.
  const poolIds = [...new Set(stopped.flatMap((row) => (row.pool_id === null ? [] : [Number(row.pool_id)])))];
  if (poolIds.length > 0) {
    await recomputePools(q, poolIds);
    await jobs.send(q, QUEUES.connectivityPoolSync, { poolIds });
  }
  const atNetwork = stopped.filter((row) => row.at_network && row.iccid !== null).map((row) => Number(row.id));
  for (let start = 0; start < atNetwork.length; start += REVOKE_PER_JOB) {
    await jobs.send(q, QUEUES.connectivityRevoke, { cardPackageIds: atNetwork.slice(start, start + REVOKE_PER_JOB) });
  }
  return stopped.map((row) => Number(row.id));
}

interface RevokedRow {
  id: number;
  iccid: string;
  provider: string | null;
  provider_assignment: string | null;
  bundle: string;
  /** An attempt to apply it began (its answer may have been lost, or may still come). */
  attempted: boolean;
  /** An attempt holds it now: its answer is still to come (apply.ts stores it and takes the bundle back). */
  in_flight: boolean;
  /** Seconds since the first attempt to apply it began. */
  attempt_age: number | null;
}

/**
 * A provider that echoes no reference (eSIM Go) may list an order it took only minutes later: an attempt younger
 * than this whose bundle is not found yet is looked for again (the job retries), an older one is left to an operator.
 */
export const REVOKE_LOOKUP_SECONDS = 3_600;

/** A revoked package whose bundle may be at the network but is still to be found there: the job retries. */
export class RevokeNotSettled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RevokeNotSettled';
  }
}

/**
 * The network's assignment of a revoked package whose apply answer we never stored: by our reference, where the
 * provider echoes it (the simulator); where it echoes none (eSIM Go), the one assignment of the package's bundle on
 * the card that none of our packages holds, when no other package of ours on the card may be waiting to claim it.
 * 'none': not at the network; 'unsure': it cannot be told apart.
 */
async function lookUpAssignment(context: RevokeContext, row: RevokedRow): Promise<string | 'none' | 'unsure'> {
  const bundles = await context.provider.listBundles(row.iccid);
  const reference = String(row.id);
  const mine = bundles.find((bundle) => bundle.reference === reference);
  if (mine) return mine.state === 'revoked' ? 'none' : mine.assignmentId;
  if (bundles.some((bundle) => bundle.reference !== null)) return 'none';
  const others = await context.db.query<{ provider_assignment: string | null; pending: boolean }>(
    `SELECT provider_assignment, provider_state = 'pending' AS pending FROM card_packages
      WHERE iccid = $1 AND id <> $2 AND provider = $3 AND (provider_assignment IS NOT NULL OR provider_state = 'pending')`,
    [row.iccid, row.id, context.provider.name],
  );
  const held = new Set(others.flatMap((other) => (other.provider_assignment ? [other.provider_assignment] : [])));
  const candidates = bundles.filter(
    (bundle) => bundle.bundle === row.bundle && bundle.state !== 'revoked' && !held.has(bundle.assignmentId),
  );
  if (candidates.length === 0) return 'none';
  if (candidates.length > 1 || others.some((other) => other.pending)) return 'unsure';
  return candidates[0]?.assignmentId ?? 'none';
}

/**
 * A revoked package with no known assignment whose apply was attempted: its bundle is looked up at the network (see
 * lookUpAssignment) and kept on the package, so the revoke can follow. Throws RevokeNotSettled while an attempt may
 * still answer or the provider may still list it (the job retries); answers null when there is nothing to take back.
 */
async function assignmentToRevoke(context: RevokeContext, row: RevokedRow): Promise<string | null> {
  if (row.in_flight) throw new RevokeNotSettled(`package ${row.id}: its apply is still being answered`);
  const found = await lookUpAssignment(context, row);
  const recent = row.attempt_age !== null && row.attempt_age < REVOKE_LOOKUP_SECONDS;
  if (found === 'none' || found === 'unsure') {
    if (recent) throw new RevokeNotSettled(`package ${row.id}: its bundle is not found at the network yet`);
    context.log.warn(
      { cardPackageId: row.id, iccid: row.iccid, lookup: found },
      found === 'none'
        ? 'revoked package was never carried by the network'
        : 'revoked package cannot be told apart at the network: an operator must take it back there',
    );
    return null;
  }
  // Kept, so a retry (and the figures) know it; a package of ours that meanwhile took it keeps it.
  const kept = await context.db.one(
    `UPDATE card_packages SET provider_state = 'applied', provider_assignment = $2, provider = $3
      WHERE id = $1 AND provider_assignment IS NULL
        AND NOT EXISTS (SELECT 1 FROM card_packages WHERE provider = $3 AND provider_assignment = $2)
      RETURNING id`,
    [row.id, found, context.provider.name],
  );
  return kept ? found : null;
}

/**
 * The network job: stops revoked packages at the provider (see the top of this file). Throws on a failure the job
 * should retry; safe to run again (a revoke of a revoked bundle is done).
 */
export async function stopAtNetwork(context: RevokeContext, cardPackageIds: readonly number[]): Promise<void> {
  if (cardPackageIds.length === 0) return;
  const rows = await context.db.query<RevokedRow>(
    `SELECT cp.id, cp.iccid, cp.provider, cp.provider_assignment, coalesce(p.provider_bundle, p.code) AS bundle,
            cp.apply_first_at IS NOT NULL AS attempted,
            coalesce(cp.apply_lease_until > now(), false) AS in_flight,
            extract(epoch FROM now() - cp.apply_first_at)::float8 AS attempt_age
       FROM card_packages cp JOIN packages p ON p.id = cp.package_id
      WHERE cp.id = ANY($1::bigint[]) AND cp.ended_reason = 'revoked' AND cp.iccid IS NOT NULL
      ORDER BY cp.id`,
    [cardPackageIds],
  );
  const { provider, log } = context;
  const notSettled: Error[] = [];
  for (const row of rows) {
    if (row.provider && row.provider !== provider.name) {
      log.warn({ cardPackageId: row.id, provider: row.provider }, 'revoked package is at another network: not stopped');
      continue;
    }
    let assignmentId = row.provider_assignment;
    if (!assignmentId && row.attempted) {
      try {
        assignmentId = await assignmentToRevoke(context, row);
      } catch (error) {
        // The others are stopped now; this one when the job runs again.
        if (!(error instanceof RevokeNotSettled)) throw error;
        notSettled.push(error);
        continue;
      }
    }
    if (assignmentId) {
      await provider.revokeBundle({
        iccid: row.iccid,
        bundle: row.bundle,
        assignmentId,
        reference: String(row.id),
      });
    }
  }
  if (notSettled.length > 0) throw new AggregateError(notSettled, `${notSettled.length} revoked packages not settled`);
}
