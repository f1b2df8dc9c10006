import { STORAGE_KEYS, type SafeStorage } from 'shared-contracts';

export const ACCESS_TOKEN_PARAM = 'access_token';

export interface TakenReceipt {
  /** The link's token ('' for an empty parameter). */
  token: string;
  /** The query without access_token. */
  search: string;
  /**
   * Another login is stored: nothing was stored, the token waits for the user's choice (pendingReceipt). A link
   * never replaces a login on its own (login CSRF: the victim would bind cards or buy inside someone else's account).
   */
  pending: boolean;
}

// The link's token between the shell's start (which takes it from the address bar before anything renders) and the
// AuthProvider that asks the user: one page, one token at a time.
let pending: string | null = null;

/**
 * Spec section 2: `access_token` in the query is a login receipt. Without a stored login (or with the same receipt)
 * it is stored as RECEIPT; with another login stored it waits (pending) until the user chooses. Either way the
 * query comes back without it (so the token does not stay in the address bar, history or shared links); null when
 * the parameter is absent.
 */
export function takeReceiptFromQuery(search: string, storage: SafeStorage): TakenReceipt | null {
  const params = new URLSearchParams(search);
  if (!params.has(ACCESS_TOKEN_PARAM)) return null;
  const token = params.get(ACCESS_TOKEN_PARAM)?.trim() ?? '';
  params.delete(ACCESS_TOKEN_PARAM);
  const rest = params.toString();
  const stored = storage.get(STORAGE_KEYS.RECEIPT);
  const waits = token !== '' && Boolean(stored) && stored !== token;
  if (waits) pending = token;
  else if (token) storage.set(STORAGE_KEYS.RECEIPT, token);
  return { token, search: rest ? `?${rest}` : '', pending: waits };
}

/** The token of a link that waits for the user's choice (taken at start), if any. */
export function pendingReceipt(): string | null {
  return pending;
}

/** The user chose (or the link was settled without asking): the token no longer waits. */
export function settlePendingReceipt(token: string): void {
  if (pending === token) pending = null;
}

/** Signs the account in with the receipt: RECEIPT, the e-mail and the id the other packages read. */
export function storeLogin(storage: SafeStorage, token: string, user: { email: string; user_id: number }): void {
  storage.set(STORAGE_KEYS.RECEIPT, token);
  storage.set(STORAGE_KEYS.USER_EMAIL, user.email);
  storage.set(STORAGE_KEYS.USER_ID, String(user.user_id));
}
