import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/** getCard: status, expiry and data of the card in the page language. */
export function getCard(
  client: ApiClient,
  request: { flag: string; iccid: string; lang: Language },
): Promise<CallResult<'getCard'>> {
  return client.call('getCard', request);
}
