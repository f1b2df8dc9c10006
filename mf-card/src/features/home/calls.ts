import { type ApiClient, type CallResult } from 'shared-contracts';

// The card list's first calls through a given client: the page's (api.ts) or the early script's (lib/early-routes).

/** The logged-in user's cards. */
export const askCardList = (client: ApiClient): Promise<CallResult<'getCardList'>> => client.call('getCardList', {});

/** Purchased cards not bound yet (the bind offer): silent, the page shows nothing when it fails. */
export const askUnbindList = (client: ApiClient): Promise<CallResult<'getUnbindList'>> =>
  client.call('getUnbindList', {}, { closeMessage: true });
