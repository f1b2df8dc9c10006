import {
  aheadOf,
  BIND_BATCH_MAX,
  CARD_LIST_ACTIVITY_POSITION,
  getStorage,
  STORAGE_KEYS,
  type CallResult,
  type RoutePrefetch,
} from 'shared-contracts';
import { prefetchActivities } from '../../components/activities/use-activities';
import { getApiClient } from '../../lib/api-client';
import { askCardList, askCardListFirstCalls, askUnbindList } from './calls';
import { prefetchListWidgets } from './widgets';

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
 * mf_card/routes' prefetch of /eshop/card/list: its first calls are asked ahead while the page starts (the list and
 * the unbind check logged in only, the adverts always); the page's own calls take their answers from the api client.
 */
export function prefetchCardList({ lang }: RoutePrefetch): Promise<unknown> | undefined {
  const client = aheadOf(getApiClient());
  const calls = askCardListFirstCalls(client);
  // The adverts above the list (a visitor's page has them too): on the server, the banners are in the page's HTML.
  prefetchActivities(client, CARD_LIST_ACTIVITY_POSITION, lang, getStorage().get(STORAGE_KEYS.DEVICE_ITEM_ICCID));
  // The other remotes' widgets the list shows (widgets.ts): drawn on the server with the list.
  return calls ? prefetchListWidgets(calls.list, lang) : undefined;
}
