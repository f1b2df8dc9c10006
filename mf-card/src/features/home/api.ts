import { aheadOf, BIND_BATCH_MAX, type CallResult } from 'shared-contracts';
import { getApiClient } from '../../lib/api-client';
import { askCardList, askCardListFirstCalls, askUnbindList } from './calls';

// The card list calls (base api: /eshop/api/v1/...). Each returns the client's result value (it never throws).
export const getCardList = (): Promise<CallResult<'getCardList'>> => askCardList(getApiClient());
export const getUnbindList = (): Promise<CallResult<'getUnbindList'>> => askUnbindList(getApiClient());
export const bindCard = (iccid: string): Promise<CallResult<'bindCard'>> => getApiClient().call('bindCard', { iccid });
/** Binds the list in batches of BIND_BATCH_MAX (the api's most per call), stopping at the first that fails. */
export async function bindCardList(iccids: string[]): Promise<CallResult<'bindCardList'>> {
  let result: CallResult<'bindCardList'> = { ok: true, code: 10000, data: null };
  for (let start = 0; start === 0 || start < iccids.length; start += BIND_BATCH_MAX) {
    result = await getApiClient().call('bindCardList', { iccids: iccids.slice(start, start + BIND_BATCH_MAX) });
    if (!result.ok) return result;
  }
  return result;
}
export const bindEid = (eid: string): Promise<CallResult<'bindEid'>> => getApiClient().call('bindEid', { eid });

/**
 * mf_card/routes' prefetch of /eshop/card/list: its first calls are asked ahead while the page starts (logged in
 * only); the page's getCardList and getUnbindList take their answers from the api client.
 */
export function prefetchCardList(): void {
  askCardListFirstCalls(aheadOf(getApiClient()));
}
