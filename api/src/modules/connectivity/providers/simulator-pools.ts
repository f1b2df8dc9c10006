import { type BundleState } from './types';
import { type SimulatorReport } from './simulator';

/**
 * The simulator's shared bundles (pools): one quota, several cards (lines). In a run each active line card uses data
 * at its own rate from the pool's quota, in ICCID order when the quota runs short; the bundle is depleted when the
 * quota is used up and expired at its end. Every line that used data (or every line, when the bundle ended) is
 * reported: its own cumulative use of the bundle, the bundle's quota and state, under a key of its own.
 */

export interface SimulatorPoolRow {
  id: string;
  reference: string;
  state: BundleState;
  initial_bytes: number | null;
  used_bytes: number;
  unlimited: boolean;
  started_at: Date | null;
  ends_at: Date | null;
}

export interface PoolLineRow {
  pool_id: string;
  iccid: string;
  used_bytes: number;
  report_seq: number;
}

export interface PoolRun {
  /** Pools whose figures or state changed. */
  pools: SimulatorPoolRow[];
  /** Lines whose figures or report number changed. */
  lines: PoolLineRow[];
  reports: SimulatorReport[];
  /** Cards served by a pool in this run: their own bundles rest meanwhile. */
  served: Set<string>;
}

function lineReport(pool: SimulatorPoolRow, line: PoolLineRow, at: Date): SimulatorReport {
  return {
    id: `${pool.id}:${line.iccid}:${line.report_seq}`,
    iccid: line.iccid,
    reference: pool.reference,
    assignment: pool.id,
    at: at.toISOString(),
    state: pool.state,
    initial_bytes: pool.initial_bytes,
    used_bytes: line.used_bytes,
    unlimited: pool.unlimited,
    throttled: false,
    started_at: pool.started_at?.toISOString() ?? null,
    ends_at: pool.ends_at?.toISOString() ?? null,
    pool: true,
  };
}

/** One run of the network's pools from `from` to `to`; `rate(iccid)` is a card's use in bytes per second. */
export function runPools(
  pools: SimulatorPoolRow[],
  lines: PoolLineRow[],
  from: Date,
  to: Date,
  rate: (iccid: string) => number,
): PoolRun {
  const run: PoolRun = { pools: [], lines: [], reports: [], served: new Set() };
  const seconds = Math.max(0, (to.getTime() - from.getTime()) / 1000);
  for (const pool of pools) {
    const own = lines.filter((line) => line.pool_id === pool.id && !run.served.has(line.iccid));
    const before = pool.state;
    if (pool.state === 'queued') pool.state = 'active';
    const used: PoolLineRow[] = [];
    if (pool.ends_at && pool.ends_at.getTime() <= to.getTime()) pool.state = 'expired';
    else {
      for (const line of own) {
        const left = pool.unlimited || pool.initial_bytes === null ? Infinity : pool.initial_bytes - pool.used_bytes;
        if (left <= 0) break;
        run.served.add(line.iccid);
        const take = Math.min(Math.round(rate(line.iccid) * seconds), left);
        if (take <= 0) continue;
        line.used_bytes += take;
        pool.used_bytes += take;
        used.push(line);
      }
      if (!pool.unlimited && pool.initial_bytes !== null && pool.used_bytes >= pool.initial_bytes) {
        pool.state = 'depleted';
      }
    }
    const ended = pool.state !== before && pool.state !== 'active';
    if (used.length === 0 && !ended) continue;
    run.pools.push(pool);
    for (const line of ended ? own : used) {
      line.report_seq += 1;
      run.lines.push(line);
      run.reports.push(lineReport(pool, line, to));
    }
  }
  return run;
}
