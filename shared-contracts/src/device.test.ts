import { readNoticeIds, rememberNoticeRead, validIccid } from './device';
import { createSafeStorage, STORAGE_KEYS } from './storage';

describe('validIccid', () => {
  it('accepts what the api accepts, trimmed, and nothing else', () => {
    expect(validIccid(' 8988000000000000019 ')).toBe('8988000000000000019');
    expect(validIccid('8988000000000000001F')).toBe('8988000000000000001F');
    expect(validIccid('898800000000000001')).toBeUndefined();
    expect(validIccid('898800000000000000012')).toBeUndefined();
    expect(validIccid('8988 0000 0000 0000 001')).toBeUndefined();
    expect(validIccid(null)).toBeUndefined();
  });
});

describe('notice read marks', () => {
  it('remembers opened notices once each, newest last, and ignores damaged entries', () => {
    const storage = createSafeStorage(null);
    expect([...readNoticeIds(storage)]).toEqual([]);
    rememberNoticeRead(storage, 3);
    rememberNoticeRead(storage, 5);
    rememberNoticeRead(storage, 3);
    expect([...readNoticeIds(storage)]).toEqual([5, 3]);
    storage.setJSON(STORAGE_KEYS.NOTICE_READ, [1, 'x', 2.5, 4]);
    expect([...readNoticeIds(storage)]).toEqual([1, 4]);
  });

  it('keeps the newest 200 marks only', () => {
    const storage = createSafeStorage(null);
    for (let id = 1; id <= 205; id += 1) rememberNoticeRead(storage, id);
    const ids = [...readNoticeIds(storage)];
    expect(ids).toHaveLength(200);
    expect(ids[0]).toBe(6);
  });
});
