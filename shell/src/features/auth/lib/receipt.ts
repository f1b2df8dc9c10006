import { STORAGE_KEYS, type SafeStorage } from 'shared-contracts';

export const ACCESS_TOKEN_PARAM = 'access_token';

/**
 * Spec section 2: `access_token` in the query is a login receipt. Stores it as RECEIPT and returns the query
 * without it (so the token does not stay in the address bar, history or shared links); null when absent.
 */
export function takeReceiptFromQuery(search: string, storage: SafeStorage): { token: string; search: string } | null {
  const params = new URLSearchParams(search);
  const token = params.get(ACCESS_TOKEN_PARAM)?.trim();
  if (!params.has(ACCESS_TOKEN_PARAM)) return null;
  params.delete(ACCESS_TOKEN_PARAM);
  const rest = params.toString();
  if (token) storage.set(STORAGE_KEYS.RECEIPT, token);
  return { token: token ?? '', search: rest ? `?${rest}` : '' };
}
