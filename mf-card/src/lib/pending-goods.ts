import { getStorage, STORAGE_KEYS, type CheckoutRequest } from 'shared-contracts';

/**
 * The card page of a purchase that waits for one of these cards (a visitor's purchase on an unbound version-2 card:
 * after the login the card list binds it, then the purchase goes on there); null when none waits.
 */
export function pendingPurchasePath(iccids: readonly string[]): string | null {
  const pending = getStorage().getJSON<Partial<CheckoutRequest>>(STORAGE_KEYS.PENDING_GOODS);
  if (typeof pending?.iccid !== 'string' || !iccids.includes(pending.iccid)) return null;
  const path = pending.returnPath;
  // Only a path of this site.
  return typeof path === 'string' && /^\/[^/\\]/.test(path) ? path : null;
}
