import { type CallResult } from 'shared-contracts';
import { getApiClient } from '../../lib/api-client';

// The card list calls (base api: /eshop/api/v1/...). Each returns the client's result value (it never throws).
export const getCardList = (): Promise<CallResult<'getCardList'>> => getApiClient().call('getCardList', {});
export const getUnbindList = (): Promise<CallResult<'getUnbindList'>> =>
  getApiClient().call('getUnbindList', {}, { closeMessage: true });
export const bindCard = (iccid: string): Promise<CallResult<'bindCard'>> => getApiClient().call('bindCard', { iccid });
export const bindCardList = (iccids: string[]): Promise<CallResult<'bindCardList'>> =>
  getApiClient().call('bindCardList', { iccids });
export const bindEid = (eid: string): Promise<CallResult<'bindEid'>> => getApiClient().call('bindEid', { eid });
