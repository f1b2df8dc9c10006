import { type ApiClient, type CallResult, type Language, type OrderRecord } from 'shared-contracts';

/** /pay/search for the order the provider sent the browser back about (its error message stays hidden: spec 7). */
export const paySearch = (client: ApiClient, orderId: string): Promise<CallResult<'paySearch'>> =>
  client.call('paySearch', { order_id: orderId }, { closeMessage: true });

/**
 * The order's record (package, amount, currency) from the card's order list, or without a card (an eSIM profile
 * bought for a slot) from the account's; null when it is not there.
 */
export async function findOrder(
  client: ApiClient,
  iccid: string,
  orderId: string,
  lang: Language,
): Promise<OrderRecord | null> {
  const result = await client.call('orderList', iccid ? { iccid, lang } : { lang }, { closeMessage: true });
  return result.ok ? (result.data.list.find((order) => order.order_id === orderId) ?? null) : null;
}
