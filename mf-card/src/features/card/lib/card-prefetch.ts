import { aheadOf, normalizeLanguage, type RoutePrefetch } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { prefetchActivities } from '../../../components/activities/use-activities';
import { loadCardActivities, loadCardBody } from '../components/parts';
import { askCardFirstCalls, CARD_DETAIL_POSITION } from './card-calls';

/**
 * mf_card/routes' prefetch for /{flag}/{iccid}: the shell calls it at start-up, so the card's data is asked while the
 * page's code and strings still load. The packages (the largest part of the first screen) and the notice above them
 * are asked too (lib/card-calls), and a visitor's activities; the code of the packages and offers starts loading
 * meanwhile. The calls are asked ahead (shared-contracts CallOptions.ahead): the page's own same calls take their
 * answers from the api client. On the server the same calls are the page's data (their answers go to the client with
 * the page).
 */
export function prefetchCard({ params, search, lang }: RoutePrefetch): void {
  const flag = params.flag ?? '';
  const iccid = params.iccid ?? '';
  if (!flag || !iccid) return;
  const client = aheadOf(getApiClient());
  askCardFirstCalls(client, { flag, iccid, lang: normalizeLanguage(lang) }, search);
  // A visitor's offers for the card (the recall offer opens with the page when the card has an alert).
  prefetchActivities(client, CARD_DETAIL_POSITION, lang, iccid);
  void loadCardBody().catch(() => undefined);
  void loadCardActivities().catch(() => undefined);
}
