import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/**
 * getCard: status, expiry and data of the card in the page language. Quiet: it is asked before the page knows it
 * will use the answer (beside check/card); the page reports a failure it uses (client.report).
 */
export function getCard(
  client: ApiClient,
  request: { flag: string; iccid: string; lang: Language },
): Promise<CallResult<'getCard'>> {
  return client.call('getCard', request, { closeMessage: true });
}
