import { STORAGE_KEYS, type SafeStorage } from 'shared-contracts';

export const ACCESS_TOKEN_PARAM = 'access_token';

/**
 * The receipt a link signed in with while no login was stored, until the user says it is theirs. A link alone must
 * not leave someone inside an account without knowing (login CSRF: the victim would bind cards or buy inside the
 * sender's account): while this equals RECEIPT the page says whose account it is, with a way out (LinkLoginNotice).
 */
export const LINK_LOGIN_KEY = 'LINK_LOGIN';

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
  else if (token && stored !== token) {
    storage.set(STORAGE_KEYS.RECEIPT, token);
    storage.set(LINK_LOGIN_KEY, token);
  }
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

/** The stored login came from a link the user has not yet confirmed as theirs. */
export function linkLoginUnconfirmed(storage: SafeStorage): boolean {
  const marked = storage.get(LINK_LOGIN_KEY);
  return marked !== null && marked === storage.get(STORAGE_KEYS.RECEIPT);
}

/** The user said the link's account is theirs (or left it): no more notice. */
export function forgetLinkLogin(storage: SafeStorage): void {
  storage.remove(LINK_LOGIN_KEY);
}

/** Forgets the login on this device: the receipt, who it belongs to and the link's mark. */
export function clearLogin(storage: SafeStorage): void {
  storage.remove(STORAGE_KEYS.RECEIPT);
  storage.remove(STORAGE_KEYS.USER_EMAIL);
  storage.remove(STORAGE_KEYS.USER_ID);
  storage.remove(LINK_LOGIN_KEY);
}

/**
 * Signs the account in with the receipt: RECEIPT, the e-mail and the id the other packages read. `fromLink`: a link
 * signed in on its own (no login was stored), so the page asks whether the account is the user's.
 */
export function storeLogin(
  storage: SafeStorage,
  token: string,
  user: { email: string; user_id: number },
  options: { fromLink?: boolean } = {},
): void {
  if (options.fromLink) storage.set(LINK_LOGIN_KEY, token);
  else storage.remove(LINK_LOGIN_KEY);
  storage.set(STORAGE_KEYS.RECEIPT, token);
  storage.set(STORAGE_KEYS.USER_EMAIL, user.email);
  storage.set(STORAGE_KEYS.USER_ID, String(user.user_id));
}
