import { type Queryable } from '../../db/index';
import { type BundleState, type ConnectivityProviderName, type UsageEvent } from './providers/types';

/** What applying a card's reports (usage.ts) and a pool's (pool-usage.ts) have in common. */

export type PackageStatus = 'init' | 'active' | 'stop' | 'invalid';

/** A package's status from the bundle state a report gives. */
export const STATUS_OF: Readonly<Record<BundleState, PackageStatus>> = {
  queued: 'init',
  active: 'active',
  depleted: 'stop',
  expired: 'stop',
  revoked: 'invalid',
};

/** The rank of a package status in SQL (init 0, active 1, stop and invalid 2), as BUNDLE_STATE_RANK. */
export const rank = (column: string) => `(CASE ${column} WHEN 'init' THEN 0 WHEN 'active' THEN 1 ELSE 2 END)`;

/**
 * Stores the matched reports' keys once (connectivity_events), in key order so two batches never deadlock; answers
 * the reports stored now, counting them applied: a report whose key was stored before is a duplicate and changes
 * nothing.
 */
export async function keepFresh<T extends { event: UsageEvent }>(
  q: Queryable,
  provider: ConnectivityProviderName,
  matched: ReadonlyArray<T>,
  counts: { applied: number; duplicates: number },
): Promise<T[]> {
  const sorted = matched
    .map(({ event }) => event)
    .sort((a, b) => (a.eventKey < b.eventKey ? -1 : a.eventKey > b.eventKey ? 1 : 0));
  const stored = await q.query<{ event_key: string }>(
    `INSERT INTO connectivity_events (provider, event_key, iccid)
     SELECT $1, v.event_key, v.iccid FROM unnest($2::text[], $3::text[]) AS v(event_key, iccid)
     ON CONFLICT (provider, event_key) DO NOTHING
     RETURNING event_key`,
    [provider, sorted.map((event) => event.eventKey), sorted.map((event) => event.iccid)],
  );
  const fresh = new Set(stored.map((row) => row.event_key));
  const kept = matched.filter(({ event }) => fresh.has(event.eventKey));
  counts.applied += kept.length;
  counts.duplicates += matched.length - kept.length;
  return kept;
}

/** The package keys the reports name: our references (card_packages ids) and the provider's assignment ids. */
export function keysOf(events: ReadonlyArray<UsageEvent>): { references: string[]; assignments: string[] } {
  const references = events.flatMap((event) =>
    event.reference && /^\d{1,15}$/.test(event.reference) ? [event.reference] : [],
  );
  const assignments = events.flatMap((event) => (event.assignmentId ? [event.assignmentId] : []));
  return { references: [...new Set(references)], assignments: [...new Set(assignments)] };
}
