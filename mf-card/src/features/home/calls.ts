import { getStorage, STORAGE_KEYS, type ApiClient, type CallResult } from 'shared-contracts';

// The card list's first calls through a given client: the page's, or the same asked ahead by the route's prefetch.

/** The logged-in user's cards. */
export const askCardList = (client: ApiClient): Promise<CallResult<'getCardList'>> => client.call('getCardList', {});

/** Purchased cards not bound yet (the bind offer): silent, the page shows nothing when it fails. */
export const askUnbindList = (client: ApiClient): Promise<CallResult<'getUnbindList'>> =>
  client.call('getUnbindList', {}, { closeMessage: true });

/** The card list's first calls, as asked. */
export interface CardListCalls {
  list: Promise<CallResult<'getCardList'>>;
  unbind: Promise<CallResult<'getUnbindList'>>;
}

/**
 * The card list's first calls (logged in only; null without a login): the cards, and the check for purchased cards
 * to bind (the bind offer is the first thing the page may show). The route's prefetch asks them ahead (api.ts), so
 * the page's same calls take their answers.
 */
export function askCardListFirstCalls(client: ApiClient): CardListCalls | null {
  if (!getStorage().get(STORAGE_KEYS.RECEIPT)) return null;
  return { list: askCardList(client), unbind: askUnbindList(client) };
}
