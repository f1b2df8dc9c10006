/**
 * A logged-in user's choice on the card list to see an unbound card without adding it: the card page's parameter
 * (features/card/lib/gating reads it; spec section 4 otherwise sends such a user to the card list).
 */
export const VIEW_UNBOUND_PARAM = 'view';

/** The card page of an unbound card, seen without adding it. */
export function viewUnboundPath(iccid: string): string {
  return `/2/${encodeURIComponent(iccid)}?${VIEW_UNBOUND_PARAM}=1`;
}
