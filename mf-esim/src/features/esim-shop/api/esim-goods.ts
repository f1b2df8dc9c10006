import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/** esimGoodsList: the eSIM products a slot can buy, in the page language and currency, and their categories. */
export function esimGoodsList(
  client: ApiClient,
  request: { eid: string; lang: Language; ccy: string },
): Promise<CallResult<'esimGoodsList'>> {
  // The page shows a failure itself.
  return client.call('esimGoodsList', request, { closeMessage: true, disableBack: true });
}
