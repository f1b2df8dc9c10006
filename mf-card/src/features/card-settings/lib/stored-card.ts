import { getStorage, STORAGE_KEYS, type EsimCardInfo } from 'shared-contracts';

/** What the settings page needs of the card the SIM widget stored; the rest is shown when present. */
export type StoredCard = Pick<EsimCardInfo, 'iccid' | 'name'> & Partial<EsimCardInfo>;

/**
 * The card the SIM widget handed over under CARD_ITEM (JSON EsimCardInfo). Anything without a usable ICCID reads
 * as null: storage is shared with other pages and can hold an old or foreign value.
 */
export function readStoredCard(): StoredCard | null {
  const value = getStorage().getJSON<unknown>(STORAGE_KEYS.CARD_ITEM);
  if (typeof value !== 'object' || value === null) return null;
  const card = value as Record<string, unknown>;
  if (typeof card.iccid !== 'string' || !/^[0-9A-Za-z]{19,20}$/.test(card.iccid)) return null;
  return {
    ...(card as Partial<EsimCardInfo>),
    iccid: card.iccid,
    name: typeof card.name === 'string' ? card.name : '',
  };
}

/** Keeps the hand-over in step after a rename (a reload of /card/set shows the new name). */
export function storeCardName(card: StoredCard, name: string): StoredCard {
  const next = { ...card, name };
  getStorage().setJSON(STORAGE_KEYS.CARD_ITEM, next);
  return next;
}

export function forgetStoredCard(): void {
  getStorage().remove(STORAGE_KEYS.CARD_ITEM);
}
