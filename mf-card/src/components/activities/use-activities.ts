import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getStorage,
  normalizeLanguage,
  STORAGE_KEYS,
  type ActivityResponse,
  type Banner,
  type FloatItem,
  type Popup,
  type RecallItem,
} from 'shared-contracts';
import { validIccid } from 'shared-contracts/device';
import { getActivityList } from './api';
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

/**
 * Banners, pop-ups, the floating gift and recall offers for one position ('index,sIMCard.TC' on the card list
 * screen; a card detail slot on the card page). Sends the login receipt and the page language; reloads when the
 * language changes.
 */
export function useActivities({ iccid, position }: { iccid?: string | null; position: string }): Activities {
  const { i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language);
  const [state, setState] = useState<Activities>(NONE);
  useEffect(() => {
    let live = true;
    const token = getStorage().get(STORAGE_KEYS.RECEIPT);
    // A malformed ICCID (an old stored value) would cost the whole answer: leave it out instead.
    const cardIccid = validIccid(iccid);
    void getActivityList({
      position,
      lang,
      ...(cardIccid ? { iccid: cardIccid } : {}),
      ...(token ? { auth_token: token } : {}),
    }).then((result) => {
      if (!live) return;
      setState(result.ok ? { ...cleanActivities(result.data), loaded: true } : { ...NONE, loaded: true });
    });
    return () => {
      live = false;
    };
  }, [iccid, position, lang]);
  return state;
}
