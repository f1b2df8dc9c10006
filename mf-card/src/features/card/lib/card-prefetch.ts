import { normalizeLanguage, type CallResult, type Language, type RoutePrefetch } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { keepPrefetched, takePrefetched } from '../../../lib/prefetched';
import { loadCardActivities, loadCardBody } from '../components/parts';
import { askCard as askCardWith, askCardFirstCalls, type CardCalls, type CurrencyCall } from './card-calls';

const keyOf = (flag: string, iccid: string, lang: Language) => `card|${flag}|${iccid}|${lang}`;
const packagesKeyOf = (iccid: string, lang: Language) => `pkg|${iccid}|${lang}`;
const noticeKeyOf = (iccid: string, lang: Language) => `notice|${iccid}|${lang}`;

/** Starts the three calls for a card (the ones useCard makes on its first load). */
export function askCard(request: { flag: string; iccid: string; lang: Language }): CardCalls {
  return askCardWith(getApiClient(), request);
}

/**
 * mf_card/routes' prefetch for /{flag}/{iccid}: the shell calls it at start-up, so the card's data is asked while the
 * page's code and strings still load. The packages (the largest part of the first screen) and the notice above them
 * are asked too (lib/card-calls); the code of the packages and offers starts loading meanwhile. Where the early
 * script asked the same calls before the page's code was in, the api client takes its answers (lib/early-calls).
 */
export function prefetchCard({ params, search, lang }: RoutePrefetch): void {
  const flag = params.flag ?? '';
  const iccid = params.iccid ?? '';
  if (!flag || !iccid) return;
  const language = normalizeLanguage(lang);
  const first = askCardFirstCalls(getApiClient(), { flag, iccid, lang: language }, search);
  keepPrefetched(keyOf(flag, iccid, language), first.calls);
  keepPrefetched(packagesKeyOf(iccid, language), first.packages);
  keepPrefetched(noticeKeyOf(iccid, language), first.notice);
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
