import { type ApiClient, type CallResult } from 'shared-contracts';

/** getAgent: the card's agent (PayPal allowed, default currency and language). */
export function getAgent(client: ApiClient, request: { iccid: string }): Promise<CallResult<'getAgent'>> {
  // Asked alongside check/card; the page works without it (no PayPal, default currency), so no message.
  return client.call('getAgent', request, { closeMessage: true });
}
