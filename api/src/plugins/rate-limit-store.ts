import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Db, type Queryable } from '../db/index';

/**
 * Counts one hit on a fixed-window counter in PostgreSQL (table rate_limits): the hits in the current window and
 * the milliseconds left in it. Shared by the per-IP limits below and the per-address limits of the account calls.
 */
export async function countHit(
  db: Queryable,
  key: string,
  nowMs: number,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const row = await db.one<{ hits: number; window_started_ms: string | number }>(
    `INSERT INTO rate_limits (key, window_started_ms, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_started_ms + $3 <= $2 THEN 1 ELSE rate_limits.hits + 1 END,
       window_started_ms = CASE WHEN rate_limits.window_started_ms + $3 <= $2 THEN $2
                                ELSE rate_limits.window_started_ms END
     RETURNING hits, window_started_ms`,
    [key, nowMs, windowMs],
  );
  const started = Number(row?.window_started_ms ?? nowMs);
  return { current: row?.hits ?? 1, ttl: Math.max(0, started + windowMs - nowMs) };
}

/**
 * Fixed-window counters in PostgreSQL, so limits hold across several api instances (nothing in process memory).
 * One upsert per limited request; only the auth calls are limited.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db, key, Date.now(), timeWindow).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresStore;
}
