import { type Queryable } from '../db/index';
import { countedQuery, sweepCounters } from './rate-limit-store';

/**
 * Fixed-window allowances in PostgreSQL (table rate_limits), taken in leases so a busy client does not write the
 * same row on every call. An instance claims a small block of an allowance at once, in one statement that never lets
 * the row pass its maximum (all or nothing), and hands the block out from memory; several instances together can
 * never take more than the maximum. What a call takes is either spent (a lookup, a miss) or put back in the block
 * (a miss reserved for a lookup that found its card). A block the instance stopped using is given back to the row
 * after IDLE_MS, and at close; one whose window is over is dropped (the row starts a new window).
 *
 * Cost of a crash: the blocks an instance held are counted until their window ends (at most one block per key).
 */
interface Lease {
  /** Units claimed from the row and not handed out. */
  free: number;
  /** The row's window this lease belongs to (ms since the epoch, by the clock the windows are kept with). */
  windowStartedMs: number;
  windowMs: number;
  /** performance.now() of the last take or put: a block unused for IDLE_MS goes back. */
  lastUsed: number;
  /** A claim in flight: other callers wait for it instead of claiming beside it. */
  claiming?: Promise<void>;
}

/** A block left unused this long is given back, so another instance can use it. */
const IDLE_MS = 1_000;
/** Every this many claims, this instance drops the counters long over (one row per client and key). */
const SWEEP_EVERY = 1000;

export interface Allowance {
  key: string;
  max: number;
  windowMs: number;
  /** How many units one claim takes when it can (at least what the call needs). */
  block: number;
}

/** A block size of about `share` of the maximum, at least 1 and at most `cap`. */
export function blockOf(max: number, share: number, cap: number): number {
  return Math.max(1, Math.min(cap, Math.floor(max * share)));
}

export class LeasedCounters {
  private readonly leases = new Map<string, Lease>();
  private readonly timer: NodeJS.Timeout;
  private untilSweep = SWEEP_EVERY;

  constructor(
    private readonly db: Queryable,
    private readonly nowMs: () => number,
  ) {
    this.timer = setInterval(() => void this.returnIdle(false), IDLE_MS);
    this.timer.unref();
  }

  /**
   * Takes `n` units of each allowance, all or none: false (nothing taken) when any of them has not `n` left in its
   * window. Throws limitsUnavailable() when the rows cannot be reached and no block in memory covers the call.
   */
  async take(allowances: Allowance[], n: number): Promise<boolean> {
    const taken: Allowance[] = [];
    for (const allowance of allowances) {
      if (await this.takeOne(allowance, n)) {
        taken.push(allowance);
        continue;
      }
      for (const done of taken) this.put(done.key, n);
      return false;
    }
    return true;
  }

  /** Puts `n` units back into the blocks of `keys` (a reserved miss that was not one). */
  put(key: string, n: number): void {
    const lease = this.leases.get(key);
    if (!lease || this.over(lease)) return;
    lease.free += n;
    lease.lastUsed = performance.now();
  }

  /** Gives every unused block back to its row (at close). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.returnIdle(true);
  }

  private over(lease: Lease): boolean {
    return lease.windowStartedMs + lease.windowMs <= this.nowMs();
  }

  private async takeOne(allowance: Allowance, n: number): Promise<boolean> {
    for (;;) {
      let lease = this.leases.get(allowance.key);
      if (lease && this.over(lease) && !lease.claiming) {
        this.leases.delete(allowance.key);
        lease = undefined;
      }
      if (lease && lease.free >= n) {
        lease.free -= n;
        lease.lastUsed = performance.now();
        return true;
      }
      if (lease?.claiming) {
        await lease.claiming.catch(() => undefined);
        continue;
      }
      return this.claim(allowance, n, lease);
    }
  }

  /** Claims a block (or, near the maximum, just what is missing) and hands `n` out of it. */
  private async claim(allowance: Allowance, n: number, held: Lease | undefined): Promise<boolean> {
    const lease: Lease = held ?? {
      free: 0,
      windowStartedMs: this.nowMs(),
      windowMs: allowance.windowMs,
      lastUsed: performance.now(),
    };
    this.leases.set(allowance.key, lease);
    const missing = n - lease.free;
    this.untilSweep -= 1;
    if (this.untilSweep <= 0) {
      this.untilSweep = SWEEP_EVERY;
      sweepCounters(this.db, this.nowMs()).catch(() => undefined);
    }
    let granted = 0;
    const claiming = (async () => {
      for (const want of new Set([Math.max(missing, allowance.block), missing])) {
        const row = await claimRow(this.db, allowance, want, this.nowMs());
        if (!row) continue;
        if (row.windowStartedMs !== lease.windowStartedMs && lease.free > 0) {
          // The row started a new window: what the old block held is gone with it.
          lease.free = 0;
        }
        lease.windowStartedMs = row.windowStartedMs;
        lease.windowMs = allowance.windowMs;
        granted = want;
        return;
      }
    })();
    lease.claiming = claiming;
    try {
      await claiming;
    } finally {
      lease.claiming = undefined;
    }
    lease.free += granted;
    if (lease.free < n) return false;
    lease.free -= n;
    lease.lastUsed = performance.now();
    return true;
  }

  private async returnIdle(all: boolean): Promise<void> {
    const now = performance.now();
    const giving: Promise<unknown>[] = [];
    for (const [key, lease] of this.leases) {
      if (lease.claiming) continue;
      if (this.over(lease)) {
        this.leases.delete(key);
        continue;
      }
      if (!all && now - lease.lastUsed < IDLE_MS) continue;
      this.leases.delete(key);
      if (lease.free > 0) {
        giving.push(giveBlockBack(this.db, key, lease.free, lease.windowStartedMs).catch(() => undefined));
      }
    }
    await Promise.all(giving);
  }
}

/**
 * Adds `want` to the row of `allowance.key` if that keeps it within the maximum (a row whose window is over starts a
 * new one with `want`): the row's window when granted, undefined when not.
 */
async function claimRow(
  db: Queryable,
  allowance: Allowance,
  want: number,
  nowMs: number,
): Promise<{ windowStartedMs: number } | undefined> {
  if (want > allowance.max) return undefined;
  const row = await countedQuery(() =>
    db.one<{ window_started_ms: string | number }>(
      `INSERT INTO rate_limits (key, window_started_ms, hits) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_started_ms + $4 <= $2 THEN $3 ELSE rate_limits.hits + $3 END,
         window_started_ms = CASE WHEN rate_limits.window_started_ms + $4 <= $2 THEN $2
                                  ELSE rate_limits.window_started_ms END
       WHERE rate_limits.window_started_ms + $4 <= $2 OR rate_limits.hits + $3 <= $5
       RETURNING window_started_ms`,
      [allowance.key, nowMs, want, allowance.windowMs, allowance.max],
    ),
  );
  return row ? { windowStartedMs: Number(row.window_started_ms) } : undefined;
}

/** Takes an unused block off its row, if the row is still in the block's window (never below 0). */
async function giveBlockBack(db: Queryable, key: string, units: number, windowStartedMs: number): Promise<void> {
  await db.query(`UPDATE rate_limits SET hits = greatest(0, hits - $2) WHERE key = $1 AND window_started_ms = $3`, [
    key,
    units,
    windowStartedMs,
  ]);
}
