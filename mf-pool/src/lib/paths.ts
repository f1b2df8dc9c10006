// The site paths the pool screens lead to (spec section 2).

export const CARD_LIST_PATH = '/eshop/card/list';
export const LOGIN_PATH = '/user/login';

/** ?poolId=… of a pool's screens. */
export const poolQuery = (poolObjectId: string): string => `?poolId=${encodeURIComponent(poolObjectId)}`;

export const poolDetailPath = (poolObjectId: string): string => `/pool/detail${poolQuery(poolObjectId)}`;

/**
 * Where the add sheet's shop link goes: the site configuration has no shop link (Config in shared-contracts), so the
 * shop's own start page, where a new card's number is entered or scanned and its plans bought.
 */
export const SHOP_PATH = '/';
