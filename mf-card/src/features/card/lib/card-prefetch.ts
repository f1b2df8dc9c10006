import { normalizeLanguage, type CallResult, type Language, type RoutePrefetch } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { keepPrefetched, takePrefetched } from '../../../lib/prefetched';
import { checkCard } from '../api/check-card';
import { checkNotice } from '../api/check-notice';
import { getAgent } from '../api/get-agent';
import { getCard } from '../api/get-card';
import { getPkg } from '../api/get-pkg';
import { loadCardActivities, loadCardBody } from '../components/parts';
import { cardCurrency, chosenCurrency } from './currency';

/** The card page's first calls, asked together (useCard waits for check/card before it uses the others). */
export interface CardCalls {
  check: Promise<CallResult<'checkCard'>>;
  agent: Promise<CallResult<'getAgent'>>;
  card: Promise<CallResult<'getCard'>>;
}

/** A call asked at start-up in a currency (the packages, the notice), with the currency it was asked in. */
interface CurrencyCall<N extends 'getPkg' | 'checkNotice'> {
  ccy: string;
  result: Promise<CallResult<N>>;
}

const keyOf = (flag: string, iccid: string, lang: Language) => `card|${flag}|${iccid}|${lang}`;
const packagesKeyOf = (iccid: string, lang: Language) => `pkg|${iccid}|${lang}`;
const noticeKeyOf = (iccid: string, lang: Language) => `notice|${iccid}|${lang}`;

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
 * page's code and strings still load. The packages (the largest part of the first screen) and the notice above them
 * are asked too: at once when the visitor chose a currency, else as soon as the agent names its currency, in parallel
 * with get/card; the code of the packages and offers starts loading meanwhile.
 */
export function prefetchCard({ params, search, lang }: RoutePrefetch): void {
  const flag = params.flag ?? '';
  const iccid = params.iccid ?? '';
  if (!flag || !iccid) return;
  const language = normalizeLanguage(lang);
  const calls = askCard({ flag, iccid, lang: language });
  keepPrefetched(keyOf(flag, iccid, language), calls);
  const chosen = chosenCurrency(search);
  const ccy = chosen
    ? Promise.resolve(chosen)
    : calls.agent.then((agent) => cardCurrency(search, agent.ok ? agent.data : null));
  const client = getApiClient();
  keepPrefetched<Promise<CurrencyCall<'getPkg'>>>(
    packagesKeyOf(iccid, language),
    ccy.then((currency) => ({
      ccy: currency,
      result: getPkg(client, { iccid, lang: language, ccy: currency }, { quiet: true }),
    })),
  );
  keepPrefetched<Promise<CurrencyCall<'checkNotice'>>>(
    noticeKeyOf(iccid, language),
    ccy.then((currency) => ({ ccy: currency, result: checkNotice(client, { iccid, lang: language, ccy: currency }) })),
  );
  void loadCardBody().catch(() => undefined);
  void loadCardActivities().catch(() => undefined);
}

/** The prefetched calls for this card and language, once: null when there are none, or they are for another. */
export function takePrefetchedCard(flag: string, iccid: string, lang: Language): CardCalls | null {
  return takePrefetched<CardCalls>(keyOf(flag, iccid, lang));
}

/**
 * The packages asked at start-up for this card, language and currency, once; null when there are none, they were
 * asked in another currency, or the network failed them (the page started offline and is tried again): the page
 * then asks again.
 */
export function takePrefetchedPackages(iccid: string, lang: Language, ccy: string) {
  return takeInCurrency<'getPkg'>(packagesKeyOf(iccid, lang), ccy);
}

/** The card's newest notice asked at start-up, on the same terms as takePrefetchedPackages. */
export function takePrefetchedNotice(iccid: string, lang: Language, ccy: string) {
  return takeInCurrency<'checkNotice'>(noticeKeyOf(iccid, lang), ccy);
}

async function takeInCurrency<N extends 'getPkg' | 'checkNotice'>(
  key: string,
  ccy: string,
): Promise<CallResult<N> | null> {
  const call = await takePrefetched<Promise<CurrencyCall<N>>>(key);
  if (!call || call.ccy !== ccy) return null;
  const result = await call.result;
  return result.ok || !result.network ? result : null;
}
