import { getBus, getStorage, STORAGE_KEYS, type CheckoutRequest, type SafeStorage } from 'shared-contracts';
import { safeRedirect } from './safe-redirect';

/** Who a login receipt belongs to (the AuthSession of login, signup and reset). */
export interface SessionStart {
  token: string;
  email: string;
  user_id: number;
}

export const LOGIN_PATH = '/user/login';
const CARD_LIST_PATH = '/eshop/card/list';

export function hasReceipt(storage: SafeStorage = getStorage()): boolean {
  return Boolean(storage.get(STORAGE_KEYS.RECEIPT));
}

/** Stores the receipt and who it belongs to, then tells every mounted package (the shell's AuthProvider). */
export function startSession(session: SessionStart, storage: SafeStorage = getStorage()): void {
  storage.set(STORAGE_KEYS.RECEIPT, session.token);
  storage.set(STORAGE_KEYS.USER_EMAIL, session.email);
  storage.set(STORAGE_KEYS.USER_ID, String(session.user_id));
  getBus().publish('auth:changed', { email: session.email, userId: session.user_id });
}

/** The account's e-mail changed: same receipt, new address. */
export function updateSessionEmail(email: string, userId: number, storage: SafeStorage = getStorage()): void {
  storage.set(STORAGE_KEYS.USER_EMAIL, email);
  getBus().publish('auth:changed', { email, userId });
}

/** Forgets the login on this device and tells every mounted package. */
export function endSession(storage: SafeStorage = getStorage()): void {
  storage.remove(STORAGE_KEYS.RECEIPT);
  storage.remove(STORAGE_KEYS.USER_EMAIL);
  storage.remove(STORAGE_KEYS.USER_ID);
  getBus().publish('auth:changed', null);
}

/** The login page with a same-site way back (`from` is dropped when it is not a path of this site). */
export function loginPath(from?: string): string {
  const back = safeRedirect(from);
  return back ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}` : LOGIN_PATH;
}

/**
 * Where a fresh login goes: `?redirect=` when it is a same-site path (never the login page itself), else the card
 * page of a purchase that waited for the login (it reopens the sheet from PENDING_GOODS by itself), else the card
 * list (which offers to bind a remembered BIND_ICCID, or shows the user's cards).
 */
export function afterLoginPath(search: URLSearchParams, storage: SafeStorage = getStorage()): string {
  const redirect = safeRedirect(search.get('redirect'));
  if (redirect && !redirect.startsWith(LOGIN_PATH)) return redirect;
  const pending = storage.getJSON<Partial<CheckoutRequest>>(STORAGE_KEYS.PENDING_GOODS);
  const returnPath = safeRedirect(typeof pending?.returnPath === 'string' ? pending.returnPath : null);
  if (returnPath) return returnPath;
  return CARD_LIST_PATH;
}
