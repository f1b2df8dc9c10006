import {
  getStorage,
  startLanguage,
  STORAGE_KEYS,
  type ApiClient,
  type CallResult,
  type Language,
} from 'shared-contracts';
import { askCard, type CardCalls } from '../features/card/lib/card-calls';
import { askCardListFirstCalls, type CardListCalls } from '../features/home/calls';
import { firstRecordsRequest, getRecords } from '../features/packages/api/get-records';
import { earlyClient } from './early-client';

type Params = Record<string, string>;

/** The calls an early view draws from (features/card/early-view, features/home/early-view). */
type ViewCalls =
  | { card: CardCalls }
  | { list: CardListCalls }
  | { records: { iccid: string; answer: Promise<CallResult<'pkgRecord'>> } };

/**
 * The routes whose first calls the early script asks (the route table's path, and what it asks through `client`):
 * the calls the page's largest first paint waits for, and no more. Each early request is one more on the network
 * beside the page's code while that downloads (measured with bench:web: the card page's packages, notice and
 * activities asked early as well made its LCP later, not sooner); the rest is asked by the page as before.
 */
const EARLY_ROUTES: Record<
  string,
  (client: ApiClient, params: Params, search: URLSearchParams, lang: Language) => ViewCalls | null | void
> = {
  // The card summary: check/card, get/agent, get/card (useCard's first load); the early view draws from them.
  '/:flag/:iccid': (client, { flag, iccid }, _search, lang) =>
    flag && iccid ? { card: askCard(client, { flag, iccid, lang }) } : null,
  // The card list (logged in only): the cards, and the bind offer's check (the list's largest first paint); its
  // early view draws from them.
  '/eshop/card/list': (client) => {
    const list = askCardListFirstCalls(client);
    return list ? { list } : null;
  },
  // A card's packages (/pkg?iccid=…); its early view draws from them.
  '/pkg': (client, _params, search, lang) => {
    const request = firstRecordsRequest(search, lang);
    return request ? { records: { iccid: request.iccid, answer: getRecords(client, request) } } : null;
  },
};

/** The route's parameters in `pathname` (segment by segment, decoded as the router does); null when it does not match. */
export function matchPath(route: string, pathname: string): Params | null {
  const want = route.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (const [index, segment] of want.entries()) {
    const value = have[index] ?? '';
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) return null;
  }
  return params;
}

/** What startEarlyCalls asked: the route's parameters, the start language, and the calls an early view draws from. */
export interface EarlyAsked {
  params: Params;
  search: URLSearchParams;
  lang: Language;
  /** A card page's: askCard's calls. */
  card: CardCalls | null;
  /** The card list's: its list and unbind check. */
  list: CardListCalls | null;
  /** /pkg's: the records of the card in its address. */
  records: { iccid: string; answer: Promise<CallResult<'pkgRecord'>> } | null;
}

/**
 * Asks the first calls of `route` (the route table's path the host matched) for this address, in the language the
 * shell will start in (startLanguage), through the early client. Nothing (null) for a route without early calls.
 * `route` may name several paths, separated by spaces (a page served for several routes, like the single-bundle
 * build's one page): the first that matches the address counts.
 */
export function startEarlyCalls(
  route: string,
  location: { pathname: string; search: string },
  client: ApiClient = earlyClient(),
): EarlyAsked | null {
  let ask: (typeof EARLY_ROUTES)[string] | undefined;
  let params: Params | null = null;
  for (const path of route.split(/\s+/)) {
    params = Object.hasOwn(EARLY_ROUTES, path) ? matchPath(path, location.pathname) : null;
    if (params) {
      ask = EARLY_ROUTES[path];
      break;
    }
  }
  if (!ask || !params) return null;
  const search = new URLSearchParams(location.search);
  const storage = getStorage();
  const lang = startLanguage({
    lan: search.get('lan'),
    stored: storage.get(STORAGE_KEYS.LANGUAGE_KEY),
    browser: typeof navigator === 'undefined' ? null : navigator.language,
  });
  const calls = ask(client, params, search, lang) ?? null;
  return {
    params,
    search,
    lang,
    card: calls && 'card' in calls ? calls.card : null,
    list: calls && 'list' in calls ? calls.list : null,
    records: calls && 'records' in calls ? calls.records : null,
  };
}
