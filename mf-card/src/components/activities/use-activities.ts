import { startTransition, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  callKey,
  getStorage,
  normalizeLanguage,
  peekInitialResult,
  STORAGE_KEYS,
  useInitialCall,
  type ActivityResponse,
  type ApiClient,
  type CallRequest,
  type CallResult,
  type Language,
  type Banner,
  type FloatItem,
  type Popup,
  type RecallItem,
} from 'shared-contracts';
import { validIccid } from 'shared-contracts/device';
import { askActivityList, getActivityList } from './api';
import { safeLink } from './links';

/** A float item; its advert id (when the server sends it) lets the gift link be resolved with the card (linkData). */
export type GiftItem = FloatItem;

export interface Activities {
  /** Top banners first, then the other banners: the carousel's slides (links already made safe). */
  banners: Banner[];
  floats: GiftItem[];
  recalls: RecallItem[];
  popups: Popup[];
  /** The answer came (or failed): pop-ups may be scheduled from here on. */
  loaded: boolean;
}

const NONE: Activities = { banners: [], floats: [], recalls: [], popups: [], loaded: false };

// The browser does not parse answers with the schemas (no zod on the phone): a list the server left out is [].
const listOf = <T>(list: T[] | undefined): T[] => (Array.isArray(list) ? list : []);

/** Every link of the answer made safe: unsafe links become '' (the item stays, but opens nothing). */
export function cleanActivities(data: ActivityResponse): Omit<Activities, 'loaded'> {
  const banner = (item: Banner): Banner => ({ ...item, link: safeLink(item.link) });
  return {
    banners: [...listOf(data.topList), ...listOf(data.bannerList)].map(banner),
    floats: listOf(data.floatList).map((item) => ({ ...item, link: safeLink(item.link) })),
    recalls: listOf(data.recallList).map((item) => ({ ...item, link: safeLink(item.link) })),
    popups: listOf(data.popupList).map((item) => ({ ...item, link: safeLink(item.link) })),
  };
}

/** The activity call of a position (and card), as the page asks it: with the login's receipt when there is one. */
function activityRequest(position: string, lang: Language, iccid?: string | null): CallRequest<'getActivityList'> {
  const token = getStorage().get(STORAGE_KEYS.RECEIPT);
  // A malformed ICCID (an old stored value) would cost the whole answer: leave it out instead.
  const cardIccid = validIccid(iccid);
  return {
    position,
    lang,
    ...(cardIccid ? { iccid: cardIccid } : {}),
    ...(token ? { auth_token: token } : {}),
  };
}

const activitiesOf = (result: CallResult<'getActivityList'>): Activities =>
  result.ok ? { ...cleanActivities(result.data), loaded: true } : { ...NONE, loaded: true };

/**
 * A route's prefetch: the activities for a position, asked ahead (the page's own call takes the answer; on the
 * server, the page is rendered with them: the banners, the recall offer and the gift are in its HTML). With a login
 * too: the request carries the receipt, but an answer's key in the page leaves it out (shared-contracts callKey).
 */
export function prefetchActivities(client: ApiClient, position: string, lang: string, iccid?: string | null): void {
  void askActivityList(client, activityRequest(position, normalizeLanguage(lang), iccid));
}

/**
 * Banners, pop-ups, the floating gift and recall offers for one position ('index,sIMCard.TC' on the card list
 * screen; a card detail slot on the card page). Sends the login receipt and the page language; reloads when the
 * language changes. Starts from the page's answer when the page came with it (server-side rendering).
 */
export function useActivities({ iccid, position }: { iccid?: string | null; position: string }): Activities {
  const { i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language);
  const request = activityRequest(position, lang, iccid);
  const key = callKey('getActivityList', request);
  const [state, setState, loadedWithPage] = useInitialCall<Activities>(
    key,
    () => {
      const seeded = peekInitialResult('getActivityList', request);
      return seeded ? activitiesOf(seeded) : null;
    },
    NONE,
  );
  useEffect(() => {
    if (loadedWithPage(key)) return undefined;
    let live = true;
    void getActivityList(activityRequest(position, lang, iccid)).then((result) => {
      // A transition: the page around the banners and pop-ups renders again in slices (on the card list, every card).
      if (live) startTransition(() => setState(activitiesOf(result)));
    });
    return () => {
      live = false;
    };
  }, [key, iccid, position, lang, loadedWithPage, setState]);
  return state;
}
