import { type Db, type Queryable } from '../../db/index';
import { raiseExpiryAlerts } from './alerts';
import { type CardSnapshot, type ConnectivityProvider, type UsageEvent } from './providers/types';
import { ingestIn, lockCards, recomputeCards, type IngestResult } from './usage';
import { lockPools, recomputePools } from './pool-usage';

/**
 * A package's life beyond usage reports: the scheduled expiry at its end, the periodic pull of figures from the
 * provider (callbacks can be lost), the card's status and last-seen network from the provider, and unlock.
 */

/** Stops active packages whose end has passed, recomputes their cards, raises the expiry alerts due. */
export async function expireDue(
  q: Queryable,
  nowSeconds: number,
): Promise<{ expired: number; alertIds: number[]; iccids: string[] }> {
  // Pools' packages first (pools before cards, as every writer of both keeps), then the cards'.
  const duePools = await q.query<{ pool_id: number }>(
    `SELECT DISTINCT pool_id FROM card_packages
      WHERE status = 'active' AND expire_timestamp <= $1 AND pool_id IS NOT NULL`,
    [nowSeconds],
  );
  const poolIds = duePools.map((row) => Number(row.pool_id)).sort((a, b) => a - b);
  await lockPools(q, poolIds);
  const poolRows = await q.query(
    `UPDATE card_packages SET status = 'stop', ended_reason = 'expired'
      WHERE status = 'active' AND expire_timestamp <= $1 AND pool_id = ANY($2::bigint[]) RETURNING id`,
    [nowSeconds, poolIds],
  );
  await recomputePools(q, poolIds);
  // The cards first, then their packages: the order every writer of card figures keeps (no deadlock with ingestion).
  const due = await q.query<{ iccid: string }>(
    `SELECT DISTINCT iccid FROM card_packages
      WHERE status = 'active' AND expire_timestamp <= $1 AND iccid IS NOT NULL`,
    [nowSeconds],
  );
  const iccids = due.map((row) => row.iccid).sort();
  await lockCards(q, iccids);
  const rows = await q.query<{ iccid: string | null }>(
    `UPDATE card_packages SET status = 'stop', ended_reason = 'expired'
      WHERE status = 'active' AND expire_timestamp <= $1 AND iccid = ANY($2::text[])
      RETURNING iccid`,
    [nowSeconds, iccids],
  );
  await recomputeCards(q, iccids);
  return { expired: rows.length + poolRows.length, alertIds: await raiseExpiryAlerts(q, nowSeconds), iccids };
}

/**
 * A snapshot's bundles as usage reports, keyed by their figures: the same figures pulled twice are one report, and
 * new use is a new one (the remaining quantity, or the used one of a bundle without: an unlimited bundle's).
 */
export function snapshotEvents(snapshot: CardSnapshot): UsageEvent[] {
  return snapshot.bundles.map((bundle) => ({
    eventKey: `pull:${bundle.assignmentId}:${bundle.state}:${bundle.remainingBytes ?? `u${bundle.usedBytes ?? ''}`}:${bundle.throttled}`,
    iccid: snapshot.iccid,
    reference: bundle.reference,
    assignmentId: bundle.assignmentId,
    at: snapshot.at,
    state: bundle.state,
    initialBytes: bundle.initialBytes,
    remainingBytes: bundle.remainingBytes,
    usedBytes: bundle.usedBytes ?? null,
    unlimited: bundle.unlimited,
    throttled: bundle.throttled,
    startedAt: bundle.startedAt,
    endsAt: bundle.endsAt,
  }));
}

/**
 * Applies what the provider says of a card: its bundles' figures (as usage reports), its status (Suspension and back
 * are the provider's to decide; a card never used stays Ready), where it was seen last and when we asked.
 */
export async function applySnapshot(
  q: Queryable,
  provider: ConnectivityProvider,
  snapshot: CardSnapshot,
): Promise<IngestResult> {
  const result = await ingestIn(q, provider.name, snapshotEvents(snapshot));
  await q.query(
    `UPDATE cards SET
        status = CASE WHEN $2 = 'Suspension' THEN 'Suspension'
                      WHEN status = 'Suspension' OR $2 = 'Activated' THEN $2
                      ELSE status END,
        last_seen_country = coalesce($3, last_seen_country), last_seen_network = coalesce($4, last_seen_network),
        last_seen_at = coalesce($5, last_seen_at), provider_checked_at = $6,
        -- Asked just now: the figures are as of now even when they did not change.
        usage_updated_at = CASE WHEN EXISTS (SELECT 1 FROM card_packages cp WHERE cp.iccid = $1 AND cp.provider = $7)
                                THEN greatest(usage_updated_at, $6) ELSE usage_updated_at END,
        updated_at = now()
      WHERE iccid = $1`,
    [
      snapshot.iccid,
      snapshot.status,
      snapshot.lastSeen?.country ?? null,
      snapshot.lastSeen?.network ?? null,
      snapshot.lastSeen?.at ?? null,
      snapshot.at,
      provider.name,
    ],
  );
  return result;
}

/** Asks the provider about one card and applies the answer; answers the alerts raised. */
export async function pullCard(db: Db, provider: ConnectivityProvider, iccid: string): Promise<IngestResult> {
  const snapshot = await provider.snapshot(iccid);
  return db.tx(async (q) => {
    await lockCards(q, [iccid]);
    return applySnapshot(q, provider, snapshot);
  });
}

/** Cards due for the periodic pull: ones with a package at this provider in force or waiting, asked longest ago. */
export async function cardsToPull(
  db: Queryable,
  provider: ConnectivityProvider,
  olderThanSeconds: number,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ iccid: string }>(
    `SELECT c.iccid FROM cards c
      WHERE EXISTS (SELECT 1 FROM card_packages cp WHERE cp.iccid = c.iccid AND cp.provider = $1
                       AND cp.provider_state = 'applied' AND cp.status IN ('active', 'init'))
        AND (c.provider_checked_at IS NULL OR c.provider_checked_at < now() - make_interval(secs => $2::int))
      ORDER BY c.provider_checked_at NULLS FIRST
      LIMIT $3`,
    [provider.name, olderThanSeconds, limit],
  );
  return rows.map((row) => row.iccid);
}

/**
 * Pending packages whose apply job may have run out of retries (last tried long ago), to be queued again; a package
 * is never left pending for good.
 */
export async function stalePending(db: Queryable, olderThanSeconds: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM card_packages
      WHERE provider_state = 'pending'
        AND coalesce(apply_first_at, created_at) < now() - make_interval(secs => $1::int)
      ORDER BY id LIMIT 500`,
    [olderThanSeconds],
  );
  return rows.map((row) => Number(row.id));
}
