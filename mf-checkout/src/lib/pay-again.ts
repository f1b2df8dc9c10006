import {
  getStorage,
  messageKeyFor,
  NETWORK_ERROR_KEY,
  STORAGE_KEYS,
  UNKNOWN_ERROR_KEY,
  type ApiClient,
} from 'shared-contracts';
import { isHttpUrl, pageExit } from 'shared-contracts/links';

/** What paying an order again came to (the page left for the provider's otherwise). */
export type PayAgainResult =
  | { kind: 'leaving' }
  /** The order was paid meanwhile: nothing to pay. */
  | { kind: 'paid' }
  /** A key of namespace common, or 'checkout:…', to show. */
  | { kind: 'error'; message: string };

/**
 * "Continue payment" / "Try again" of an order (payResume): the api answers the order's own provider page while it
 * can still be paid, else the page of a new order for the same package (never a second charge), and the browser goes
 * there. A hand-over stored by an earlier purchase (PAY_RETURN) would name another package on the way back: it goes;
 * the return reads the order from the provider's return address. `iccid`: the card of an order no account owns.
 */
export async function payAgain(client: ApiClient, orderId: string, iccid?: string | null): Promise<PayAgainResult> {
  const result = await client.call(
    'payResume',
    { order_id: orderId, ...(iccid ? { iccid } : {}) },
    { closeMessage: true },
  );
  if (!result.ok) {
    if (result.aborted) return { kind: 'error', message: UNKNOWN_ERROR_KEY };
    return { kind: 'error', message: result.network ? NETWORK_ERROR_KEY : messageKeyFor(result.code, result.message) };
  }
  const { pay_url: payUrl, status } = result.data;
  if (!payUrl) return status === 'paid' ? { kind: 'paid' } : { kind: 'error', message: UNKNOWN_ERROR_KEY };
  if (!isHttpUrl(payUrl)) return { kind: 'error', message: 'checkout:confirm.badPayUrl' };
  getStorage().remove(STORAGE_KEYS.PAY_RETURN);
  pageExit.assign(payUrl);
  return { kind: 'leaving' };
}
