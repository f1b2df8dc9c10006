import { type Db } from '../../db/index';
import { referenceOf, type ConnectivityProvider } from './providers/types';

/**
 * Keeps the network's shared bundles in step with our pools: after a card joins or leaves, a refill moves the end,
 * or the pool is deleted, each of the pool's packages the provider carries is told its lines and end, or that it
 * stopped (syncPool, idempotent). Run inline after the change commits and, for a failure or a crash, by the job
 * queued in the change's transaction. A provider without shared bundles (eSIM Go) has nothing to sync.
 */
export async function syncPools(
  context: { db: Db; provider: ConnectivityProvider },
  poolIds: readonly number[],
): Promise<void> {
  const { db, provider } = context;
  if (!provider.syncPool || poolIds.length === 0) return;
  const packages = await db.query<{
    id: number;
    pool_id: number;
    provider_assignment: string;
    expire_timestamp: number | null;
    stopped: boolean;
  }>(
    `SELECT cp.id, cp.pool_id, cp.provider_assignment, cp.expire_timestamp,
            (p.deleted_at IS NOT NULL OR cp.status NOT IN ('active', 'init')) AS stopped
       FROM card_packages cp JOIN pools p ON p.id = cp.pool_id
      WHERE cp.pool_id = ANY($1::bigint[]) AND cp.provider = $2 AND cp.provider_state = 'applied'
        AND cp.provider_assignment IS NOT NULL
        AND (cp.status IN ('active', 'init') OR cp.ended_reason IN ('deleted', 'revoked'))
      ORDER BY cp.id`,
    [[...new Set(poolIds)], provider.name],
  );
  if (packages.length === 0) return;
  const members = await db.query<{ pool_id: number; iccid: string }>(
    `SELECT pool_id, iccid FROM pool_members WHERE pool_id = ANY($1::bigint[]) ORDER BY joined_at, iccid`,
    [[...new Set(packages.map((row) => row.pool_id))]],
  );
  for (const row of packages) {
    await provider.syncPool({
      assignmentId: row.provider_assignment,
      reference: referenceOf(Number(row.id)),
      iccids: members.filter((member) => Number(member.pool_id) === Number(row.pool_id)).map((member) => member.iccid),
      endsAt: row.expire_timestamp === null ? null : new Date(Number(row.expire_timestamp) * 1000),
      stopped: row.stopped,
    });
  }
}
