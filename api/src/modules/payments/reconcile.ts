import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/index';
import { type Providers } from './checkout';
import { acceptEvent } from './fulfilment';
import { type JobQueue } from './jobs';
import { type ProviderName, type VerifiedEvent } from './providers/types';

/**
 * Reconciliation: a webhook that never arrived (our endpoint down for longer than the provider retries, a delivery
 * switched off, a misconfigured endpoint) must not leave a paid order unfulfilled or a refund unapplied. A job every
 * few minutes reads the provider's own event log (Stripe's GET /v1/events, with our secret key: as trustworthy as a
 * signed event) for the event types we act on, created since the last one seen, and feeds each through the webhook's
 * path: stored once by its event id (a webhook and the reconciler seeing the same event store it once) and processed
 * in the same exactly-once transaction.
 *
 * The cursor lives in payment_event_cursors: events created after `created_after` (less a small overlap for events
 * of the same second, or listed a moment late) are read, newest first as the provider lists them, and applied oldest
 * first. A run that cannot read everything in its page budget applies what it read (the newest) and leaves the older
 * rest of the window (up to `resume_before`) to the next runs before the cursor moves on. One run at a time across
 * instances (a lease on the cursor row); a failed run moves nothing and the job retries.
 */

export interface ReconcileContext {
  db: Db;
  jobs: JobQueue;
  providers: Providers;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Processes a stored event now (the job it was stored with does it again if this fails). */
  process(eventRowId: number): Promise<unknown>;
}

/** Events of the same second as the newest seen, or listed a moment after they were created, are read again. */
export const OVERLAP_SECONDS = 120;
/** The first run reads back this far: as long as providers retry a webhook (Stripe: 3 days). */
export const FIRST_LOOKBACK_SECONDS = 3 * 86_400;
/** Pages (of 100 events) one run reads at most. */
const PAGES_PER_RUN = 20;
/** A run that died holds the cursor no longer than this. */
const LEASE_SECONDS = 300;

interface CursorRow {
  created_after: number;
  resume_before: number | null;
  resume_to: number | null;
}

export interface ReconcileResult {
  /** Events read from the provider. */
  read: number;
  /** Of them, events not stored before (the webhook missed them, or has not delivered them yet). */
  stored: number;
  /** Whether the window was read to its end (false: the next run continues with the older rest). */
  complete: boolean;
}

async function claimCursor(db: Db, provider: ProviderName, nowSeconds: number): Promise<CursorRow | undefined> {
  await db.query(
    `INSERT INTO payment_event_cursors (provider, created_after) VALUES ($1, $2) ON CONFLICT (provider) DO NOTHING`,
    [provider, nowSeconds - FIRST_LOOKBACK_SECONDS],
  );
  const row = await db.one<CursorRow>(
    `UPDATE payment_event_cursors SET lease_until = now() + make_interval(secs => $2), updated_at = now()
      WHERE provider = $1 AND (lease_until IS NULL OR lease_until < now())
      RETURNING created_after, resume_before, resume_to`,
    [provider, LEASE_SECONDS],
  );
  if (!row) return undefined;
  return {
    created_after: Number(row.created_after),
    resume_before: row.resume_before === null ? null : Number(row.resume_before),
    resume_to: row.resume_to === null ? null : Number(row.resume_to),
  };
}

/** Reads and applies the events one provider's webhook may have missed (see the top of this file). */
export async function reconcileProvider(
  context: ReconcileContext,
  name: ProviderName,
  options: { pagesPerRun?: number } = {},
): Promise<ReconcileResult | null> {
  const provider = context.providers[name];
  if (!provider?.listEvents) return null;
  const { db } = context;
  const cursor = await claimCursor(db, name, Math.floor(context.now().getTime() / 1000));
  // Another instance is at it.
  if (!cursor) return null;
  let next = cursor;
  try {
    const read: Array<VerifiedEvent & { created: number }> = [];
    let complete = false;
    let olderThan: string | null = null;
    for (let page = 0; page < (options.pagesPerRun ?? PAGES_PER_RUN); page += 1) {
      const answer = await provider.listEvents({
        createdAfter: cursor.created_after - OVERLAP_SECONDS,
        createdUpTo: cursor.resume_before,
        olderThan,
      });
      read.push(...answer.events);
      const last = answer.events.at(-1);
      if (!answer.hasMore || !last) {
        complete = true;
        break;
      }
      olderThan = last.eventId;
    }
    // Oldest first (the list is newest first; same-second events keep the provider's order).
    const oldestFirst = read.map((event, index) => ({ event, index })).reverse();
    oldestFirst.sort((a, b) => a.event.created - b.event.created || b.index - a.index);
    let stored = 0;
    for (const { event: listed } of oldestFirst) {
      const { created: _created, ...event } = listed;
      const accepted = await acceptEvent(db, context.jobs, name, event);
      if (accepted.result !== null) continue;
      stored += 1;
      await context.process(accepted.id).catch((error: unknown) => {
        context.log.warn({ err: error, eventId: event.eventId }, 'reconciled event not processed yet; the job retries');
      });
    }
    const newest = read.reduce((max, event) => Math.max(max, event.created), -Infinity);
    const oldest = read.reduce((min, event) => Math.min(min, event.created), Infinity);
    if (complete) {
      // Done with the window: the cursor moves past the newest event of the whole window.
      const reached = Math.max(cursor.created_after, cursor.resume_to ?? -Infinity, newest);
      next = { created_after: reached, resume_before: null, resume_to: null };
    } else {
      // The newest part is applied; the older rest (down to the cursor) comes next, then the cursor moves.
      next = {
        created_after: cursor.created_after,
        resume_before: oldest,
        resume_to: cursor.resume_before === null ? newest : cursor.resume_to,
      };
      context.log.warn({ provider: name, read: read.length }, 'reconciliation continues with older events next run');
    }
    if (stored > 0) context.log.info({ provider: name, read: read.length, stored }, 'reconciled missed events');
    return { read: read.length, stored, complete };
  } finally {
    await db.query(
      `UPDATE payment_event_cursors SET created_after = $2, resume_before = $3, resume_to = $4, lease_until = NULL,
              last_run_at = now(), updated_at = now()
        WHERE provider = $1`,
      [name, next.created_after, next.resume_before, next.resume_to],
    );
  }
}
