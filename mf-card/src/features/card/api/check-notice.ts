import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/** checkNotice: the card's newest unread notice (quiet: the page shows nothing when it fails). */
export function checkNotice(
  client: ApiClient,
  request: { iccid: string; lang: Language; ccy: string },
): Promise<CallResult<'checkNotice'>> {
  return client.call('checkNotice', request, { closeMessage: true });
}
