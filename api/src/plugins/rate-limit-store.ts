import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Db } from '../db/index';

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
      const now = Date.now();
      db.one<{ hits: number; window_started_ms: number }>(
        `INSERT INTO rate_limits (key, window_started_ms, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_started_ms + $3 <= $2 THEN 1 ELSE rate_limits.hits + 1 END,
           window_started_ms = CASE WHEN rate_limits.window_started_ms + $3 <= $2 THEN $2
                                    ELSE rate_limits.window_started_ms END
         RETURNING hits, window_started_ms`,
        [key, now, timeWindow],
      ).then(
        (row) => {
          const started = row?.window_started_ms ?? now;
          callback(null, { current: row?.hits ?? 1, ttl: Math.max(0, started + timeWindow - now) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresStore;
}
