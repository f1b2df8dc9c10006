// Local-storage keys of spec section 3 (plus the few the spec implies) and a wrapper that never throws: storage
// can be missing (server), blocked (a partner page's sandboxed iframe, Safari private mode) or full.
import type { PayMethod } from './constants';
import { requestScope } from './request-scope';

/**
 * Keys. String-valued keys hold a raw string (get/set); object-valued ones hold JSON (getJSON/setJSON).
 */
export const STORAGE_KEYS = {
  /** JSON PoolCardInfo plus a display name: hand-over to /pool/detail and /pool/add. */
  POOL_INFO_ITEM: 'POOL_INFO_ITEM',
  /** JSON PoolCardInfo: hand-over to /pool/set. */
  SET_POOL_ITEM: 'SET_POOL_ITEM',
  /** JSON EsimCardInfo: hand-over to /esim/card/set/0. */
  ESIM_CARD_INFO: 'ESIM_CARD_INFO',
  /** JSON EidItem: hand-over to /esim/slot/set. */
  SET_SLOT_ITEM: 'SET_SLOT_ITEM',
  /** JSON EsimCardInfo (SIM): hand-over to /card/set. */
  CARD_ITEM: 'CARD_ITEM',
  /** Raw: the e-mail bound on the card page. */
  EMAIL: 'email',
  /** Raw: the login receipt (bearer token). */
  RECEIPT: 'RECEIPT',
  /** Raw: the logged-in user's e-mail and id. */
  USER_EMAIL: 'user_email',
  USER_ID: 'user_id',
  /** Raw: an ICCID remembered for binding after login. */
  BIND_ICCID: 'BIND_ICCID',
  /** Raw: the last card page's ICCID (where a session end returns to). */
  DEVICE_ITEM_ICCID: 'DEVICE_ITEM_ICCID',
  /** Raw: chosen language and currency. */
  LANGUAGE_KEY: 'LANGUAGE_KEY',
  CURRENCY_KEY: 'CURRENCY_KEY',
  /** Raw: chosen region (user settings area). */
  AREA_KEY: 'AREA_KEY',
  /** JSON Goods + context: the purchase sheet reopens from it after the card loads (e.g. after login). */
  PENDING_GOODS: 'PENDING_GOODS',
  /** JSON PayReturn ({ id, pay, iccid, flag, mode, order_id, … }): what a pay return (returnType) reports on. */
  PAY_RETURN: 'PAY_RETURN',
  /** Raw: this device's random support-chat token (a visitor's thread; the api keeps only its SHA-256). */
  SUPPORT_TOKEN: 'SUPPORT_TOKEN',
  /** JSON SupportDraft: the support chat's unsent text and the messages the api does not have yet. */
  SUPPORT_OUTBOX: 'SUPPORT_OUTBOX',
  /** JSON number[]: notices opened on this device (a visitor's read marks; the api keeps an account's). */
  NOTICE_READ: 'NOTICE_READ',
  /**
   * JSON LastCard[] (mf-card): the last card answers shown on this device, newest first, a few at most, without the
   * holder's e-mail. The card page shows the one of its own ICCID, marked 'last updated', when the network fails.
   */
  LAST_CARDS: 'LAST_CARDS',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * PAY_RETURN: stored by the payment sheet just before the browser leaves for the provider's pay page, read by the
 * card page when the provider sends it back (returnType=suc|cancel). What was bought is kept so the return dialog can
 * name it before the api answers; the order itself is always asked for again (/pay/search).
 */
export interface PayReturn {
  /** Package (or pool plan) id. */
  id: number;
  pay: PayMethod;
  iccid: string | null;
  flag: string;
  /** Package mode (2 = first-pay package with forced auto-renew). */
  mode: number;
  /** The order /pay/buy created. */
  order_id?: string;
  pool_object_id?: string;
  /** eSIM shop: the slot the new profile was bought for. */
  eid?: string;
  /** Package name, and the total shown on the confirmation sheet (minor units) with its currency. */
  name?: string;
  amount?: number;
  currency?: string;
  /** When it was stored (ms since 1970). A newer purchase overwrites it; the return reads it once and removes it. */
  at?: number;
}

/** Per pop-up show counter and last show time (PopupShowState). */
export function activityPopupKey(id: number | string): string {
  return `ActivityPopup${id}`;
}

/** What a session end clears (spec section 8: token, e-mail and user id). */
export const SESSION_KEYS: ReadonlyArray<string> = [
  STORAGE_KEYS.RECEIPT,
  STORAGE_KEYS.EMAIL,
  STORAGE_KEYS.USER_EMAIL,
  STORAGE_KEYS.USER_ID,
];

/** The subset of the Web Storage API the wrapper needs (so tests and the server can pass their own). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  getJSON<T>(key: string): T | null;
  setJSON(key: string, value: unknown): void;
  remove(key: string): void;
}

function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): StorageLike | null {
  try {
    // Reading the property itself throws a SecurityError where storage is blocked.
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/**
 * Wraps `backing` (default: window.localStorage, else an in-memory map so the page still works for this visit).
 * No method throws; an unreadable or non-JSON value reads as null.
 */
export function createSafeStorage(backing?: StorageLike | null): SafeStorage {
  const store = backing ?? browserStorage() ?? memoryStorage();
  const get = (key: string): string | null => {
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  };
  const set = (key: string, value: string): void => {
    try {
      store.setItem(key, value);
    } catch {
      // Quota exceeded or blocked: the value is simply not remembered.
    }
  };
  return {
    get,
    set,
    getJSON<T>(key: string): T | null {
      const raw = get(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJSON(key, value) {
      let raw: string | undefined;
      try {
        raw = JSON.stringify(value);
      } catch {
        return;
      }
      if (raw !== undefined) set(key, raw);
    },
    remove(key) {
      try {
        store.removeItem(key);
      } catch {
        // Nothing to do: a blocked storage holds nothing of ours.
      }
    },
  };
}

/**
 * Keys the server needs to render the page as the client will (server-side rendering): mirrored into cookies of the
 * same name on every write, which the server reads into the request's storage (request-scope.ts).
 * The login receipt is not mirrored here: see the SSR notes (an HttpOnly cookie set by the api).
 */
export const COOKIE_MIRRORED_KEYS: ReadonlyArray<string> = [
  STORAGE_KEYS.LANGUAGE_KEY,
  STORAGE_KEYS.CURRENCY_KEY,
  // The card opened last: the card list's adverts, /pkg without ?iccid= and the header's notices are of that card.
  STORAGE_KEYS.DEVICE_ITEM_ICCID,
];

const RECALL_SEEN = 'RECALL_SEEN';
/** When the recall offer of a card was last closed (ms): it opens again a day later. Mirrored too (cookieMirrored). */
export const recallSeenKey = (iccid: string): string => `${RECALL_SEEN}${iccid}`;

/**
 * Whether a key is mirrored into a cookie: the fixed keys above, and each card's recall-closed time (the server
 * renders the recall offer open only when this device has not closed it lately).
 */
export function cookieMirrored(key: string): boolean {
  if (COOKIE_MIRRORED_KEYS.includes(key)) return true;
  return key.startsWith(RECALL_SEEN) && /^\d{18,22}$/.test(key.slice(RECALL_SEEN.length));
}

function mirrorCookie(key: string, value: string | null): void {
  if (!cookieMirrored(key)) return;
  const doc = (globalThis as { document?: { cookie: string } }).document;
  if (!doc) return;
  try {
    const name = encodeURIComponent(key);
    doc.cookie =
      value === null
        ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
        : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies blocked: the server renders with its defaults and the client renders on its own.
  }
}

let pageStorage: SafeStorage | undefined;
/** The page's local storage, wrapped once; on the server, the rendering request's (request-scope.ts). */
export function getStorage(): SafeStorage {
  const scope = requestScope();
  if (scope) return scope.storage;
  if (!pageStorage) {
    const wrapped = createSafeStorage();
    pageStorage = {
      ...wrapped,
      set(key, value) {
        wrapped.set(key, value);
        mirrorCookie(key, value);
      },
      setJSON: (key, value) => wrapped.setJSON(key, value),
      remove(key) {
        wrapped.remove(key);
        mirrorCookie(key, null);
      },
    };
  }
  return pageStorage;
}
