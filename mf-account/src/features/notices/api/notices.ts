import { type ApiClient, type CallResponse, type Language } from 'shared-contracts';

export type Notice = CallResponse<'checkNotice'>['list'][number];

export type NoticesResult = { ok: true; list: Notice[] } | { ok: false };

/** The notices for a card (or the site's, without one), newest first. The page shows its own error. */
export async function loadNotices(
  api: ApiClient,
  query: { lang: Language; iccid?: string; ccy?: string },
): Promise<NoticesResult> {
  const result = await api.call(
    'checkNotice',
    { lang: query.lang, ...(query.iccid ? { iccid: query.iccid } : {}), ...(query.ccy ? { ccy: query.ccy } : {}) },
    { closeMessage: true },
  );
  if (!result.ok) return { ok: false };
  return { ok: true, list: [...result.data.list].sort((a, b) => b.create - a.create || b.id - a.id) };
}

/**
 * Opens one notice (notifyDetail): its current whole text, and the api marks it read for the account (a visitor's
 * mark stays on the device). Quiet on failure: the list's copy is shown.
 */
export async function openNotice(
  api: ApiClient,
  query: { id: number; lang: Language; iccid?: string },
): Promise<Notice | null> {
  const result = await api.call(
    'notifyDetail',
    { id: query.id, lang: query.lang, ...(query.iccid ? { iccid: query.iccid } : {}) },
    { closeMessage: true },
  );
  return result.ok ? result.data : null;
}
