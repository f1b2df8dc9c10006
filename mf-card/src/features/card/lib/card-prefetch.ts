import { normalizeLanguage, type CallResult, type Language, type RoutePrefetch } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { keepPrefetched, takePrefetched } from '../../../lib/prefetched';
import { checkCard } from '../api/check-card';
import { getAgent } from '../api/get-agent';
import { getCard } from '../api/get-card';

/** The card page's first calls, asked together (useCard waits for check/card before it uses the others). */
export interface CardCalls {
  check: Promise<CallResult<'checkCard'>>;
  agent: Promise<CallResult<'getAgent'>>;
  card: Promise<CallResult<'getCard'>>;
}

const keyOf = (flag: string, iccid: string, lang: Language) => `card|${flag}|${iccid}|${lang}`;

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
 * page's code and strings still load.
 */
export function prefetchCard({ params, lang }: RoutePrefetch): void {
  const flag = params.flag ?? '';
  const iccid = params.iccid ?? '';
  if (!flag || !iccid) return;
  const language = normalizeLanguage(lang);
  keepPrefetched(keyOf(flag, iccid, language), askCard({ flag, iccid, lang: language }));
}

/** The prefetched calls for this card and language, once: null when there are none, or they are for another. */
export function takePrefetchedCard(flag: string, iccid: string, lang: Language): CardCalls | null {
  return takePrefetched<CardCalls>(keyOf(flag, iccid, lang));
}
