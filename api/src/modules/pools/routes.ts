import { type FastifyInstance } from 'fastify';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { OTHER_ACCOUNT } from '../cards/routes';
import { planLines } from './repository';

export const POOL_PLAN_NOT_FOUND = 'pool plan not found';
export const CARD_IN_POOL = 'the card already shares a pool';
export const TOO_MANY_LINES = 'more cards than the plan has lines';

/**
 * Pools (the shared-plan calls the checkout needs). createPool: the caller's new, still empty pool for a pool plan,
 * with the named cards as its lines; the payment for the plan (createPay with its pool_object_id) then fills it.
 * Every card must be the caller's own (bound to the account) and in no other pool; the plan must be a pool plan
 * with enough lines.
 */
export function poolCalls(app: FastifyInstance): CallRoute[] {
  const repo = app.pools;
  return [
    defineCall('createPool', { auth: 'required' }, async ({ iccids, eshop_goods_id }, { user }) => {
      const unique = [...new Set(iccids)];
      return app.db.tx(async (q) => {
        const plan = await repo.findPlan(q, eshop_goods_id);
        if (!plan) throw new ApiError(ERROR_CODES.NOT_FOUND, POOL_PLAN_NOT_FOUND);
        if (unique.length > planLines(plan)) throw new ApiError(ERROR_CODES.PARAM_ERROR, TOO_MANY_LINES);
        const cards = await repo.lockCards(q, unique);
        if (cards.length !== unique.length) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
        if (cards.some((card) => card.user_id !== user.id)) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
        if ((await repo.pooledCards(q, unique)).length > 0) throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_IN_POOL);
        const pool = await repo.insertEmptyPool(q, user.id, plan);
        // A plan's fulfilment may have pooled a card meanwhile without its lock: then nothing of this is kept.
        if ((await repo.addMembers(q, pool.id, unique)) !== unique.length) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_IN_POOL);
        }
        return { pool_object_id: pool.pool_object_id };
      });
    }),
  ];
}
