import { getStorage, STORAGE_KEYS, type SafeStorage } from 'shared-contracts';
import { type CardView } from '../components/CardSummary';
import { type Viewer } from './gating';

/** What the offline card page shows: the summary's fields, never the holder's e-mail or account. */
const KEPT_FIELDS = [
  'iccid',
  'name',
  'status_str',
  'expire_date',
  'available_days',
  'used_str',
  'total_str',
  'used',
  'total',
  'usage_updated_at',
  'kind',
  'unlimited',
  'in_agent',
  'agent_version',
  'card_kind',
  'warn',
  'warn_days',
  'is_third_party',
] as const satisfies ReadonlyArray<keyof CardView>;

export type LastCardData = Pick<CardView, (typeof KEPT_FIELDS)[number]>;

export interface LastCard {
  card: LastCardData;
  /** When the api answered it (ms since 1970): the page's 'last updated'. */
  savedAt: number;
}

/** Cards kept on the device: a traveller's few SIMs, not a history of every ICCID typed in. */
export const LAST_CARDS_KEPT = 3;

// A page whose shared-contracts predates LAST_CARDS (a shell deployed before this remote) still keeps the cards.
const KEY: string = (STORAGE_KEYS as Partial<Record<'LAST_CARDS', string>>).LAST_CARDS ?? 'LAST_CARDS';

function isLastCard(value: unknown): value is LastCard {
  if (typeof value !== 'object' || value === null) return false;
  const { card, savedAt } = value as Partial<LastCard>;
  return (
    typeof savedAt === 'number' &&
    Number.isFinite(savedAt) &&
    typeof card === 'object' &&
    card !== null &&
    typeof card.iccid === 'string' &&
    typeof card.status_str === 'string' &&
    typeof card.expire_date === 'string' &&
    typeof card.used_str === 'string' &&
    typeof card.total_str === 'string' &&
    typeof card.used === 'number' &&
    typeof card.total === 'number'
  );
}

/** The stored cards; anything malformed (storage is shared with other pages and versions) is dropped. */
function readAll(storage: SafeStorage): LastCard[] {
  const value = storage.getJSON<unknown>(KEY);
  return Array.isArray(value) ? value.filter(isLastCard) : [];
}

/** Keeps the card the page just showed (newest first, LAST_CARDS_KEPT at most), without personal fields. */
export function saveLastCard(card: CardView, now = Date.now(), storage: SafeStorage = getStorage()): void {
  const kept = Object.fromEntries(
    KEPT_FIELDS.filter((field) => card[field] !== undefined).map((field) => [field, card[field]]),
  ) as LastCardData;
  const others = readAll(storage).filter((entry) => entry.card.iccid !== card.iccid);
  storage.setJSON(KEY, [{ card: kept, savedAt: now }, ...others].slice(0, LAST_CARDS_KEPT));
}

/**
 * The last known card of this ICCID, or null. An agent's card needs a login to be shown (spec section 4), offline
 * too: without a receipt it stays hidden.
 */
export function readLastCard(iccid: string, viewer: Viewer, storage: SafeStorage = getStorage()): LastCard | null {
  const entry = readAll(storage).find((candidate) => candidate.card.iccid === iccid);
  if (!entry) return null;
  if (entry.card.in_agent && !viewer.loggedIn) return null;
  return entry;
}
