import {
  createApiClient,
  createSafeStorage,
  STORAGE_KEYS,
  type ApiClient,
  type SafeStorage,
  type StorageLike,
} from 'shared-contracts';
import { storeLogin } from '../lib/receipt';
import { getUserInfo, type UserInfo } from './get-user-info';

/**
 * The account a receipt signs in as, asked with that receipt alone: its own client over a storage of its own, so
 * the stored login is neither sent nor ended, and no message shows. null when the api refuses it (or is not reached).
 */
export async function accountOfReceipt(token: string): Promise<UserInfo | null> {
  const values = new Map<string, string>();
  const memory: StorageLike = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
  const storage = createSafeStorage(memory);
  storage.set(STORAGE_KEYS.RECEIPT, token);
  const client = createApiClient({ storage, onSessionEnd: () => undefined, onError: () => undefined });
  const result = await client.call('getUserInfo', {}, { closeMessage: true, disableBack: true });
  return result.ok ? result.data : null;
}

export type LinkDecision =
  /** The stored login had ended: the link's account is signed in now. */
  | { kind: 'taken'; user: UserInfo }
  /** The link is the account already signed in: nothing changes. */
  | { kind: 'same'; user: UserInfo }
  /**
   * The link is dropped, the stored login stays: the api refuses the link (`invalid`), or the stored login could not
   * be checked (the api not reached).
   */
  | { kind: 'dropped'; user: UserInfo | null; invalid: boolean }
  /** Another account than the one signed in: the user chooses. */
  | { kind: 'ask'; mine: UserInfo; theirs: UserInfo };

/**
 * What an access_token link does while another receipt is stored: both accounts are asked of the api (the link's
 * before its e-mail is ever shown), and only a different, valid account is put to the user.
 */
export async function resolveAccessLink(client: ApiClient, storage: SafeStorage, token: string): Promise<LinkDecision> {
  const [theirs, mine] = await Promise.all([accountOfReceipt(token), getUserInfo(client, storage, { quiet: true })]);
  if (!theirs) return { kind: 'dropped', user: mine, invalid: true };
  if (!mine) {
    // A stored receipt the api refused was cleared (session end): no login to protect, the link signs in as today.
    if (storage.get(STORAGE_KEYS.RECEIPT)) return { kind: 'dropped', user: null, invalid: false };
    storeLogin(storage, token, theirs, { fromLink: true });
    return { kind: 'taken', user: theirs };
  }
  if (mine.user_id === theirs.user_id) return { kind: 'same', user: mine };
  return { kind: 'ask', mine, theirs };
}
