import { type Db } from './index';

export interface RowCacheOptions {
  /** Most rows kept; the oldest goes first. */
  max?: number;
  /** A row is read again after this long even if no change was heard (a notification lost with its connection). */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Rows kept in memory by key between changes of the data: whatever db.onChange announces (this process's writes,
 * other processes' commits on PostgreSQL) empties it, and a read that was under way while a change was announced
 * is not kept. While the database cannot tell us about other processes' changes (db.hearsOthers() false) every read
 * goes to the database. Callers get their own copy of a row.
 */
export function createRowCache<R extends object>(
  db: Pick<Db, 'onChange' | 'hearsOthers'>,
  { max = 10_000, ttlMs = 30_000, now = Date.now }: RowCacheOptions = {},
) {
  const rows = new Map<string, { at: number; row: R | undefined }>();
  let generation = 0;
  db.onChange(() => {
    generation += 1;
    rows.clear();
  });
  const copy = (row: R | undefined) => (row === undefined ? undefined : { ...row });
  return {
    async get(key: string, read: () => Promise<R | undefined>): Promise<R | undefined> {
      if (!db.hearsOthers()) return read();
      const kept = rows.get(key);
      if (kept && now() - kept.at < ttlMs) return copy(kept.row);
      const started = generation;
      const row = await read();
      if (started === generation && db.hearsOthers()) {
        rows.delete(key);
        if (rows.size >= max) rows.delete(rows.keys().next().value as string);
        rows.set(key, { at: now(), row });
      }
      return copy(row);
    },
    get size() {
      return rows.size;
    },
  };
}
