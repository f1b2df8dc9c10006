import { type Db } from './index';

export interface RowCacheOptions<R extends object = object> {
  /** Most rows kept; the oldest goes first. */
  max?: number;
  /** A row is read again after this long even if no change was heard (a notification lost with its connection). */
  ttlMs?: number;
  now?: () => number;
  /** The caller's own copy of a kept row (default: a shallow copy; structuredClone for rows holding lists). */
  copy?: (row: R) => R;
  /**
   * When a kept row stops being true without any write (epoch ms, e.g. the next start or end of something in force
   * by the clock); undefined: only changes and ttlMs end it.
   */
  keepUntil?: (row: R) => number | undefined;
}

/**
 * Rows kept in memory by key between changes of the data: whatever db.onChange announces (this process's writes,
 * other processes' commits on PostgreSQL) empties it, and a read that was under way while a change was announced
 * is not kept. While the database cannot tell us about other processes' changes (db.hearsOthers() false) every read
 * goes to the database. A row that stops being true by the clock (keepUntil) is read again from then. Callers get their
 * own copy of a row.
 */
export function createRowCache<R extends object>(
  db: Pick<Db, 'onChange' | 'hearsOthers'>,
  {
    max = 10_000,
    ttlMs = 30_000,
    now = Date.now,
    copy: copyRow = (row) => ({ ...row }),
    keepUntil,
  }: RowCacheOptions<R> = {},
) {
  const rows = new Map<string, { until: number; row: R | undefined }>();
  let generation = 0;
  db.onChange(() => {
    generation += 1;
    rows.clear();
  });
  const copy = (row: R | undefined) => (row === undefined ? undefined : copyRow(row));
  return {
    async get(key: string, read: () => Promise<R | undefined>): Promise<R | undefined> {
      if (!db.hearsOthers()) return read();
      const kept = rows.get(key);
      if (kept && now() < kept.until) return copy(kept.row);
      const started = generation;
      const row = await read();
      if (started === generation && db.hearsOthers()) {
        rows.delete(key);
        if (rows.size >= max) rows.delete(rows.keys().next().value as string);
        const until = Math.min(now() + ttlMs, (row && keepUntil?.(row)) ?? Number.POSITIVE_INFINITY);
        rows.set(key, { until, row });
      }
      return copy(row);
    },
    get size() {
      return rows.size;
    },
  };
}
