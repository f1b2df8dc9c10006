import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { duringOutage, type Db, type Queryable } from '../db/index';
import { ApiError, ERROR_CODES } from '../http/errors';

/**
 * What a limited call answers when its counters cannot be reached: the limits fail closed (a guess or a mailing
 * that cannot be counted is not let through). 503 with the catalogue's rate-limit code: the client shows "try again
 * later", which is what the visitor should do.
 */
/** How long a counter waits for the database to come back before the call is refused. */
const COUNTER_OUTAGE_WAIT_MS = 3_000;

export function limitsUnavailable(): ApiError {
  return new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 503);
}

/**
 * Runs a counter query, again if the database restarts under it (a hit counted twice only errs towards the limit);
 * a store that stays unreachable becomes limitsUnavailable() (logged by the error handler's caller).
 */
export async function countedQuery<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await duringOutage(work, 'rate limit counter', COUNTER_OUTAGE_WAIT_MS, true);
  } catch (error) {
    throw Object.assign(limitsUnavailable(), { cause: error });
  }
}

/**
 * Counts one hit on a fixed-window counter in PostgreSQL (table rate_limits): the hits in the current window and
 * the milliseconds left in it. Shared by the per-IP limits below and the per-address limits of the account calls.
 * A store that cannot be reached throws limitsUnavailable().
 */
export async function countHit(
  db: Queryable,
  key: string,
  nowMs: number,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const row = await countedQuery(() =>
    db.one<{ hits: number; window_started_ms: string | number }>(
      `INSERT INTO rate_limits (key, window_started_ms, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_started_ms + $3 <= $2 THEN 1 ELSE rate_limits.hits + 1 END,
         window_started_ms = CASE WHEN rate_limits.window_started_ms + $3 <= $2 THEN $2
                                  ELSE rate_limits.window_started_ms END
       RETURNING hits, window_started_ms`,
      [key, nowMs, windowMs],
    ),
  );
  const started = Number(row?.window_started_ms ?? nowMs);
  return { current: row?.hits ?? 1, ttl: Math.max(0, started + windowMs - nowMs) };
}

/** Counters whose window began this long ago are over whatever their window (the longest configurable is a day). */
const SWEEP_AFTER_MS = 2 * 86_400_000;

/** Drops the counters whose window is long over, so the table keeps only the recent clients. */
export async function sweepCounters(db: Queryable, nowMs: number): Promise<number> {
  const rows = await db.query(`DELETE FROM rate_limits WHERE window_started_ms < $1 RETURNING key`, [
    nowMs - SWEEP_AFTER_MS,
  ]);
  return rows.length;
}

/**
 * Fixed-window counters in PostgreSQL, so limits hold across several api instances (nothing in process memory).
 * One upsert per limited request; only the auth calls are limited this way. The counters are not data any page
 * keeps in memory: written past the change announcements (db.untracked), so a login never drops the card cache.
 * A failing store answers limitsUnavailable() (security.ts sets skipOnError false: the limits fail closed).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db.untracked, key, Date.now(), timeWindow).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error instanceof Error ? error : limitsUnavailable()),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresStore;
}
