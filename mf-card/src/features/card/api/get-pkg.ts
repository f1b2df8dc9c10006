import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/** getPkg: the packages of the card in the page language and currency (old list, new list, recommended, tabs). */
export function getPkg(
  client: ApiClient,
  request: { iccid: string; lang: Language; ccy: string },
): Promise<CallResult<'getPkg'>> {
  return client.call('getPkg', request);
}
