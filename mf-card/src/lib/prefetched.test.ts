import { getStorage, STORAGE_KEYS } from 'shared-contracts';
import { keepPrefetched, PREFETCHED_MAX_AGE_MS, takePrefetched } from './prefetched';

describe('prefetched answers', () => {
  afterEach(() => {
    getStorage().remove(STORAGE_KEYS.RECEIPT);
    jest.useRealTimers();
  });

  it('are taken once, by the page they were asked for', () => {
    keepPrefetched('cardList', 'answer');
    expect(takePrefetched('other')).toBeNull();
    expect(takePrefetched('cardList')).toBe('answer');
    expect(takePrefetched('cardList')).toBeNull();
  });

  it('are never handed to another login than the one they were asked under', () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt-of-a');
    keepPrefetched('cardList', 'list of a');
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt-of-b');
    expect(takePrefetched('cardList')).toBeNull();
    getStorage().remove(STORAGE_KEYS.RECEIPT);
    expect(takePrefetched('cardList')).toBeNull();
  });

  it('go stale after PREFETCHED_MAX_AGE_MS', () => {
    jest.useFakeTimers();
    keepPrefetched('records', 'old');
    jest.advanceTimersByTime(PREFETCHED_MAX_AGE_MS + 1);
    expect(takePrefetched('records')).toBeNull();
  });
});
