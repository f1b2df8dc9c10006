import { normalizeLanguage, type CallResult, type Language, type RoutePrefetch } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { checkCard } from '../api/check-card';
import { getAgent } from '../api/get-agent';
import { getCard } from '../api/get-card';

/** The card page's first calls, asked together (useCard waits for check/card before it uses the others). */
export interface CardCalls {
  check: Promise<CallResult<'checkCard'>>;
  agent: Promise<CallResult<'getAgent'>>;
  card: Promise<CallResult<'getCard'>>;
}

/** Answers older than this are not used: the page asks again. */
export const PREFETCH_MAX_AGE_MS = 10_000;

interface Prefetched {
  key: string;
  at: number;
  calls: CardCalls;
}

let prefetched: Prefetched | null = null;

const keyOf = (flag: string, iccid: string, lang: Language) => `${flag}|${iccid}|${lang}`;

/** Starts the three calls for a card (the ones useCard makes on its first load). */
export function askCard(request: { flag: string; iccid: string; lang: Language }): CardCalls {
  const client = getApiClient();
  const { flag, iccid } = request;
  return {
    agent: getAgent(client, { iccid }),
    card: getCard(client, request),
    check: checkCard(client, { flag, iccid }),
  };
}

/**
 * mf_card/routes' prefetch for /{flag}/{iccid}: the shell calls it at start-up, so the card's data is asked while the
 * page's code and strings still load. At most one card is kept, and only for PREFETCH_MAX_AGE_MS.
 */
export function prefetchCard({ params, lang }: RoutePrefetch): void {
  const flag = params.flag ?? '';
  const iccid = params.iccid ?? '';
  if (!flag || !iccid) return;
  const language = normalizeLanguage(lang);
  prefetched = { key: keyOf(flag, iccid, language), at: Date.now(), calls: askCard({ flag, iccid, lang: language }) };
}

/** The prefetched calls for this card and language, once: null when there are none, or they are for another. */
export function takePrefetchedCard(flag: string, iccid: string, lang: Language): CardCalls | null {
  const taken = prefetched;
  prefetched = null;
  if (!taken || taken.key !== keyOf(flag, iccid, lang) || Date.now() - taken.at > PREFETCH_MAX_AGE_MS) return null;
  return taken.calls;
}
