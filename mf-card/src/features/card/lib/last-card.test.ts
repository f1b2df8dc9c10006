import { createSafeStorage, STORAGE_KEYS, type StorageLike } from 'shared-contracts';
import { card } from '../components/card-fixtures';
import { LAST_CARDS_KEPT, readLastCard, saveLastCard } from './last-card';

function memory(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const visitor = { loggedIn: false, userId: null };
const iccid = (n: number) => `8988000000000000${String(n).padStart(4, '0')}`;

describe('last known card (offline card page)', () => {
  it('keeps the summary of the card and when it was fetched, never the holder’s e-mail or account', () => {
    const backing = memory();
    const storage = createSafeStorage(backing);
    saveLastCard({ ...card, warn: '2 days' }, 1_800_000_000_000, storage);
    const stored = backing.map.get(STORAGE_KEYS.LAST_CARDS) ?? '';
    expect(stored).not.toContain('me@example.com');
    expect(stored).not.toContain('card_email');
    expect(stored).not.toContain('user_id');
    const last = readLastCard(card.iccid, visitor, storage);
    expect(last).toEqual({
      savedAt: 1_800_000_000_000,
      card: expect.objectContaining({
        iccid: card.iccid,
        used_str: '5GB',
        total_str: '20GB',
        expire_date: '2026-12-12',
        warn: '2 days',
      }),
    });
  });

  it('answers only the card asked for, newest first, a few cards at most', () => {
    const storage = createSafeStorage(memory());
    for (let n = 1; n <= LAST_CARDS_KEPT + 2; n += 1) saveLastCard({ ...card, iccid: iccid(n) }, n, storage);
    expect(readLastCard(iccid(1), visitor, storage)).toBeNull();
    expect(readLastCard(iccid(2), visitor, storage)).toBeNull();
    expect(readLastCard(iccid(LAST_CARDS_KEPT + 2), visitor, storage)?.card.iccid).toBe(iccid(LAST_CARDS_KEPT + 2));
    expect(readLastCard('89880000000000009999', visitor, storage)).toBeNull();
    // Seen again: one entry, the newer answer.
    saveLastCard({ ...card, iccid: iccid(3), used_str: '6GB' }, 99, storage);
    expect(readLastCard(iccid(3), visitor, storage)).toMatchObject({ savedAt: 99, card: { used_str: '6GB' } });
  });

  it('hides an agent’s card from a visitor without a login, as the page online does', () => {
    const storage = createSafeStorage(memory());
    saveLastCard({ ...card, in_agent: true }, 1, storage);
    expect(readLastCard(card.iccid, visitor, storage)).toBeNull();
    expect(readLastCard(card.iccid, { loggedIn: true, userId: 7 }, storage)).not.toBeNull();
  });

  it('ignores what other pages or versions left under the key', () => {
    const backing = memory();
    const storage = createSafeStorage(backing);
    backing.setItem(STORAGE_KEYS.LAST_CARDS, '{"not":"a list"}');
    expect(readLastCard(card.iccid, visitor, storage)).toBeNull();
    backing.setItem(STORAGE_KEYS.LAST_CARDS, JSON.stringify([{ card: { iccid: card.iccid } }, 'x', null]));
    expect(readLastCard(card.iccid, visitor, storage)).toBeNull();
    saveLastCard(card, 5, storage);
    expect(JSON.parse(backing.map.get(STORAGE_KEYS.LAST_CARDS) ?? '[]')).toHaveLength(1);
  });
});
