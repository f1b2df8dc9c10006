import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/**
 * getPkg: the packages of the card in the page language and currency (old list, new list, recommended, tabs).
 * `quiet`: asked before the page knows it will use the answer (the route's prefetch); the page reports a failure it
 * uses (client.report).
 */
export function getPkg(
  client: ApiClient,
  request: { iccid: string; lang: Language; ccy: string },
  { quiet = false }: { quiet?: boolean } = {},
): Promise<CallResult<'getPkg'>> {
  return client.call('getPkg', request, quiet ? { closeMessage: true } : undefined);
}
