import { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type CandidateReason } from 'shared-contracts/schemas';
import { type Queryable } from '../../db/index';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { bytesToMb } from '../../lib/format';
import { defineCall, type CallRoute } from '../../http/calls';
import { OTHER_ACCOUNT } from '../cards/routes';
import { toListCard, toRecordGroups } from '../cards/view';
import { coverageOfType } from '../catalogue/routes';
import { QUEUES } from '../payments/jobs';
import { type SessionUser } from '../users/repository';
import { planLines, type CandidateRow, type PoolRow } from './repository';

export const POOL_NOT_FOUND = 'pool not found';
export const POOL_PLAN_NOT_FOUND = 'pool plan not found';
export const CARD_IN_POOL = 'the card already shares a pool';
export const TOO_MANY_LINES = 'more cards than the plan has lines';
export const CARD_NOT_IN_POOL = 'the card is not in this pool';
export const CARD_CANNOT_JOIN = 'this card cannot share a pool (a third-party card or an unusable eSIM)';
export const POOL_HAS_DATA = 'the pool still has data left: delete it with confirm: true (no refund)';

/** Why a card of the user's cannot join the pool (poolId: the pool asked about; null for a new pool). */
function reasonOf(card: CandidateRow, poolId: number | null): CandidateReason | null {
  if (card.pool_id !== null) return Number(card.pool_id) === poolId ? 'in_this_pool' : 'in_other_pool';
  if (card.is_third_party) return 'third_party';
  if (card.action === 'install_fail' || card.action === 'delete') return 'unusable';
  return null;
}

/**
 * Pools: a pool is one user's; only that user's bound cards join it, a card shares at most one (activated) pool, and
 * a pool never has more cards than its lines. Every call checks ownership (another user's pool or card: 10024,
 * nothing changes; an unknown pool 10025). createPool makes the pool pending: it is listed and answered nowhere (but
 * by createPay and poolDelete) and blocks no card until its plan's payment is fulfilled (payments/fulfilment.ts
 * addToPool). Membership changes reach the network through connectivity/pool-sync.ts.
 */
export function poolCalls(app: FastifyInstance): CallRoute[] {
  const repo = app.pools;

  /** The caller's pool (pending ones only when `pending`), or 10025 / 10024. */
  function checkOwn(pool: PoolRow | undefined, user: SessionUser, pending = false): PoolRow {
    if (!pool) throw new ApiError(ERROR_CODES.NOT_FOUND, POOL_NOT_FOUND);
    if (pool.user_id !== user.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    if (pool.pending_since !== null && !pending) throw new ApiError(ERROR_CODES.NOT_FOUND, POOL_NOT_FOUND);
    return pool;
  }

  /** checkOwn of the pool locked in the caller's transaction. */
  async function ownPool(q: Queryable, poolObjectId: string, user: SessionUser, pending = false): Promise<PoolRow> {
    return checkOwn(await repo.lockPool(q, poolObjectId), user, pending);
  }

  /** checkOwn for the read-only calls. */
  async function readPool(poolObjectId: string, user: SessionUser): Promise<PoolRow> {
    return checkOwn(await repo.findPool(poolObjectId), user);
  }

  /** A change of a pool's lines or life: the network hears it now, else from the job queued with the change. */
  async function queueSync(q: Queryable, poolId: number) {
    await app.payments.jobs.send(q, QUEUES.connectivityPoolSync, { poolIds: [poolId] });
  }
  function syncNow(poolId: number, log: FastifyBaseLogger) {
    return app.connectivity.syncPools([poolId]).catch((error: unknown) => {
      log.warn({ err: error, poolId }, 'pool not synced with the network yet; its job retries');
    });
  }

  /** The named cards, locked: each must exist (10102), be the caller's (10024) and be able to share a pool. */
  async function joinableCards(q: Queryable, iccids: string[], user: SessionUser): Promise<CandidateRow[]> {
    const locked = await repo.lockCards(q, iccids);
    if (locked.length !== iccids.length) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
    if (locked.some((card) => card.user_id !== user.id)) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
    const cards = await repo.candidates(q, { iccids });
    for (const card of cards) {
      const reason = reasonOf(card, null);
      if (reason === 'third_party' || reason === 'unusable')
        throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_CANNOT_JOIN);
    }
    return cards;
  }

  return [
    // The caller's new pool for a pool plan, pending until the plan is paid (createPay with its pool_object_id):
    // the cards are only named now; a card already in an activated pool cannot be named.
    defineCall('createPool', { auth: 'required' }, async ({ iccids, eshop_goods_id }, { user }) => {
      const unique = [...new Set(iccids)];
      return app.db.tx(async (q) => {
        const plan = await repo.findPlan(q, eshop_goods_id);
        if (!plan) throw new ApiError(ERROR_CODES.NOT_FOUND, POOL_PLAN_NOT_FOUND);
        if (unique.length > planLines(plan)) throw new ApiError(ERROR_CODES.PARAM_ERROR, TOO_MANY_LINES);
        const cards = await joinableCards(q, unique, user);
        if (cards.some((card) => card.pool_id !== null)) throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_IN_POOL);
        const pool = await repo.insertPendingPool(q, user.id, plan, unique);
        return { pool_object_id: pool.pool_object_id };
      });
    }),

    // '' (after trimming) restores the default name the screens show ('Shared Plan {index}').
    defineCall('poolSet', { auth: 'required' }, async ({ pool_object_id, name }, { user }) => {
      await app.db.tx(async (q) => {
        const pool = await ownPool(q, pool_object_id, user);
        await repo.rename(q, pool.id, name === '' ? null : name);
      });
      return null;
    }),

    // valid: the caller's bound cards that may join; invalid: the caller's other cards, each with its reason.
    defineCall('poolCardCandidate', { auth: 'required' }, async (body, { user }) => {
      let poolId: number | null = null;
      let linesLeft: number;
      if ('pool_object_id' in body) {
        const pool = await readPool(body.pool_object_id, user);
        poolId = Number(pool.id);
        linesLeft = Math.max(0, pool.pool_lines - (await repo.members(app.db, poolId)).length);
      } else {
        const plan = await repo.findPlan(app.db, body.eshop_goods_id);
        if (!plan) throw new ApiError(ERROR_CODES.NOT_FOUND, POOL_PLAN_NOT_FOUND);
        linesLeft = planLines(plan);
      }
      const valid: string[] = [];
      const invalid: string[] = [];
      const reasons: Record<string, CandidateReason> = {};
      for (const card of await repo.candidates(app.db, { userId: user.id })) {
        const reason = reasonOf(card, poolId);
        if (reason === null) valid.push(card.iccid);
        else {
          invalid.push(card.iccid);
          reasons[card.iccid] = reason;
        }
      }
      return { valid, invalid, reasons, lines_left: linesLeft };
    }),

    // The members as the card list shows cards, in the order they joined.
    defineCall('poolCardList', { auth: 'required' }, async ({ pool_object_id }, { user }) => {
      const pool = await readPool(pool_object_id, user);
      const now = Date.now();
      const rows = await app.cards.listCards(await repo.members(app.db, pool.id));
      // A member's figure is what it used of the pool's plans in force (pool_line_usage), not of its own plans.
      const drawn = await app.db.query<{ iccid: string; used: string }>(
        `SELECT u.iccid, sum(u.used_bytes)::text AS used
           FROM pool_line_usage u JOIN card_packages cp ON cp.id = u.card_package_id
          WHERE cp.pool_id = $1 AND cp.status = 'active'
          GROUP BY u.iccid`,
        [pool.id],
      );
      const usedOf = new Map(drawn.map((row) => [row.iccid, Number(row.used)]));
      return {
        list: rows.map((row) => ({ ...toListCard(row, now), used: bytesToMb(usedOf.get(row.iccid) ?? 0) })),
      };
    }),

    // Adds the caller's cards, all or nothing; a card already in this pool is left as it is.
    defineCall('poolCardJoin', { auth: 'required' }, async ({ pool_object_id, iccids }, { user, request }) => {
      const unique = [...new Set(iccids)];
      const poolId = await app.db.tx(async (q) => {
        const pool = await ownPool(q, pool_object_id, user);
        const cards = await joinableCards(q, unique, user);
        if (cards.some((card) => card.pool_id !== null && Number(card.pool_id) !== Number(pool.id))) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_IN_POOL);
        }
        const members = await repo.members(q, pool.id);
        const joining = unique.filter((iccid) => !members.includes(iccid));
        if (members.length + joining.length > pool.pool_lines) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, TOO_MANY_LINES);
        }
        if ((await repo.addMembers(q, pool.id, joining)) !== joining.length) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_IN_POOL);
        }
        await queueSync(q, pool.id);
        return pool.id;
      });
      await syncNow(poolId, request.log);
      return null;
    }),

    // Takes a member out (its line is free again); the card goes back to its own plan.
    defineCall('poolCardRemove', { auth: 'required' }, async ({ pool_object_id, iccid }, { user, request }) => {
      const poolId = await app.db.tx(async (q) => {
        const pool = await ownPool(q, pool_object_id, user);
        const [card] = await repo.lockCards(q, [iccid]);
        if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
        if (!(await repo.removeMember(q, pool.id, iccid))) {
          if (card.user_id !== user.id) throw new ApiError(ERROR_CODES.FORBIDDEN, OTHER_ACCOUNT);
          throw new ApiError(ERROR_CODES.PARAM_ERROR, CARD_NOT_IN_POOL);
        }
        await queueSync(q, pool.id);
        return pool.id;
      });
      await syncNow(poolId, request.log);
      return null;
    }),

    defineCall('poolZoneInfo', { auth: 'none' }, async ({ pool_type_id, lang }) =>
      coverageOfType(app, pool_type_id, 'pool', lang),
    ),

    // A pending pool (its pay sheet closed unpaid) goes at once. An activated one with data left needs confirm: true;
    // its cards go back to their own plans, its packages stop, its renewals and saved methods go. No refund.
    defineCall('poolDelete', { auth: 'required' }, async ({ pool_object_id, confirm }, { user, request }) => {
      const deleted = await app.db.tx(async (q) => {
        await repo.lockOrdersOf(q, pool_object_id);
        const pool = await ownPool(q, pool_object_id, user, true);
        if (pool.pending_since !== null) {
          await repo.dropPending(q, pool.id);
          return null;
        }
        if (confirm !== true && (await repo.hasDataLeft(q, pool.id, Math.floor(Date.now() / 1000)))) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, POOL_HAS_DATA);
        }
        await repo.deletePool(q, pool.id);
        await queueSync(q, pool.id);
        return pool.id;
      });
      if (deleted !== null) await syncNow(deleted, request.log);
      return null;
    }),

    // The pool's package records grouped as a card's (/pkg/record): list1 active, list2 init, list3 stop or invalid.
    defineCall('poolRecordList', { auth: 'required' }, async ({ pool_object_id, lang }, { user }) => {
      const pool = await readPool(pool_object_id, user);
      return toRecordGroups(await app.cards.packageRecords({ poolId: pool.id }, lang ?? 'en'));
    }),
  ];
}
