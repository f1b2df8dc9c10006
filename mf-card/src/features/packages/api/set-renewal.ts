import { type ApiClient, type CallResult } from 'shared-contracts';

/** pkgUpdate: turns a purchased package's auto-renewal on or off (the api checks the card is the caller's). */
export function setRenewal(
  client: ApiClient,
  request: { iccid: string; id: number; renewal: boolean },
): Promise<CallResult<'pkgUpdate'>> {
  return client.call('pkgUpdate', request);
}
