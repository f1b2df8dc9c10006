import { type FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable } from '../../db/index';
import { QUEUES, type JobQueue } from '../payments/jobs';
import { type ConnectivityProvider } from './providers/types';
import { lockCards, recomputeCards } from './usage';

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
 * service and whatever else was paid for it. A package applied but whose assignment we never learnt (an answer lost
 * for good) is logged for an operator rather than stopping the whole card.
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
  const pools = stopped.filter((row) => row.pool_id !== null);
  if (pools.length > 0) {
    await q.query(
      `UPDATE pools p SET total_bytes = greatest(0, p.total_bytes - v.bytes)
         FROM (SELECT pool_id, sum(bytes) AS bytes FROM unnest($1::bigint[], $2::bigint[]) AS t(pool_id, bytes)
                GROUP BY pool_id) v
        WHERE p.id = v.pool_id`,
      [pools.map((row) => row.pool_id), pools.map((row) => row.bytes)],
    );
  }
  const atNetwork = stopped.filter((row) => row.at_network).map((row) => Number(row.id));
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
}

/**
 * The network job: stops revoked packages at the provider (see the top of this file). Throws on a failure the job
 * should retry; safe to run again (a revoke of a revoked bundle is done).
 */
export async function stopAtNetwork(context: RevokeContext, cardPackageIds: readonly number[]): Promise<void> {
  if (cardPackageIds.length === 0) return;
  const rows = await context.db.query<RevokedRow>(
    `SELECT cp.id, cp.iccid, cp.provider, cp.provider_assignment, coalesce(p.provider_bundle, p.code) AS bundle
       FROM card_packages cp JOIN packages p ON p.id = cp.package_id
      WHERE cp.id = ANY($1::bigint[]) AND cp.ended_reason = 'revoked' AND cp.iccid IS NOT NULL
      ORDER BY cp.id`,
    [cardPackageIds],
  );
  const { provider, log } = context;
  for (const row of rows) {
    if (row.provider && row.provider !== provider.name) {
      log.warn({ cardPackageId: row.id, provider: row.provider }, 'revoked package is at another network: not stopped');
      continue;
    }
    if (row.provider_assignment) {
      await provider.revokeBundle({
        iccid: row.iccid,
        bundle: row.bundle,
        assignmentId: row.provider_assignment,
        reference: String(row.id),
      });
    } else {
      log.warn(
        { cardPackageId: row.id, iccid: row.iccid },
        'revoked package has no known assignment at the network: an operator must take it back there',
      );
    }
  }
}
