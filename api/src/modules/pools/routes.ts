import { randomBytes } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';

export const POOL_PLAN_NOT_FOUND = 'pool plan not found';
export const CARD_IN_POOL = 'the card already shares a pool';
export const TOO_MANY_LINES = 'more cards than the plan has lines';

interface PlanRow {
  id: number;
  pool_lines: number | null;
}

/**
 * Pools (the shared-plan calls the checkout needs). createPool: the caller's new, still empty pool for a pool plan,
 * with the named cards as its lines; the payment for the plan (createPay with its pool_object_id) then fills it.
 * Every card must be the caller's own (bound to the account) and in no other pool; the plan must be a pool plan
 * with enough lines.
 */
export function poolCalls(app: FastifyInstance): CallRoute[] {
  return [
    defineCall('createPool', { auth: 'required' }, async ({ iccids, eshop_goods_id }, { user }) => {
      if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
      const unique = [...new Set(iccids)];
      return app.db.tx(async (q) => {
        const plan = await q.one<PlanRow>(
          `SELECT p.id, p.pool_lines FROM packages p JOIN package_types t ON t.id = p.pkg_type_id
            WHERE p.id = $1 AND t.kind = 'pool'`,
          [eshop_goods_id],
        );
        if (!plan) throw new ApiError(ERROR_CODES.NOT_FOUND, POOL_PLAN_NOT_FOUND);
        if (unique.length > Math.max(1, plan.pool_lines ?? 1))
          throw new ApiError(ERROR_CODES.PARAM_ERROR, TOO_MANY_LINES);
        // Locks the cards so two pools never take the same card at once.
        const cards = await q.query<{ iccid: string; user_id: number | null; pooled: boolean }>(
          `SELECT c.iccid, c.user_id, EXISTS (SELECT 1 FROM pool_members m WHERE m.iccid = c.iccid) AS pooled
             FROM cards c WHERE c.iccid = ANY($1::text[]) FOR UPDATE OF c`,
          [unique],
        );
        if (cards.length !== unique.length) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
        if (cards.some((card) => card.user_id !== user.id)) throw new ApiError(ERROR_CODES.FORBIDDEN);
        if (cards.some((card) => card.pooled)) throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_IN_POOL);
        const pool = await q.one<{ id: number; pool_object_id: string }>(
          `INSERT INTO pools (pool_object_id, user_id, package_id, kind, status, total_bytes, pool_lines)
           VALUES ($1, $2, $3, 1, 'Ready', 0, $4) RETURNING id, pool_object_id`,
          [`pool-${randomBytes(8).toString('hex')}`, user.id, plan.id, Math.max(1, plan.pool_lines ?? 1)],
        );
        if (!pool) throw new ApiError(ERROR_CODES.SYSTEM_ERROR);
        for (const card of unique) {
          await q.query(`INSERT INTO pool_members (pool_id, iccid) VALUES ($1, $2)`, [pool.id, card]);
        }
        return { pool_object_id: pool.pool_object_id };
      });
    }),
  ];
}
