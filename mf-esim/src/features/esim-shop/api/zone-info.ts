import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/** esimProductZoneInfo: the countries (with their operators) an eSIM product covers. */
export function esimProductZoneInfo(
  client: ApiClient,
  request: { esim_product_id: number; lang: Language },
): Promise<CallResult<'esimProductZoneInfo'>> {
  return client.call('esimProductZoneInfo', request, { closeMessage: true });
}
