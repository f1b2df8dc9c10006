import { isBindableIccid, stripWhitespace, type CallResult } from 'shared-contracts';

// What the card list offers to bind as it opens (HomePage).

/** At most this many unbound ICCIDs are listed; all of them are bound. */
export const BATCH_SHOWN = 5;

/** The dialog the card list opens on: purchased cards to bind all at once, or one remembered card. */
export type BindOffer = { kind: 'batch'; iccids: string[] } | { kind: 'single'; iccid: string };

/**
 * The purchased cards not in the account yet (the unbind check), else the card remembered from a card page
 * (BIND_ICCID) when it is a bindable ICCID; null when there is nothing to offer.
 */
export function bindOfferOf(unbind: CallResult<'getUnbindList'>, remembered: string | null): BindOffer | null {
  if (unbind.ok && unbind.data.list.length) return { kind: 'batch', iccids: unbind.data.list };
  const iccid = stripWhitespace(remembered ?? '');
  return isBindableIccid(iccid) ? { kind: 'single', iccid } : null;
}

/**
 * What comes after the batch dialog closes (bound or declined): the card the user opened last (BIND_ICCID), when it
 * was not in that batch, so the card just opened is always offered (the batch comes first, as the spec orders).
 */
export function offerAfterBatch(batch: readonly string[], remembered: string | null): BindOffer | null {
  const iccid = stripWhitespace(remembered ?? '');
  return isBindableIccid(iccid) && !batch.includes(iccid) ? { kind: 'single', iccid } : null;
}
