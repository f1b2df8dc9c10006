import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/**
 * getCard: status, expiry and data of the card in the page language. `quiet`: no message on failure (a call made
 * before the page knows it will use the answer).
 */
export function getCard(
  client: ApiClient,
  request: { flag: string; iccid: string; lang: Language },
  quiet = false,
): Promise<CallResult<'getCard'>> {
  return client.call('getCard', request, quiet ? { closeMessage: true } : {});
}
