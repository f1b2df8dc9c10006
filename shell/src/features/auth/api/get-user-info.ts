import { STORAGE_KEYS, type ApiClient, type CallResponse, type SafeStorage } from 'shared-contracts';

export type UserInfo = CallResponse<'getUserInfo'>;

/**
 * Loads the logged-in user (/v1/user/info) and remembers e-mail and id. A stale receipt found at start is
 * cleared quietly (disableBack: stay on the page the visitor opened).
 */
export async function getUserInfo(
  client: ApiClient,
  storage: SafeStorage,
  { quiet }: { quiet: boolean },
): Promise<UserInfo | null> {
  const result = await client.call('getUserInfo', {}, { disableBack: true, closeMessage: quiet });
  if (!result.ok) return null;
  storage.set(STORAGE_KEYS.USER_EMAIL, result.data.email);
  storage.set(STORAGE_KEYS.USER_ID, String(result.data.user_id));
  return result.data;
}
