import { getStorage, poolDisplayName, STORAGE_KEYS, type PoolCardInfo, type Translate } from 'shared-contracts';

/**
 * The pool a screen was opened for (spec section 3: POOL_INFO_ITEM with a display name; SET_POOL_ITEM for /pool/set).
 * `index` is the pool's 1-based place on the card list, for the default name 'Shared Plan {index}'.
 */
export type PoolHandOver = PoolCardInfo & { displayName: string; index?: number };

type HandOverKey = typeof STORAGE_KEYS.POOL_INFO_ITEM | typeof STORAGE_KEYS.SET_POOL_ITEM;

/** Stores the pool for the next screen, with the name it shows (a default name in the page's language). */
export function handOverPool(key: HandOverKey, pool: PoolCardInfo, index: number, t: Translate): PoolHandOver {
  const item: PoolHandOver = { ...pool, displayName: poolDisplayName(pool.name, index, t), index };
  getStorage().setJSON(key, item);
  return item;
}

/**
 * The name a hand-over's pool shows, in the current language: its own name, else the default one of its place (the
 * stored displayName may be in the language the page had when it was stored); without a place, the stored one.
 */
export function handOverName(item: PoolHandOver, t: Translate): string {
  const name = typeof item.name === 'string' ? item.name : '';
  return typeof item.index === 'number' ? poolDisplayName(name, item.index, t) : name.trim() || item.displayName;
}

/** The stored pool, when it is one (and, given `id`, that pool); null otherwise. */
export function readHandOver(key: HandOverKey, id?: string | null): PoolHandOver | null {
  const item = getStorage().getJSON<PoolHandOver>(key);
  if (!item || typeof item.id !== 'string' || !item.id) return null;
  if (id && item.id !== id) return null;
  return item;
}

/** The pool a page is about: ?poolId= when given, else the stored hand-over's. */
export function poolIdOf(search: URLSearchParams, key: HandOverKey = STORAGE_KEYS.POOL_INFO_ITEM): string | null {
  return search.get('poolId')?.trim() || readHandOver(key)?.id || null;
}

/** After a delete: the pool is nowhere to go back to. */
export function forgetPool(id: string): void {
  for (const key of [STORAGE_KEYS.POOL_INFO_ITEM, STORAGE_KEYS.SET_POOL_ITEM] as const) {
    if (readHandOver(key)?.id === id) getStorage().remove(key);
  }
}
