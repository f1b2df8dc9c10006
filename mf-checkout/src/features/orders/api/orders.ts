import { type ApiClient, type CallResult, type Language, type OrderRecord } from 'shared-contracts';

/** Whose orders the page lists: the logged-in user's, or one card's (a visitor with an ICCID). */
export type OrderScope = { kind: 'user' } | { kind: 'card'; iccid: string };

/** orderList for the scope, newest first. */
export async function loadOrders(
  client: ApiClient,
  scope: OrderScope,
  lang: Language,
): Promise<{ ok: true; list: OrderRecord[] } | { ok: false; network: boolean; code: number }> {
  const result: CallResult<'orderList'> = await client.call(
    'orderList',
    scope.kind === 'card' ? { iccid: scope.iccid, lang } : { lang },
    { closeMessage: true },
  );
  if (!result.ok) return { ok: false, network: Boolean(result.network), code: result.code };
  const list = [...result.data.list].sort((a, b) => b.create - a.create);
  return { ok: true, list };
}
