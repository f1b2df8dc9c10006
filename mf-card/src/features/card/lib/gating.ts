import { getStorage, STORAGE_KEYS, type Card } from 'shared-contracts';
import { VIEW_UNBOUND_PARAM } from '../../../lib/unbound-view';

/**
 * What the new view (agent version 2) does with a card, by spec section 4 (login gating), in this order:
 * - 'login': the card belongs to an agent (a reseller) and there is no login receipt: the login view only.
 * - 'remember': the card is bound to nobody and there is no receipt: the page shows, and the ICCID is remembered
 *   (BIND_ICCID) so the card list offers to bind it after the visitor logs in.
 * - 'card-list': the card is bound to nobody and the user is logged in: they go to their card list, which offers to
 *   bind it.
 * - 'unbound-view': the same, when the user chose on the card list to see the card without adding it (?view=1): the
 *   page shows, with a note and the Add-to-account tool.
 * - 'other-user': a logged-in user opens a card another account owns: a warning, no shared-plan tab and no buying
 *   (only the owner may pay for a bound card; the api answers 10024 to anyone else).
 * - 'show': everything else (the owner, or a visitor with a bound card's ICCID: status and packages only).
 * Other versions (1 old view, 3 card list view) are not gated.
 */
export type Gate = 'login' | 'remember' | 'card-list' | 'unbound-view' | 'other-user' | 'show';

export interface Viewer {
  /** The login receipt is stored. */
  loggedIn: boolean;
  /** The logged-in user's id (user_id in storage), when known. */
  userId: number | null;
}

export function gateFor(
  card: Pick<Card, 'agent_version' | 'in_agent' | 'user_id' | 'other_user'>,
  viewer: Viewer,
  search?: URLSearchParams,
): Gate {
  if (card.agent_version !== 2) return 'show';
  if (card.in_agent && !viewer.loggedIn) return 'login';
  if (card.user_id === 0) {
    if (!viewer.loggedIn) return 'remember';
    return search?.get(VIEW_UNBOUND_PARAM) === '1' ? 'unbound-view' : 'card-list';
  }
  if (!viewer.loggedIn) return 'show';
  // The server's answer wins (it knows the session); the stored user id covers an older api.
  const other = card.other_user ?? (viewer.userId !== null && card.user_id !== viewer.userId);
  return other ? 'other-user' : 'show';
}

/** The viewer as local storage knows it (receipt and user id written by the shell). */
export function currentViewer(): Viewer {
  const storage = getStorage();
  const id = Number(storage.get(STORAGE_KEYS.USER_ID));
  return { loggedIn: Boolean(storage.get(STORAGE_KEYS.RECEIPT)), userId: Number.isInteger(id) && id > 0 ? id : null };
}

/** A partner page's hand-over of a purchase (?pkg=<package id>): the package id, or null. */
export function handOverPackage(search: URLSearchParams): number | null {
  const id = Number(search.get('pkg'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Agent version 3 shows the card list view, except when the card is refilled (mode=search) or a package is handed
 * over: then it is a purchase start point like the other views.
 */
export function opensListView(agentVersion: number, page: { refill: boolean; handOver: number | null }): boolean {
  return agentVersion === 3 && !page.refill && page.handOver === null;
}
