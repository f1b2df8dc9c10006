import { getStorage, STORAGE_KEYS, type ApiClient, type CallResult } from 'shared-contracts';

/** checkCard: the card's own flag (the page starts on flag 2); the login receipt goes along when there is one. */
export function checkCard(
  client: ApiClient,
  { flag, iccid }: { flag: string; iccid: string },
): Promise<CallResult<'checkCard'>> {
  const receipt = getStorage().get(STORAGE_KEYS.RECEIPT);
  return client.call('checkCard', receipt ? { flag, iccid, auth_token: receipt } : { flag, iccid });
}
