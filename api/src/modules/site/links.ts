import { safeLink } from '../../lib/links';

// Where the operator's links lead. Links from data are http(s) URLs or paths of this shop only (safeLink); an advert
// may also lead to a page of the card the visitor is looking at, through a placeholder the api fills in.

/** The shop's own start page (scan/home): where a visitor enters or scans a card's number and buys its plans. */
export const SHOP_START_PATH = '/';

/**
 * Stands in an advert's link for the card on screen, so an advert can lead to a page of the visitor's own card
 * ('/2/{iccid}?type=Europe': that card's Europe packages) instead of naming one customer's card for everyone.
 */
export const CARD_PLACEHOLDER = '{iccid}';
const PLACEHOLDER = /\{iccid\}|%7Biccid%7D/gi;

/** Whether an advert's (safe) link leads to a page of the card on screen. */
export function isCardLink(link: string | null | undefined): boolean {
  return safeLink(link).match(PLACEHOLDER) !== null;
}

/**
 * An advert's link for the card on screen: the placeholder filled with its ICCID; with no card known, the shop's
 * start page (where the visitor names one). Links without the placeholder are only made safe ('' when unsafe).
 */
export function linkForCard(link: string | null | undefined, iccid: string | undefined): string {
  const safe = safeLink(link);
  if (!isCardLink(safe)) return safe;
  return iccid ? safeLink(safe.replace(PLACEHOLDER, encodeURIComponent(iccid))) : SHOP_START_PATH;
}
