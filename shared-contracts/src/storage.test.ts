import { activityPopupKey, cookieMirrored, createSafeStorage, recallSeenKey, type StorageLike } from './storage';

const throwing: StorageLike = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('createSafeStorage', () => {
  it('round-trips raw strings and JSON', () => {
    const storage = createSafeStorage(null);
    storage.set('RECEIPT', 'tok');
    storage.setJSON('POOL_INFO_ITEM', { id: 'p1', name: 'Shared Plan 1' });
    expect(storage.get('RECEIPT')).toBe('tok');
    expect(storage.getJSON('POOL_INFO_ITEM')).toEqual({ id: 'p1', name: 'Shared Plan 1' });
    storage.remove('RECEIPT');
    expect(storage.get('RECEIPT')).toBeNull();
  });

  it('reads missing keys and non-JSON values as null', () => {
    const storage = createSafeStorage(null);
    storage.set('SET_POOL_ITEM', '{broken');
    expect(storage.getJSON('SET_POOL_ITEM')).toBeNull();
    expect(storage.getJSON('nothing')).toBeNull();
  });

  it('never throws when the storage does', () => {
    const storage = createSafeStorage(throwing);
    expect(() => storage.set('a', 'b')).not.toThrow();
    expect(() => storage.setJSON('a', { b: 1 })).not.toThrow();
    expect(() => storage.remove('a')).not.toThrow();
    expect(storage.get('a')).toBeNull();
    expect(storage.getJSON('a')).toBeNull();
  });

  it('skips values JSON cannot represent', () => {
    const storage = createSafeStorage(null);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => storage.setJSON('c', cyclic)).not.toThrow();
    expect(storage.get('c')).toBeNull();
  });

  it('names pop-up counters ActivityPopup{id}', () => {
    expect(activityPopupKey(12)).toBe('ActivityPopup12');
  });

  it('mirrors into cookies the language, the currency and a card’s recall-closed time, nothing else', () => {
    expect(cookieMirrored('LANGUAGE_KEY')).toBe(true);
    expect(cookieMirrored('DEVICE_ITEM_ICCID')).toBe(true);
    expect(recallSeenKey('89880000000000000005')).toBe('RECALL_SEEN89880000000000000005');
    expect(cookieMirrored(recallSeenKey('89880000000000000005'))).toBe(true);
    expect(cookieMirrored('RECALL_SEEN')).toBe(false);
    expect(cookieMirrored('RECALL_SEEN; Path=/x')).toBe(false);
    expect(cookieMirrored('RECEIPT')).toBe(false);
  });
});
