import { type ApiClient, type CallResult } from 'shared-contracts';

/** refresh: reloads the card's status from the network. */
export function refreshCard(
  client: ApiClient,
  request: { flag: string; iccid: string },
): Promise<CallResult<'refresh'>> {
  return client.call('refresh', request);
}
