import { type ApiClient, type CallResult, type Language, type OrderRecord, type OrderStatus } from 'shared-contracts';

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

/** Cancel order (payCancel): the order's status afterwards ('cancelled', or what it had become meanwhile). */
export async function cancelOrder(
  client: ApiClient,
  orderId: string,
  iccid: string | null,
): Promise<{ ok: true; status: OrderStatus } | { ok: false; network: boolean; code: number; message: string }> {
  const result = await client.call(
    'payCancel',
    { order_id: orderId, ...(iccid ? { iccid } : {}) },
    { closeMessage: true },
  );
  if (!result.ok) return { ok: false, network: Boolean(result.network), code: result.code, message: result.message };
  return { ok: true, status: result.data.status };
}
