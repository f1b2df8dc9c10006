import { type ApiClient, type CallResult } from 'shared-contracts';

/** eidProfileList: the profiles on a slot (the owner's login is needed; the page offers it on a session end). */
export function eidProfileList(client: ApiClient, request: { eid: string }): Promise<CallResult<'eidProfileList'>> {
  return client.call('eidProfileList', request, { closeMessage: true, disableBack: true });
}
