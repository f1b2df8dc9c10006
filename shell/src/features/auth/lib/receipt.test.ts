import { createSafeStorage, STORAGE_KEYS, type StorageLike } from 'shared-contracts';
import { pendingReceipt, settlePendingReceipt, takeReceiptFromQuery } from './receipt';

function memory(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('takeReceiptFromQuery', () => {
  it('stores access_token as RECEIPT and returns the query without it', () => {
    const storage = createSafeStorage(memory());
    const taken = takeReceiptFromQuery('?lan=de&access_token=tok-123&ccy=EUR', storage);
    expect(taken).toEqual({ token: 'tok-123', search: '?lan=de&ccy=EUR', pending: false });
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('tok-123');
  });

  it('returns null and stores nothing without the parameter', () => {
    const storage = createSafeStorage(memory());
    expect(takeReceiptFromQuery('?mode=search', storage)).toBeNull();
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBeNull();
  });

  it('drops an empty access_token from the URL without storing it', () => {
    const storage = createSafeStorage(memory());
    expect(takeReceiptFromQuery('?access_token=', storage)).toEqual({ token: '', search: '', pending: false });
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBeNull();
  });

  it('never replaces another stored login: the token waits for the user, the URL loses it', () => {
    const storage = createSafeStorage(memory());
    storage.set(STORAGE_KEYS.RECEIPT, 'mine');
    expect(takeReceiptFromQuery('?access_token=theirs&mode=search', storage)).toEqual({
      token: 'theirs',
      search: '?mode=search',
      pending: true,
    });
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('mine');
    expect(pendingReceipt()).toBe('theirs');
    settlePendingReceipt('theirs');
    expect(pendingReceipt()).toBeNull();
  });

  it('the same receipt again changes nothing', () => {
    const storage = createSafeStorage(memory());
    storage.set(STORAGE_KEYS.RECEIPT, 'mine');
    expect(takeReceiptFromQuery('?access_token=mine', storage)).toEqual({ token: 'mine', search: '', pending: false });
    expect(storage.get(STORAGE_KEYS.RECEIPT)).toBe('mine');
    expect(pendingReceipt()).toBeNull();
  });
});
