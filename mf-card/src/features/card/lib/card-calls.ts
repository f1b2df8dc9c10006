import { type ApiClient, type CallResult, type Language } from 'shared-contracts';
import { checkCard } from '../api/check-card';
import { checkNotice } from '../api/check-notice';
import { getAgent } from '../api/get-agent';
import { getCard } from '../api/get-card';
import { getPkg } from '../api/get-pkg';
import { cardCurrency, chosenCurrency } from './currency';

/** The card page's slot of the activity list (banners, pop-ups, the gift, the recall offer). */
export const CARD_DETAIL_POSITION = 'cardDetail';

/** The card page's first calls, asked together (useCard waits for check/card before it uses the others). */
export interface CardCalls {
  check: Promise<CallResult<'checkCard'>>;
  agent: Promise<CallResult<'getAgent'>>;
  card: Promise<CallResult<'getCard'>>;
}

/** Starts the three calls for a card (the ones useCard makes on its first load). */
export function askCard(client: ApiClient, request: { flag: string; iccid: string; lang: Language }): CardCalls {
  const { flag, iccid } = request;
  return {
    agent: getAgent(client, { iccid }),
    card: getCard(client, request),
    check: checkCard(client, { flag, iccid }),
  };
}

/**
 * Everything the card page asks first, through `client`: the card's three calls, then its packages and notice in
 * the visitor's currency (?ccy=, or the one chosen on this device: at once) or else the agent's (as soon as get/agent
 * names it). The route's prefetch asks them ahead (aheadOf): the page's hooks then ask the same calls and the api
 * client hands them the answers.
 */
export function askCardFirstCalls(
  client: ApiClient,
  request: { flag: string; iccid: string; lang: Language },
  search: URLSearchParams,
) {
  const calls = askCard(client, request);
  const chosen = chosenCurrency(search);
  const ccy = chosen
    ? Promise.resolve(chosen)
    : calls.agent.then((agent) => cardCurrency(search, agent.ok ? agent.data : null));
  const { iccid, lang } = request;
  const packages = ccy.then((currency) => getPkg(client, { iccid, lang, ccy: currency }, { quiet: true }));
  const notice = ccy.then((currency) => checkNotice(client, { iccid, lang, ccy: currency }));
  return { calls, packages, notice };
}
