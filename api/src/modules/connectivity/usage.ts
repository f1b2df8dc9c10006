import { type Db, type Queryable } from '../../db/index';
import { ingestPoolLines } from './pool-usage';
import { keysOf, rank, STATUS_OF, keepFresh } from './reports';
import { BUNDLE_STATE_RANK, type BundleState, type ConnectivityProviderName, type UsageEvent } from './providers/types';

/**
 * Usage ingestion: provider reports (callbacks and pulls) onto our packages and cards, each report once.
 *
 * In one transaction per batch, in a fixed number of statements whatever its size: the reported cards are locked (in
 * ICCID order, so a burst for one card is serialised and two batches never deadlock), the reports are matched to our
 * packages (our reference, else the provider's assignment id), the matched reports' keys are stored once
 * (connectivity_events; a key seen before is a duplicate and changes nothing), the packages take the larger used
 * amount, the later state and the newer throttle flag (an older report never moves them back), the cards' figures
 * are recomputed from their active packages, and the data alerts they crossed are raised. A report that matches no
 * package is not stored: a later delivery, or the periodic pull, applies it once the package is known.
 */

export interface IngestResult {
  /** Reports applied now. */
  applied: number;
  /** Reports seen before (by key), or twice in this batch. */
  duplicates: number;
  /** Reports about no package of ours (yet). */
  unmatched: number;
  /** Alerts raised (card_alerts ids): their mails and notices are the alert job's. */
  alertIds: number[];
}

interface PackageRef {
  id: number;
  iccid: string;
  provider_assignment: string | null;
}

/** What a batch says about one package: the largest use, the latest state, the newest report's throttle flag. */
interface PackageUpdate {
  id: number;
  used: number;
  at: Date;
  state: BundleState;
  throttled: boolean | null;
  throttledAt: Date;
  startedAt: Date | null;
  endsAt: Date | null;
}

function usedOf(event: UsageEvent): number {
  if (event.usedBytes !== undefined && event.usedBytes !== null) return Math.max(0, Math.round(event.usedBytes));
  if (event.initialBytes !== null && event.remainingBytes !== null) {
    return Math.max(0, Math.round(event.initialBytes - event.remainingBytes));
  }
  return 0;
}

function merge(into: PackageUpdate | undefined, id: number, event: UsageEvent): PackageUpdate {
  const used = usedOf(event);
  if (!into) {
    return {
      id,
      used,
      at: event.at,
      state: event.state,
      throttled: event.throttled,
      throttledAt: event.at,
      startedAt: event.startedAt,
      endsAt: event.endsAt,
    };
  }
  into.used = Math.max(into.used, used);
  if (BUNDLE_STATE_RANK[event.state] > BUNDLE_STATE_RANK[into.state]) into.state = event.state;
  if (event.throttled !== null && event.at >= into.throttledAt) {
    into.throttled = event.throttled;
    into.throttledAt = event.at;
  }
  if (event.at > into.at) into.at = event.at;
  if (event.startedAt && (!into.startedAt || event.startedAt < into.startedAt)) into.startedAt = event.startedAt;
  if (event.endsAt) into.endsAt = event.endsAt;
  return into;
}

/**
 * The cards' figures from their packages: used and total of the active ones (unlimited while an unlimited one is
 * active, kind 2 while one is throttled), the latest end among active and waiting ones (else the end of the last one
 * that ran; a card without packages keeps the end its operator loaded), when
 * the provider last measured them, and Activated once a package has started on a card that was never used.
 */
export async function recomputeCards(q: Queryable, iccids: readonly string[]): Promise<void> {
  if (iccids.length === 0) return;
  // Locked first (in ICCID order, as ingestion does): the sums below then see every package write committed before,
  // and a report applied at the same time waits instead of being summed over.
  await lockCards(q, iccids);
  await q.query(
    `UPDATE cards c SET
        used_bytes = s.used, total_bytes = s.total, unlimited = s.unlimited,
        kind = CASE WHEN s.throttled THEN 2 ELSE 1 END,
        show_alert = s.throttled,
        expire_timestamp = coalesce(s.expire, s.ended, c.expire_timestamp),
        usage_updated_at = CASE WHEN s.usage_at IS NULL THEN c.usage_updated_at
                                ELSE greatest(c.usage_updated_at, s.usage_at) END,
        status = CASE WHEN c.status = 'Ready' AND s.started THEN 'Activated' ELSE c.status END,
        activated_at = coalesce(c.activated_at, s.first_start),
        updated_at = now()
       FROM (SELECT i.iccid,
                    coalesce(sum(cp.used_bytes) FILTER (WHERE cp.status = 'active'), 0) AS used,
                    coalesce(sum(cp.data_bytes) FILTER (WHERE cp.status = 'active' AND NOT cp.unlimited), 0) AS total,
                    coalesce(bool_or(cp.unlimited) FILTER (WHERE cp.status = 'active'), false) AS unlimited,
                    coalesce(bool_or(cp.throttled) FILTER (WHERE cp.status = 'active'), false) AS throttled,
                    max(cp.expire_timestamp) FILTER (WHERE cp.status IN ('active', 'init')) AS expire,
                    max(cp.expire_timestamp) FILTER (WHERE cp.status IN ('stop', 'invalid')
                                                       AND cp.started_at IS NOT NULL) AS ended,
                    max(cp.usage_at) AS usage_at,
                    coalesce(bool_or(cp.status <> 'init' AND cp.started_at IS NOT NULL), false) AS started,
                    min(cp.started_at) FILTER (WHERE cp.status <> 'init') AS first_start
               FROM unnest($1::text[]) AS i(iccid)
               LEFT JOIN card_packages cp ON cp.iccid = i.iccid
              GROUP BY i.iccid) s
      WHERE c.iccid = s.iccid`,
    [iccids],
  );
}

/** Locks cards in ICCID order (every writer of card figures does, so two never deadlock). */
export async function lockCards(q: Queryable, iccids: readonly string[]): Promise<void> {
  // NO KEY UPDATE: it serialises the writers of a card's figures as FOR UPDATE would, but does not wait for the
  // KEY SHARE lock a transaction takes by inserting a package that references the card. With FOR UPDATE two
  // fulfilments of one card (each inserting its package, then locking the card) deadlocked (pnpm bench:load).
  await q.query(`SELECT 1 FROM cards WHERE iccid = ANY($1::text[]) ORDER BY iccid FOR NO KEY UPDATE`, [
    [...iccids].sort(),
  ]);
}

/** Default alert thresholds (percent of data left) when the cardholder chose none. */
export const DEFAULT_THRESHOLDS: readonly number[] = [20, 5];

/**
 * Raises the low-data alerts the packages crossed: one row per package and threshold, ever (UNIQUE), so a report
 * that crosses a threshold again (or twice at once) raises nothing new. A package used up between two reports (the
 * phone used the rest within one reporting interval) still gets its alert: the cardholder hears that the data ran
 * out. Answers the new alerts' ids.
 */
export async function raiseDataAlerts(q: Queryable, packageIds: readonly number[]): Promise<number[]> {
  if (packageIds.length === 0) return [];
  const rows = await q.query<{ id: number }>(
    `INSERT INTO card_alerts (card_package_id, iccid, kind, threshold)
     SELECT cp.id, cp.iccid, 'low_data', t.threshold
       FROM card_packages cp
       LEFT JOIN card_alert_settings s ON s.iccid = cp.iccid
       CROSS JOIN LATERAL unnest(coalesce(s.thresholds, $2::smallint[])) AS t(threshold)
      WHERE cp.id = ANY($1::bigint[]) AND cp.iccid IS NOT NULL AND NOT cp.unlimited
        AND (cp.status = 'active' OR cp.ended_reason = 'depleted')
        AND cp.data_bytes > 0 AND (cp.data_bytes - least(cp.used_bytes, cp.data_bytes)) * 100 <= t.threshold * cp.data_bytes
      ORDER BY cp.id, t.threshold
     ON CONFLICT (card_package_id, kind, threshold) DO NOTHING
     RETURNING id`,
    [packageIds, DEFAULT_THRESHOLDS],
  );
  return rows.map((row) => Number(row.id));
}

/** Applies provider reports (see the top of this file) in the caller's transaction. */
export async function ingestIn(
  q: Queryable,
  provider: ConnectivityProviderName,
  events: readonly UsageEvent[],
): Promise<IngestResult> {
  const result: IngestResult = { applied: 0, duplicates: 0, unmatched: 0, alertIds: [] };
  const unique = new Map<string, UsageEvent>();
  for (const event of events) {
    if (unique.has(event.eventKey)) result.duplicates += 1;
    else unique.set(event.eventKey, event);
  }
  if (unique.size === 0) return result;
  // Pools first (the lock order of pool figures before card figures); a member card's use of a pool is the pool's.
  const pooled = await ingestPoolLines(
    q,
    provider,
    [...unique.values()].filter((event) => event.poolLine),
  );
  result.applied += pooled.applied;
  result.duplicates += pooled.duplicates;
  result.unmatched += pooled.unmatched;
  const batch = [...unique.values()].filter((event) => !event.poolLine);
  if (batch.length === 0) return result;
  const iccids = [...new Set(batch.map((event) => event.iccid))].sort();
  await lockCards(q, iccids);
  const { references, assignments } = keysOf(batch);
  const packages = await q.query<PackageRef>(
    `SELECT id, iccid, provider_assignment FROM card_packages
      WHERE iccid = ANY($1::text[]) AND provider = $2
        AND (id = ANY($3::bigint[]) OR provider_assignment = ANY($4::text[]))`,
    [iccids, provider, references, assignments],
  );
  const byId = new Map(packages.map((row) => [`${row.iccid}\n${Number(row.id)}`, Number(row.id)]));
  const byAssignment = new Map(
    packages.flatMap((row) => (row.provider_assignment ? [[row.provider_assignment, Number(row.id)] as const] : [])),
  );
  const matched: Array<{ event: UsageEvent; packageId: number }> = [];
  for (const event of batch) {
    const packageId =
      (event.reference !== null ? byId.get(`${event.iccid}\n${event.reference}`) : undefined) ??
      (event.assignmentId !== null ? byAssignment.get(event.assignmentId) : undefined);
    if (packageId === undefined) result.unmatched += 1;
    else matched.push({ event, packageId });
  }
  if (matched.length === 0) return result;
  const updates = new Map<number, PackageUpdate>();
  for (const { event, packageId } of await keepFresh(q, provider, matched, result)) {
    updates.set(packageId, merge(updates.get(packageId), packageId, event));
  }
  if (updates.size === 0) return result;
  const list = [...updates.values()];
  const touched = await q.query<{ iccid: string }>(
    `UPDATE card_packages cp SET
        used_bytes = greatest(cp.used_bytes, v.used),
        usage_at = greatest(cp.usage_at, v.at),
        throttled = CASE WHEN v.throttled IS NOT NULL AND v.throttled_at >= coalesce(cp.usage_at, '-infinity')
                         THEN v.throttled ELSE cp.throttled END,
        status = CASE WHEN ${rank('v.status')} > ${rank('cp.status')} THEN v.status ELSE cp.status END,
        ended_reason = CASE WHEN ${rank('v.status')} > ${rank('cp.status')} AND v.status IN ('stop', 'invalid')
                            THEN v.reason ELSE cp.ended_reason END,
        started_at = coalesce(cp.started_at, v.started),
        -- Validity runs from first use: the provider's end replaces the planned one when the package starts.
        expire_timestamp = CASE WHEN cp.status = 'init' AND v.status <> 'init' AND v.ends IS NOT NULL
                                THEN extract(epoch FROM v.ends)::bigint ELSE cp.expire_timestamp END
       FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[], $5::text[], $6::boolean[],
                   $7::timestamptz[], $8::timestamptz[], $9::timestamptz[])
            AS v(id, used, at, status, reason, throttled, throttled_at, started, ends)
      WHERE cp.id = v.id
      RETURNING cp.iccid`,
    [
      list.map((update) => update.id),
      list.map((update) => update.used),
      list.map((update) => update.at),
      list.map((update) => STATUS_OF[update.state]),
      list.map((update) => (update.state === 'queued' || update.state === 'active' ? null : update.state)),
      list.map((update) => update.throttled),
      list.map((update) => update.throttledAt),
      list.map((update) => update.startedAt),
      list.map((update) => update.endsAt),
    ],
  );
  await recomputeCards(q, [...new Set(touched.map((row) => row.iccid))].sort());
  result.alertIds = await raiseDataAlerts(
    q,
    list.map((update) => update.id),
  );
  return result;
}

/** Applies provider reports in a transaction of their own (see ingestIn). */
export async function ingestUsage(
  db: Db,
  provider: ConnectivityProviderName,
  events: readonly UsageEvent[],
): Promise<IngestResult> {
  if (events.length === 0) return { applied: 0, duplicates: 0, unmatched: 0, alertIds: [] };
  return db.tx((q) => ingestIn(q, provider, events));
}
