import { useCallback, useEffect, useRef, useState } from 'react';
import { cardDisplayName, STORAGE_KEYS, type EsimCardInfo, type PoolCardInfo } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { readHandOver } from '../../../lib/pool-handover';
import { usePoolChanged } from '../../../lib/pool-events';

/** A card sharing the pool, named as the card list names it. */
export interface Member {
  card: EsimCardInfo;
  name: string;
}

export interface PoolDetail {
  /** The pool: the hand-over at first, then the card list's answer. */
  pool: PoolCardInfo | null;
  /** 1-based place on the card list (default name 'Shared Plan {index}'). */
  index: number;
  /** 'gone': the card list no longer has this pool (deleted, or not the user's). */
  status: 'loading' | 'ready' | 'gone' | 'failed';
  members: Member[] | null;
  membersFailed: boolean;
}

/**
 * The pool and its cards: the stored hand-over shows at once, then getCardList (the pool's figures, its place and the
 * members' kinds) and poolCardList (its cards). Loads again whenever 'pool:changed' names this pool.
 */
export function usePoolDetail(poolObjectId: string | null) {
  const handOver = readHandOver(STORAGE_KEYS.POOL_INFO_ITEM, poolObjectId);
  const [detail, setDetail] = useState<PoolDetail>({
    pool: handOver,
    index: handOver?.index ?? 1,
    status: poolObjectId ? 'loading' : 'gone',
    members: null,
    membersFailed: false,
  });
  const generation = useRef(0);

  const load = useCallback(async () => {
    if (!poolObjectId) return;
    const mine = ++generation.current;
    const api = getApiClient();
    const [list, cards] = await Promise.all([
      api.call('getCardList', {}),
      api.call('poolCardList', { pool_object_id: poolObjectId }, { closeMessage: true }),
    ]);
    if (mine !== generation.current) return;
    setDetail((current) => {
      if (!list.ok) return { ...current, status: current.pool ? 'ready' : 'failed' };
      const at = list.data.pool.findIndex((pool) => pool.id === poolObjectId);
      if (at < 0) return { ...current, pool: null, status: 'gone', members: null };
      const sims = new Set(list.data.card.map((card) => card.iccid));
      const members = cards.ok
        ? cards.data.list.map((card) => ({
            card,
            name: cardDisplayName(card.name, card.iccid, sims.has(card.iccid) ? 'sim' : 'esim'),
          }))
        : current.members;
      return { pool: list.data.pool[at]!, index: at + 1, status: 'ready', members, membersFailed: !cards.ok };
    });
  }, [poolObjectId]);

  useEffect(() => {
    void load();
  }, [load]);
  usePoolChanged(poolObjectId, () => void load());

  return { ...detail, reload: load };
}
