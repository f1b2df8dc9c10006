import { type Queryable } from '../../db/index';
import { BUNDLE_STATE_RANK, type BundleState, type ConnectivityProviderName, type UsageEvent } from './providers/types';
import { keysOf, rank, STATUS_OF, keepFresh } from './reports';

/**
 * Usage of shared pools: the network reports each member card's use of a pool package (UsageEvent.poolLine). Like a
 * card's reports (usage.ts), each is applied once by its key (connectivity_events) and never moves figures back: a
 * line keeps the largest use reported (pool_line_usage), the pool package's use is the sum of its lines and takes the
 * later state (depleted or expired: stopped), and the pool's figures follow its packages (recomputePools).
 *
 * Lock order: pools (id order) before cards, as fulfilment (addToPool before addToCards) and the pool calls do.
 */

/** Locks pools in id order (every writer of pool figures does). */
export async function lockPools(q: Queryable, poolIds: readonly number[]): Promise<void> {
  if (poolIds.length === 0) return;
  await q.query(`SELECT 1 FROM pools WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE`, [[...poolIds]]);
}

/**
 * The pools' figures from their packages, as a card's from its own: total and used of the active ones (remain =
 * total - what the members used), the latest end among active and waiting ones (else the one it had).
 */
export async function recomputePools(q: Queryable, poolIds: readonly number[]): Promise<void> {
  if (poolIds.length === 0) return;
  await q.query(
    `UPDATE pools p SET total_bytes = s.total, used_bytes = s.used, expire_timestamp = coalesce(s.expire, p.expire_timestamp)
       FROM (SELECT i.id,
                    coalesce(sum(cp.data_bytes) FILTER (WHERE cp.status = 'active' AND NOT cp.unlimited), 0) AS total,
                    coalesce(sum(least(cp.used_bytes, coalesce(cp.data_bytes, cp.used_bytes)))
                               FILTER (WHERE cp.status = 'active'), 0) AS used,
                    max(cp.expire_timestamp) FILTER (WHERE cp.status IN ('active', 'init')) AS expire
               FROM unnest($1::bigint[]) AS i(id)
               LEFT JOIN card_packages cp ON cp.pool_id = i.id
              GROUP BY i.id) s
      WHERE p.id = s.id`,
    [[...new Set(poolIds)]],
  );
}

interface PoolPackageRef {
  id: number;
  pool_id: number;
  provider_assignment: string | null;
}

interface LineUpdate {
  packageId: number;
  iccid: string;
  used: number;
  at: Date;
}

interface PackageUpdate {
  id: number;
  state: BundleState;
  at: Date;
}

/** Applies member cards' reports of pool packages once each (see the top of this file); answers the counts. */
export async function ingestPoolLines(
  q: Queryable,
  provider: ConnectivityProviderName,
  events: readonly UsageEvent[],
): Promise<{ applied: number; duplicates: number; unmatched: number }> {
  const result = { applied: 0, duplicates: 0, unmatched: 0 };
  if (events.length === 0) return result;
  const { references, assignments } = keysOf(events);
  const packages = await q.query<PoolPackageRef>(
    `SELECT id, pool_id, provider_assignment FROM card_packages
      WHERE pool_id IS NOT NULL AND provider = $1 AND (id = ANY($2::bigint[]) OR provider_assignment = ANY($3::text[]))`,
    [provider, references, assignments],
  );
  const byId = new Map(packages.map((row) => [String(row.id), row]));
  const byAssignment = new Map(
    packages.flatMap((row) => (row.provider_assignment ? [[row.provider_assignment, row] as const] : [])),
  );
  const matched: Array<{ event: UsageEvent; pkg: PoolPackageRef }> = [];
  for (const event of events) {
    const pkg =
      (event.reference !== null ? byId.get(event.reference) : undefined) ??
      (event.assignmentId !== null ? byAssignment.get(event.assignmentId) : undefined);
    if (pkg) matched.push({ event, pkg });
    else result.unmatched += 1;
  }
  if (matched.length === 0) return result;
  const poolIds = [...new Set(matched.map(({ pkg }) => Number(pkg.pool_id)))].sort((a, b) => a - b);
  await lockPools(q, poolIds);
  const lines = new Map<string, LineUpdate>();
  const states = new Map<number, PackageUpdate>();
  for (const { event, pkg } of await keepFresh(q, provider, matched, result)) {
    const packageId = Number(pkg.id);
    const used = Math.max(0, Math.round(event.usedBytes ?? 0));
    const key = `${packageId}\n${event.iccid}`;
    const line = lines.get(key);
    if (!line) lines.set(key, { packageId, iccid: event.iccid, used, at: event.at });
    else {
      line.used = Math.max(line.used, used);
      if (event.at > line.at) line.at = event.at;
    }
    const state = states.get(packageId);
    if (!state) states.set(packageId, { id: packageId, state: event.state, at: event.at });
    else if (BUNDLE_STATE_RANK[event.state] > BUNDLE_STATE_RANK[state.state]) state.state = event.state;
  }
  if (lines.size === 0) return result;
  const list = [...lines.values()];
  await q.query(
    `INSERT INTO pool_line_usage (card_package_id, iccid, used_bytes, usage_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::timestamptz[])
     ON CONFLICT (card_package_id, iccid) DO UPDATE SET
       used_bytes = greatest(pool_line_usage.used_bytes, EXCLUDED.used_bytes),
       usage_at = greatest(pool_line_usage.usage_at, EXCLUDED.usage_at)`,
    [
      list.map((line) => line.packageId),
      list.map((line) => line.iccid),
      list.map((line) => line.used),
      list.map((line) => line.at),
    ],
  );
  const updates = [...states.values()];
  await q.query(
    `UPDATE card_packages cp SET
        used_bytes = greatest(cp.used_bytes, (SELECT coalesce(sum(u.used_bytes), 0) FROM pool_line_usage u
                                               WHERE u.card_package_id = cp.id)),
        usage_at = greatest(cp.usage_at, v.at),
        status = CASE WHEN ${rank('v.status')} > ${rank('cp.status')} THEN v.status ELSE cp.status END,
        ended_reason = CASE WHEN ${rank('v.status')} > ${rank('cp.status')} AND v.status IN ('stop', 'invalid')
                            THEN v.reason ELSE cp.ended_reason END
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[]) AS v(id, status, reason, at)
      WHERE cp.id = v.id`,
    [
      updates.map((update) => update.id),
      updates.map((update) => STATUS_OF[update.state]),
      updates.map((update) => (update.state === 'queued' || update.state === 'active' ? null : update.state)),
      updates.map((update) => update.at),
    ],
  );
  await recomputePools(q, poolIds);
  return result;
}
