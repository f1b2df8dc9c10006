import { type ApiClient, type CallResult } from 'shared-contracts';

// The SIM card settings calls (base /eshop/api/v1/...). Failures show the catalogue message (the client's toast).

/** setCard: renames the card; '' restores the default name. */
export function renameCard(client: ApiClient, iccid: string, name: string): Promise<CallResult<'setCard'>> {
  return client.call('setCard', { iccid, name });
}

/** unbindCard: removes the card from the account (the card itself keeps working). */
export function unbindCard(client: ApiClient, iccid: string): Promise<CallResult<'unbindCard'>> {
  return client.call('unbindCard', { iccid });
}
