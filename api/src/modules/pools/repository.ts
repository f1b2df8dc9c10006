import { randomBytes } from 'node:crypto';
import { type Queryable } from '../../db/index';

/** A pool as the calls and the checkout need it: its internal id, the opaque id on the wire, its owner and state. */
export interface PoolRow {
  id: number;
  pool_object_id: string;
  user_id: number | null;
  package_id: number | null;
  pool_lines: number;
  /** Set while the pool waits for its plan's payment (createPool); null for an activated pool. */
  pending_since: Date | null;
}

export interface PoolPlanRow {
  id: number;
  pool_lines: number | null;
}

export interface LockedCard {
  iccid: string;
  user_id: number | null;
}

/** One of the user's cards as the add-card sheet judges it. */
export interface CandidateRow {
  iccid: string;
  is_third_party: boolean;
  /** eSIM profile action (install_fail or delete: unusable). */
  action: string | null;
  /** The (activated) pool the card is a member of, if any. */
  pool_id: number | null;
}

/**
 * How long a pending pool waits for its payment: the longest a checkout session of ours lives (Stripe allows 24 h;
 * the sandbox 30 minutes, PayPal's approval 3 h). Older, it is never offered to the checkout and the expiry job
 * drops it.
 */
export const PENDING_POOL_SECONDS = 24 * 3600;

/** A new opaque pool id (pool_object_id) for a pool made by createPool or by a plan's fulfilment. */
export function newPoolObjectId(): string {
  return `pool-${randomBytes(8).toString('hex')}`;
}

/** How many cards a plan's pool takes: its pool_lines, at least one. */
export function planLines(plan: { pool_lines: number | null }): number {
  return Math.max(1, plan.pool_lines ?? 1);
}

const POOL_COLUMNS = `id, pool_object_id, user_id, package_id, pool_lines, pending_since`;
/** A pool the calls and the checkout may see: not deleted, and if pending, not past its checkout's lifetime. */
const LIVE = `deleted_at IS NULL
  AND (pending_since IS NULL OR pending_since > now() - make_interval(secs => ${PENDING_POOL_SECONDS}))`;

/**
 * Drops pending pools (createPool's, never paid): those of the given orders when no other order for them is still
 * open (the checkout was cancelled or failed), and, with `stale`, every one past its checkout's lifetime. Their
 * orders forget them: a payment that still arrives for such an order makes the buyer a new pool (fulfilment). The
 * orders are locked before the pools, as fulfilment locks them.
 */
export async function dropPendingPools(
  q: Queryable,
  scope: { orderIds: readonly number[] } | { stale: true },
): Promise<number> {
  const pools =
    'orderIds' in scope
      ? await q.query<{ id: number }>(
          `SELECT DISTINCT p.id FROM pools p JOIN orders o ON o.pool_id = p.id
            WHERE o.id = ANY($1::bigint[]) AND p.pending_since IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.pool_id = p.id AND x.status IN ('created', 'pending'))`,
          [orderIds(scope.orderIds)],
        )
      : await q.query<{ id: number }>(
          `SELECT id FROM pools
            WHERE pending_since IS NOT NULL AND pending_since <= now() - make_interval(secs => ${PENDING_POOL_SECONDS})
            ORDER BY id LIMIT 500`,
        );
  const ids = pools.map((row) => Number(row.id));
  if (ids.length === 0) return 0;
  await q.query(`SELECT 1 FROM orders WHERE pool_id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`, [ids]);
  await q.query(
    `UPDATE orders SET pool_id = NULL,
            status = CASE WHEN status IN ('created', 'pending') THEN 'cancelled' ELSE status END,
            purchase_key = CASE WHEN status IN ('created', 'pending') THEN NULL ELSE purchase_key END,
            updated_at = now()
      WHERE pool_id = ANY($1::bigint[])`,
    [ids],
  );
  const dropped = await q.query(
    `DELETE FROM pools WHERE id = ANY($1::bigint[]) AND pending_since IS NOT NULL RETURNING id`,
    [ids],
  );
  return dropped.length;
}

const orderIds = (ids: readonly number[]) => [...new Set(ids.map(Number))];

/**
 * The pools module's tables (pools, pool_members, pool_pending_members). The write steps take the connection of the
 * caller's transaction (`q`), so each call checks and writes all or nothing.
 */
export function createPoolRepository(db: Queryable) {
  return {
    /** A live pool (see LIVE) by its wire id, pending or not. */
    async findPool(poolObjectId: string): Promise<PoolRow | undefined> {
      return db.one<PoolRow>(`SELECT ${POOL_COLUMNS} FROM pools WHERE pool_object_id = $1 AND ${LIVE}`, [poolObjectId]);
    },

    /** findPool under a row lock, in the caller's transaction. */
    async lockPool(q: Queryable, poolObjectId: string): Promise<PoolRow | undefined> {
      return q.one<PoolRow>(`SELECT ${POOL_COLUMNS} FROM pools WHERE pool_object_id = $1 AND ${LIVE} FOR UPDATE`, [
        poolObjectId,
      ]);
    },

    /** A package of a pool type (a shared-pool plan), or undefined for anything else. */
    async findPlan(q: Queryable, packageId: number): Promise<PoolPlanRow | undefined> {
      return q.one<PoolPlanRow>(
        `SELECT p.id, p.pool_lines FROM packages p JOIN package_types t ON t.id = p.pkg_type_id
          WHERE p.id = $1 AND t.kind = 'pool'`,
        [packageId],
      );
    },

    /** Locks the named cards (so two pools never take one card at once); the ones that exist. */
    async lockCards(q: Queryable, iccids: ReadonlyArray<string>): Promise<LockedCard[]> {
      return q.query<LockedCard>(
        `SELECT iccid, user_id FROM cards WHERE iccid = ANY($1::text[]) ORDER BY iccid FOR UPDATE`,
        [iccids],
      );
    },

    /**
     * The user's bound cards with what decides whether they may join a pool; or, with `iccids`, only those cards
     * (whoever's). Asked after lockCards, in a statement of its own: under READ COMMITTED it then sees a pool another
     * transaction gave the card while this one waited for the lock.
     */
    async candidates(q: Queryable, filter: { userId: number } | { iccids: ReadonlyArray<string> }) {
      const [where, param] =
        'userId' in filter ? ['c.user_id = $1', filter.userId] : ['c.iccid = ANY($1::text[])', filter.iccids];
      return q.query<CandidateRow>(
        `SELECT c.iccid, c.is_third_party, e.action, m.pool_id FROM cards c
           LEFT JOIN esim_profiles e ON e.iccid = c.iccid
           LEFT JOIN pool_members m ON m.iccid = c.iccid
          WHERE ${where}
          ORDER BY c.created_at, c.iccid`,
        [param],
      );
    },

    async members(q: Queryable, poolId: number): Promise<string[]> {
      const rows = await q.query<{ iccid: string }>(
        `SELECT iccid FROM pool_members WHERE pool_id = $1 ORDER BY joined_at, iccid`,
        [poolId],
      );
      return rows.map((row) => row.iccid);
    },

    /** The user's new pool for the plan, pending until the plan is paid, with the cards it is to take. */
    async insertPendingPool(q: Queryable, userId: number, plan: PoolPlanRow, iccids: ReadonlyArray<string>) {
      const pool = await q.one<{ id: number; pool_object_id: string }>(
        `INSERT INTO pools (pool_object_id, user_id, package_id, kind, status, total_bytes, pool_lines, pending_since)
         VALUES ($1, $2, $3, 1, 'Ready', 0, $4, now()) RETURNING id, pool_object_id`,
        [newPoolObjectId(), userId, plan.id, planLines(plan)],
      );
      if (!pool) throw new Error('pool not stored');
      await q.query(
        `INSERT INTO pool_pending_members (pool_id, iccid, position)
         SELECT $1, v.iccid, v.n FROM unnest($2::text[]) WITH ORDINALITY AS v(iccid, n)`,
        [pool.id, iccids],
      );
      return pool;
    },

    /** Adds the cards as lines; answers how many were added (a card in another pool is not: iccid is unique). */
    async addMembers(q: Queryable, poolId: number, iccids: ReadonlyArray<string>): Promise<number> {
      const rows = await q.query(
        `INSERT INTO pool_members (pool_id, iccid) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING RETURNING iccid`,
        [poolId, iccids],
      );
      return rows.length;
    },

    async removeMember(q: Queryable, poolId: number, iccid: string): Promise<boolean> {
      const rows = await q.query(`DELETE FROM pool_members WHERE pool_id = $1 AND iccid = $2 RETURNING iccid`, [
        poolId,
        iccid,
      ]);
      return rows.length > 0;
    },

    async rename(q: Queryable, poolId: number, name: string | null): Promise<void> {
      await q.query(`UPDATE pools SET name = $2 WHERE id = $1`, [poolId, name]);
    },

    /** Whether the pool has data left: an active package not used up and not past its end. */
    async hasDataLeft(q: Queryable, poolId: number, nowSeconds: number): Promise<boolean> {
      const row = await q.one(
        `SELECT 1 FROM card_packages
          WHERE pool_id = $1 AND status = 'active' AND (expire_timestamp IS NULL OR expire_timestamp > $2)
            AND (unlimited OR coalesce(data_bytes, 0) > used_bytes)
          LIMIT 1`,
        [poolId, nowSeconds],
      );
      return row !== undefined;
    },

    /** Locks the pool's orders (before the pool: fulfilment's order) and answers nothing; see poolDelete. */
    async lockOrdersOf(q: Queryable, poolObjectId: string): Promise<void> {
      await q.query(
        `SELECT 1 FROM orders WHERE pool_id = (SELECT id FROM pools WHERE pool_object_id = $1) ORDER BY id FOR UPDATE`,
        [poolObjectId],
      );
    },

    /** A pending pool goes for good (its open orders cancelled and forgetting it). */
    async dropPending(q: Queryable, poolId: number): Promise<void> {
      await q.query(
        `UPDATE orders SET pool_id = NULL,
                status = CASE WHEN status IN ('created', 'pending') THEN 'cancelled' ELSE status END,
                purchase_key = CASE WHEN status IN ('created', 'pending') THEN NULL ELSE purchase_key END,
                updated_at = now()
          WHERE pool_id = $1`,
        [poolId],
      );
      await q.query(`DELETE FROM pools WHERE id = $1 AND pending_since IS NOT NULL`, [poolId]);
    },

    /**
     * Deletes an activated pool: its cards leave (back to their own plans), its packages stop (ended_reason
     * 'deleted'), its renewals stop and its saved renewal methods go; the pool row stays, marked deleted, for its
     * orders and records. No money goes back.
     */
    async deletePool(q: Queryable, poolId: number): Promise<void> {
      await q.query(`DELETE FROM pool_members WHERE pool_id = $1`, [poolId]);
      await q.query(
        `UPDATE card_packages SET status = CASE WHEN status = 'init' THEN 'invalid' ELSE 'stop' END,
                ended_reason = 'deleted',
                provider_state = CASE WHEN provider_state = 'pending' THEN 'none' ELSE provider_state END
          WHERE pool_id = $1 AND status IN ('active', 'init')`,
        [poolId],
      );
      await q.query(
        `UPDATE renewals SET status = 'stopped', updated_at = now()
          WHERE status IN ('scheduled', 'action_required')
            AND card_package_id IN (SELECT id FROM card_packages WHERE pool_id = $1)`,
        [poolId],
      );
      await q.query(`UPDATE orders SET renewal = false, updated_at = now() WHERE pool_id = $1 AND renewal`, [poolId]);
      await q.query(`DELETE FROM saved_payment_methods WHERE pool_id = $1`, [poolId]);
      await q.query(`UPDATE pools SET deleted_at = now(), total_bytes = 0, used_bytes = 0 WHERE id = $1`, [poolId]);
    },
  };
}

export type PoolRepository = ReturnType<typeof createPoolRepository>;
