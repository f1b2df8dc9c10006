import { randomBytes } from 'node:crypto';
import { type Queryable } from '../../db/index';

/** A pool as the checkout needs it: its internal id, the opaque id on the wire and its owner. */
export interface PoolRow {
  id: number;
  pool_object_id: string;
  user_id: number | null;
}

export interface PoolPlanRow {
  id: number;
  pool_lines: number | null;
}

export interface LockedCard {
  iccid: string;
  user_id: number | null;
}

/** A new opaque pool id (pool_object_id) for a pool made by createPool or by a plan's fulfilment. */
export function newPoolObjectId(): string {
  return `pool-${randomBytes(8).toString('hex')}`;
}

/** How many cards a plan's pool takes: its pool_lines, at least one. */
export function planLines(plan: { pool_lines: number | null }): number {
  return Math.max(1, plan.pool_lines ?? 1);
}

/**
 * The pools module's tables (pools, pool_members). The write steps take the connection of the caller's transaction
 * (`q`), so createPool checks and writes all or nothing.
 */
export function createPoolRepository(db: Queryable) {
  return {
    async findPool(poolObjectId: string): Promise<PoolRow | undefined> {
      return db.one<PoolRow>(`SELECT id, pool_object_id, user_id FROM pools WHERE pool_object_id = $1`, [poolObjectId]);
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
      return q.query<LockedCard>(`SELECT iccid, user_id FROM cards WHERE iccid = ANY($1::text[]) FOR UPDATE`, [iccids]);
    },

    /**
     * Which of the cards already share a pool. Asked after lockCards, in a statement of its own: under READ
     * COMMITTED it then sees a pool another transaction gave the card while this one waited for the lock.
     */
    async pooledCards(q: Queryable, iccids: ReadonlyArray<string>): Promise<string[]> {
      const rows = await q.query<{ iccid: string }>(`SELECT iccid FROM pool_members WHERE iccid = ANY($1::text[])`, [
        iccids,
      ]);
      return rows.map((row) => row.iccid);
    },

    /** The user's new, still empty pool for the plan (its lines from the plan). */
    async insertEmptyPool(q: Queryable, userId: number, plan: PoolPlanRow): Promise<PoolRow> {
      const pool = await q.one<PoolRow>(
        `INSERT INTO pools (pool_object_id, user_id, package_id, kind, status, total_bytes, pool_lines)
         VALUES ($1, $2, $3, 1, 'Ready', 0, $4) RETURNING id, pool_object_id, user_id`,
        [newPoolObjectId(), userId, plan.id, planLines(plan)],
      );
      if (!pool) throw new Error('pool not stored');
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
  };
}

export type PoolRepository = ReturnType<typeof createPoolRepository>;
