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

/** renewalCap: the card's monthly spending cap for auto-renewal (null: none). Quiet: the page shows "no cap". */
export function loadRenewalCap(client: ApiClient, iccid: string): Promise<CallResult<'renewalCap'>> {
  return client.call('renewalCap', { iccid }, { closeMessage: true });
}

/** setRenewalCap: sets the cap in minor units of `ccy`, or removes it (null). */
export function saveRenewalCap(
  client: ApiClient,
  iccid: string,
  amount: number | null,
  ccy: string,
): Promise<CallResult<'setRenewalCap'>> {
  return client.call('setRenewalCap', { iccid, amount, ccy });
}
