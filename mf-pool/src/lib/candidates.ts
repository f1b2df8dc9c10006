import {
  cardDisplayName,
  type ApiClient,
  type CallRequest,
  type CandidateReason,
  type CardListResponse,
} from 'shared-contracts';

/** A card the add sheet lists: its name as the card list shows it, and why it cannot join (invalid only). */
export interface Candidate {
  iccid: string;
  name: string;
  reason?: CandidateReason;
}

export interface Candidates {
  valid: Candidate[];
  invalid: Candidate[];
  /** How many more cards the pool (or the plan's new pool) takes; null when the api does not say. */
  linesLeft: number | null;
}

export type CandidatesLoad = { status: 'loading' } | { status: 'ready'; candidates: Candidates } | { status: 'failed' };

/** Names by ICCID from the user's card list (SIMs 'SIM' + last 4, eSIMs 'eSIM' + last 4 when unnamed). */
function namesOf(list: CardListResponse | null): Map<string, string> {
  const names = new Map<string, string>();
  for (const card of list?.card ?? []) names.set(card.iccid, cardDisplayName(card.name, card.iccid, 'sim'));
  for (const card of list?.esim ?? []) names.set(card.iccid, cardDisplayName(card.name, card.iccid, 'esim'));
  return names;
}

/**
 * The cards that may join (poolCardCandidate) with their names (getCardList, quietly: without it the default names
 * show). null when the candidates could not be loaded (the client has shown why).
 */
export async function loadCandidates(
  api: ApiClient,
  request: CallRequest<'poolCardCandidate'>,
): Promise<Candidates | null> {
  const [answer, cards] = await Promise.all([
    api.call('poolCardCandidate', request),
    api.call('getCardList', {}, { closeMessage: true }),
  ]);
  if (!answer.ok) return null;
  const names = namesOf(cards.ok ? cards.data : null);
  const named = (iccid: string): Candidate => ({ iccid, name: names.get(iccid) ?? cardDisplayName('', iccid, 'esim') });
  const { valid, invalid, reasons, lines_left: linesLeft } = answer.data;
  return {
    valid: valid.map(named),
    invalid: invalid.map((iccid) => ({ ...named(iccid), reason: reasons?.[iccid] ?? 'unusable' })),
    linesLeft: linesLeft ?? null,
  };
}
