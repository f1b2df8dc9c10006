import { type ApiClient, type CallResult, type Language } from 'shared-contracts';

/**
 * pkgRecord: the card's purchased packages grouped by status. The page shows a failure itself (inline, with the
 * catalogue message), so the client's toast is switched off; session-end codes are still handled by the client.
 */
export function getRecords(
  client: ApiClient,
  request: { iccid: string; lang: Language },
  signal?: AbortSignal,
): Promise<CallResult<'pkgRecord'>> {
  return client.call('pkgRecord', request, { closeMessage: true, signal });
}

/** The records /pkg shows first: the card named in its address (?iccid=), in the page language; null without one. */
export function firstRecordsRequest(search: URLSearchParams, lang: Language): { iccid: string; lang: Language } | null {
  const iccid = search.get('iccid')?.trim();
  return iccid ? { iccid, lang } : null;
}
