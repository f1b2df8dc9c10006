import { type Db, type Queryable } from '../../db/index';
import { newPoolObjectId, planLines } from '../pools/repository';
import { QUEUES, type JobQueue } from './jobs';
import { type OrderStatus } from './repository';
import { type ProviderName, type VerifiedEvent } from './providers/types';

/**
 * Exactly-once fulfilment. A verified provider event is first stored (UNIQUE (provider, event_id): a duplicate
 * delivery stores nothing) together with a job that processes it, in one transaction; then it is processed, inline
 * right away and by the job if the process died in between. Processing locks the event and the order and, for a
 * payment, in one transaction: records the payment (payments.order_id is unique), adds the package to the card or
 * pool, marks the order paid and enqueues the receipt. Duplicates, out-of-order events and retries all end in
 * "already done".
 */

/** What processing an event did; stored in payment_events.result. */
export type EventResult =
  | 'fulfilled'
  | 'duplicate'
  | 'failed'
  | 'cancelled'
  | 'ignored'
  | 'approved'
  | 'unknown_order'
  | 'rejected_amount'
  | 'rejected_order';

export function isRejection(result: string | null): boolean {
  return result === 'rejected_amount' || result === 'rejected_order';
}

/** The stored form of a verified event: the normalized fields and the provider's own payload. */
interface StoredEvent {
  event: Omit<VerifiedEvent, 'payload'>;
  raw: unknown;
}

export interface AcceptedEvent {
  id: number;
  /** What processing did, when an earlier delivery of the same event was processed already. */
  result: string | null;
}

/**
 * Stores a verified event once (a duplicate delivery stores nothing): its row, whether this call stored it, and what
 * an earlier processing of it did.
 */
async function storeEvent(
  q: Queryable,
  provider: ProviderName,
  event: VerifiedEvent,
): Promise<{ id: number; stored: boolean; result: string | null }> {
  const { payload, ...normalized } = event;
  const stored: StoredEvent = { event: normalized, raw: payload };
  const inserted = await q.one<{ id: number }>(
    `INSERT INTO payment_events (provider, event_id, type, order_id, payload)
     VALUES ($1, $2, $3, (SELECT id FROM orders WHERE id = $4), $5::jsonb)
     ON CONFLICT (provider, event_id) DO NOTHING
     RETURNING id`,
    [provider, event.eventId, event.type, event.orderId, JSON.stringify(stored)],
  );
  if (inserted) return { id: inserted.id, stored: true, result: null };
  const existing = await q.one<{ id: number; result: string | null }>(
    `SELECT id, result FROM payment_events WHERE provider = $1 AND event_id = $2`,
    [provider, event.eventId],
  );
  if (!existing) throw new Error('payment event vanished');
  return { id: existing.id, stored: false, result: existing.result };
}

/** Stores a verified event once and, with it, the job that processes it. */
export async function acceptEvent(
  db: Db,
  jobs: JobQueue,
  provider: ProviderName,
  event: VerifiedEvent,
): Promise<AcceptedEvent> {
  return db.tx(async (q) => {
    const { id, stored, result } = await storeEvent(q, provider, event);
    if (stored) await jobs.send(q, QUEUES.processEvent, { eventId: id });
    return { id, result };
  });
}

interface LockedOrder {
  id: number;
  user_id: number | null;
  iccid: string | null;
  pool_id: number | null;
  package_id: number;
  product_kind: 'card' | 'pool';
  amount: number;
  tax_amount: number;
  currency: string;
  renewal: boolean;
  status: OrderStatus;
  provider: string;
  provider_ref: string | null;
}

interface PackageFacts {
  code: string;
  name: string;
  data_bytes: number | null;
  unlimited: boolean;
  validity_days: number;
  pool_lines: number | null;
}

const DAY_SECONDS = 86_400;

/** The package the order bought goes onto its card: queued behind an active one, else active from now. */
async function addToCard(q: Queryable, order: LockedOrder & { iccid: string }, pkg: PackageFacts, nowS: number) {
  // Queued behind what is in force or waiting: it runs from the latest of their ends, so renewals chain period
  // after period.
  const active = await q.one<{ latest: number | null }>(
    `SELECT max(expire_timestamp) FILTER (WHERE expire_timestamp > $2) AS latest FROM card_packages
      WHERE iccid = $1 AND status IN ('active', 'init') AND (expire_timestamp IS NULL OR expire_timestamp > $2)
     HAVING bool_or(status = 'active')`,
    [order.iccid, nowS],
  );
  const validity = pkg.validity_days * DAY_SECONDS;
  await q.query(
    `INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, unlimited, validity_days,
                                started_at, expire_timestamp)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      order.iccid,
      order.package_id,
      order.id,
      pkg.name,
      active ? 'init' : 'active',
      pkg.data_bytes,
      pkg.unlimited,
      pkg.validity_days,
      active ? null : new Date(nowS * 1000),
      (active?.latest ?? nowS) + validity,
    ],
  );
  // The card's figures are what the card page shows: its total grows and its validity runs on.
  await q.query(
    `UPDATE cards SET
        total_bytes = total_bytes + $2,
        unlimited = unlimited OR $3,
        expire_timestamp = greatest(coalesce(expire_timestamp, 0), $4) + $5,
        renewal = renewal OR $6,
        status = CASE WHEN status = 'Suspension' AND coalesce(expire_timestamp, 0) <= $4 THEN 'Activated'
                      ELSE status END,
        updated_at = now()
      WHERE iccid = $1`,
    [order.iccid, pkg.unlimited ? 0 : (pkg.data_bytes ?? 0), pkg.unlimited, nowS, validity, order.renewal],
  );
}

/** A pool plan: refills the order's pool, or creates the buyer's new pool (with the card as its first line). */
async function addToPool(q: Queryable, order: LockedOrder, pkg: PackageFacts, nowS: number) {
  const validity = pkg.validity_days * DAY_SECONDS;
  const bytes = pkg.unlimited ? 0 : (pkg.data_bytes ?? 0);
  let poolId = order.pool_id;
  if (poolId !== null) {
    await q.query(
      `UPDATE pools SET total_bytes = total_bytes + $2, expire_timestamp = greatest(coalesce(expire_timestamp, 0), $3) + $4,
                        status = 'Activated'
        WHERE id = $1`,
      [poolId, bytes, nowS, validity],
    );
  } else {
    const created = await q.one<{ id: number }>(
      `INSERT INTO pools (pool_object_id, user_id, package_id, kind, status, total_bytes, total_days, pool_lines,
                          expire_timestamp)
       VALUES ($1, $2, $3, $4, 'Activated', $5, $6, $7, $8) RETURNING id`,
      [
        newPoolObjectId(),
        order.user_id,
        order.package_id,
        pkg.unlimited ? 1 : 3,
        bytes,
        pkg.validity_days,
        planLines(pkg),
        nowS + validity,
      ],
    );
    if (!created) throw new Error('pool not created');
    poolId = created.id;
    if (order.iccid) {
      // A card shares one pool at a time (pool_members.iccid is unique): one already in a pool stays there.
      await q.query(`INSERT INTO pool_members (pool_id, iccid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        poolId,
        order.iccid,
      ]);
    }
    await q.query(`UPDATE orders SET pool_id = $2 WHERE id = $1`, [order.id, poolId]);
  }
  await q.query(
    `INSERT INTO card_packages (pool_id, package_id, order_id, name, status, data_bytes, unlimited, validity_days,
                                started_at, expire_timestamp)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, $8, $9)`,
    [
      poolId,
      order.package_id,
      order.id,
      pkg.name,
      pkg.data_bytes,
      pkg.unlimited,
      pkg.validity_days,
      new Date(nowS * 1000),
      nowS + validity,
    ],
  );
}

async function fulfil(
  q: Queryable,
  jobs: JobQueue,
  order: LockedOrder,
  event: StoredEvent['event'],
  eventRowId: number,
): Promise<EventResult> {
  // The one payment of the order: a second one (another event for the same order) inserts nothing.
  const payment = await q.one<{ id: number }>(
    `INSERT INTO payments (order_id, provider, provider_payment_id, amount, currency, event_id)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id) DO NOTHING RETURNING id`,
    [order.id, order.provider, event.paymentId, order.amount + order.tax_amount, order.currency, eventRowId],
  );
  if (!payment) return 'duplicate';
  const pkg = await q.one<PackageFacts>(
    `SELECT p.code, coalesce(en.name, p.code) AS name, p.data_bytes, p.unlimited, p.validity_days, p.pool_lines
       FROM packages p LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
      WHERE p.id = $1`,
    [order.package_id],
  );
  if (!pkg) throw new Error(`order ${order.id}: package ${order.package_id} missing`);
  const nowS = Math.floor(Date.now() / 1000);
  if (order.product_kind === 'pool') await addToPool(q, order, pkg, nowS);
  else if (order.iccid) await addToCard(q, { ...order, iccid: order.iccid }, pkg, nowS);
  else throw new Error(`order ${order.id}: nothing to add the package to`);
  await q.query(
    `UPDATE orders SET status = 'fulfilled', paid_at = coalesce(paid_at, now()), fulfilled_at = now(),
                       purchase_key = NULL, updated_at = now()
      WHERE id = $1`,
    [order.id],
  );
  if (event.savedMethod && order.renewal) {
    await q.query(
      `INSERT INTO saved_payment_methods (user_id, iccid, pool_id, provider, token, customer_ref, order_id)
       SELECT user_id, iccid, pool_id, provider, $2, $3, id FROM orders WHERE id = $1
       ON CONFLICT (provider, token) DO NOTHING`,
      [order.id, event.savedMethod.token, event.savedMethod.customerRef],
    );
  }
  await jobs.send(q, QUEUES.receipt, { orderId: order.id }, { singletonKey: `receipt-${order.id}` });
  return 'fulfilled';
}

/** Applies one stored event to its order (see the top of this file); answers what it did. Safe to run again. */
export async function processEvent(db: Db, jobs: JobQueue, eventRowId: number): Promise<EventResult | string> {
  return db.tx((q) => processEventIn(q, jobs, eventRowId));
}

async function processEventIn(q: Queryable, jobs: JobQueue, eventRowId: number): Promise<EventResult | string> {
  const row = await q.one<{
    provider: ProviderName;
    payload: StoredEvent;
    processed_at: Date | null;
    result: string;
  }>(`SELECT provider, payload, processed_at, result FROM payment_events WHERE id = $1 FOR UPDATE`, [eventRowId]);
  if (!row) throw new Error(`payment event ${eventRowId} missing`);
  if (row.processed_at) return row.result;
  const { event } = row.payload;
  const result = await apply(q, jobs, row.provider, event, eventRowId);
  await q.query(`UPDATE payment_events SET processed_at = now(), result = $2 WHERE id = $1`, [eventRowId, result]);
  return result;
}

/**
 * A provider's answer to our own request (an off-session renewal charge): stored and applied in one transaction.
 * No job is needed: if this dies before committing, nothing was stored and the renewal job asks the provider again
 * under the same idempotency key, getting the same payment.
 */
export async function acceptAndProcess(
  db: Db,
  jobs: JobQueue,
  provider: ProviderName,
  event: VerifiedEvent,
): Promise<EventResult | string> {
  return db.tx(async (q) => processEventIn(q, jobs, (await storeEvent(q, provider, event)).id));
}

async function apply(
  q: Queryable,
  jobs: JobQueue,
  provider: ProviderName,
  event: StoredEvent['event'],
  eventRowId: number,
): Promise<EventResult> {
  if (event.type === 'pending' || event.type === 'ignored') return 'ignored';
  const columns = `id, user_id, iccid, pool_id, package_id, product_kind, amount, tax_amount, currency, renewal, status, provider,
                   provider_ref`;
  const order =
    event.orderId !== null
      ? await q.one<LockedOrder>(`SELECT ${columns} FROM orders WHERE id = $1 FOR UPDATE`, [event.orderId])
      : await q.one<LockedOrder>(`SELECT ${columns} FROM orders WHERE provider = $1 AND provider_ref = $2 FOR UPDATE`, [
          provider,
          event.providerRef,
        ]);
  if (!order) return 'unknown_order';
  // Only the provider that holds the order's session, and only that session, speaks for it.
  if (order.provider !== provider) return 'rejected_order';
  if (event.providerRef && order.provider_ref && event.providerRef !== order.provider_ref) return 'rejected_order';
  await q.query(`UPDATE payment_events SET order_id = $2 WHERE id = $1 AND order_id IS NULL`, [eventRowId, order.id]);
  switch (event.type) {
    case 'approved':
      return order.status === 'created' || order.status === 'pending' ? 'approved' : 'ignored';
    case 'succeeded':
      if (event.amount !== order.amount + order.tax_amount || event.currency !== order.currency) {
        return 'rejected_amount';
      }
      // Money arrived: even an order the buyer had cancelled (or whose earlier attempt failed) is now paid.
      if (order.status === 'fulfilled' || order.status === 'paid' || order.status === 'refunded') return 'duplicate';
      return fulfil(q, jobs, order, event, eventRowId);
    case 'failed':
    case 'cancelled': {
      if (order.status !== 'created' && order.status !== 'pending') return 'ignored';
      await q.query(`UPDATE orders SET status = $2, purchase_key = NULL, updated_at = now() WHERE id = $1`, [
        order.id,
        event.type,
      ]);
      return event.type;
    }
    default:
      return 'ignored';
  }
}
