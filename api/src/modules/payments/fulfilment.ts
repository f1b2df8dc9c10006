import { type Db, type Queryable } from '../../db/index';
import { dropPendingPools, newPoolObjectId, planLines } from '../pools/repository';
import { recomputePools } from '../connectivity/pool-usage';
import { chunked } from '../../lib/concurrently';
import { ITEMS_PER_JOB, QUEUES, type JobQueue } from './jobs';
import { type OrderStatus, type ProductKind } from './repository';
import { queueProfiles } from './profiles';
import { savedCardOf, type ProviderName, type VerifiedEvent } from './providers/types';
import { recomputeCards } from '../connectivity/usage';
import {
  applyMoneyBack,
  awaitingPayment,
  AwaitingPayment,
  decideMoneyBack,
  findOrdersOfPayments,
  isMoneyBack,
  moneyBackStoredFor,
} from './disputes';

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
  | 'refunded'
  | 'partially_refunded'
  | 'disputed'
  | 'unknown_order'
  /** Not stored: a refund or dispute waiting for its payment (disputes.ts), stored as 'unknown_order' so far. */
  | 'awaiting_payment'
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

/** Stores verified events of one provider once each (in two statements); answers their rows' ids, in order. */
async function storeEvents(q: Queryable, provider: ProviderName, events: readonly VerifiedEvent[]): Promise<number[]> {
  await q.query(
    `INSERT INTO payment_events (provider, event_id, type, order_id, payload)
     SELECT $1, v.event_id, v.type, o.id, v.payload
       FROM unnest($2::text[], $3::text[], $4::bigint[], $5::jsonb[]) WITH ORDINALITY AS v(event_id, type, order_id, payload, n)
       LEFT JOIN orders o ON o.id = v.order_id
      ORDER BY v.n
     ON CONFLICT (provider, event_id) DO NOTHING`,
    [
      provider,
      events.map((event) => event.eventId),
      events.map((event) => event.type),
      events.map((event) => event.orderId),
      events.map(({ payload, ...normalized }) =>
        JSON.stringify({ event: normalized, raw: payload } satisfies StoredEvent),
      ),
    ],
  );
  const rows = await q.query<{ id: number; event_id: string }>(
    `SELECT id, event_id FROM payment_events WHERE provider = $1 AND event_id = ANY($2::text[])`,
    [provider, events.map((event) => event.eventId)],
  );
  const ids = new Map(rows.map((row) => [row.event_id, Number(row.id)]));
  return events.map((event) => {
    const id = ids.get(event.eventId);
    if (id === undefined) throw new Error('payment event vanished');
    return id;
  });
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
  product_kind: ProductKind;
  eid: string | null;
  agent_flag: string | null;
  email: string | null;
  amount: number;
  tax_amount: number;
  currency: string;
  renewal: boolean;
  status: OrderStatus;
  provider: string;
  provider_ref: string | null;
  refund_state: string | null;
  refunded_amount: number | null;
  disputed_at: Date | null;
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
/** Packages one apply job hands to the connectivity provider. */
const APPLY_PER_JOB = 20;

/**
 * A pool plan, bought for the order's pool or for a new one. A pending pool (createPool's) becomes Activated now, and
 * the cards it named become its members, in the order named and up to its lines (a card meanwhile in another pool,
 * or no longer the buyer's, is skipped); an activated pool is refilled: the data adds up and its end (every active
 * package's) moves on by the plan's days. Without a pool (none named, or the named one deleted or dropped
 * meanwhile) the buyer gets a new pool with the order's card as its first line. The package is handed to the
 * network like a card's (pending, with an apply job in this transaction; see connectivity/apply.ts), and the
 * pool's figures follow its packages. Runs once per order: fulfil() inserts the payment first (unique per order).
 * Answers the pool.
 */
async function addToPool(q: Queryable, order: LockedOrder, pkg: PackageFacts, nowS: number): Promise<number> {
  const validity = pkg.validity_days * DAY_SECONDS;
  const bytes = pkg.unlimited ? 0 : (pkg.data_bytes ?? 0);
  const kind = pkg.unlimited ? 1 : 3;
  const pool =
    order.pool_id === null
      ? undefined
      : await q.one<{
          id: number;
          user_id: number | null;
          pending_since: Date | null;
          expire_timestamp: number | null;
        }>(
          `SELECT id, user_id, pending_since, expire_timestamp FROM pools WHERE id = $1 AND deleted_at IS NULL
           FOR UPDATE`,
          [order.pool_id],
        );
  let poolId: number;
  let expire = nowS + validity;
  if (pool && pool.pending_since !== null) {
    poolId = Number(pool.id);
    await q.query(
      `UPDATE pools SET pending_since = NULL, status = 'Activated', kind = $2, total_days = $3, created_at = now()
        WHERE id = $1`,
      [poolId, kind, pkg.validity_days],
    );
    await q.query(
      `INSERT INTO pool_members (pool_id, iccid)
       SELECT $1, pm.iccid FROM pool_pending_members pm JOIN cards c ON c.iccid = pm.iccid
        WHERE pm.pool_id = $1 AND c.user_id = $2
          AND NOT EXISTS (SELECT 1 FROM pool_members m WHERE m.iccid = pm.iccid)
        ORDER BY pm.position
        LIMIT (SELECT pool_lines FROM pools WHERE id = $1)
       ON CONFLICT DO NOTHING`,
      [poolId, pool.user_id],
    );
    await q.query(`DELETE FROM pool_pending_members WHERE pool_id = $1`, [poolId]);
  } else if (pool) {
    poolId = Number(pool.id);
    expire = Math.max(Number(pool.expire_timestamp ?? 0), nowS) + validity;
    await q.query(`UPDATE pools SET status = 'Activated' WHERE id = $1`, [poolId]);
    await q.query(
      `UPDATE card_packages SET expire_timestamp = $2 WHERE pool_id = $1 AND status = 'active' AND expire_timestamp < $2`,
      [poolId, expire],
    );
  } else {
    const created = await q.one<{ id: number }>(
      `INSERT INTO pools (pool_object_id, user_id, package_id, kind, status, total_bytes, total_days, pool_lines,
                          expire_timestamp)
       VALUES ($1, $2, $3, $4, 'Activated', $5, $6, $7, $8) RETURNING id`,
      [newPoolObjectId(), order.user_id, order.package_id, kind, bytes, pkg.validity_days, planLines(pkg), expire],
    );
    if (!created) throw new Error('pool not created');
    poolId = Number(created.id);
    if (order.iccid) {
      // A card shares one pool at a time (pool_members.iccid is unique): one already in a pool stays there.
      await q.query(`INSERT INTO pool_members (pool_id, iccid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        poolId,
        order.iccid,
      ]);
    }
    await q.query(`UPDATE orders SET pool_id = $2 WHERE id = $1`, [order.id, poolId]);
  }
  const inserted = await q.one<{ id: number }>(
    `INSERT INTO card_packages (pool_id, package_id, order_id, name, status, data_bytes, unlimited, validity_days,
                                started_at, expire_timestamp, provider_state)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, $8, $9, 'pending') RETURNING id`,
    [
      poolId,
      order.package_id,
      order.id,
      pkg.name,
      pkg.data_bytes,
      pkg.unlimited,
      pkg.validity_days,
      new Date(nowS * 1000),
      expire,
    ],
  );
  if (!inserted) throw new Error('pool package not stored');
  await recomputePools(q, [poolId]);
  return Number(inserted.id);
}

const ORDER_COLUMNS = `id, user_id, iccid, pool_id, package_id, product_kind, eid, agent_flag, email, amount, tax_amount,
                       currency, renewal, status, provider, provider_ref, refund_state, refunded_amount, disputed_at`;

interface EventRow {
  id: number;
  provider: ProviderName;
  payload: StoredEvent;
  processed_at: Date | null;
  result: string;
}

/** What one event does, decided in memory (in event order) before the writes. */
interface Decision {
  row: EventRow;
  order: LockedOrder | undefined;
  result: EventResult;
}

/** Locks the orders the events are about (by our order id, or by the provider's own reference), in id order. */
async function lockOrders(q: Queryable, events: readonly EventRow[]): Promise<LockedOrder[]> {
  const ids: number[] = [];
  const refProviders: string[] = [];
  const refs: string[] = [];
  for (const row of events) {
    const { event } = row.payload;
    if (event.type === 'pending' || event.type === 'ignored') continue;
    if (event.orderId !== null) ids.push(event.orderId);
    else if (event.providerRef) {
      refProviders.push(row.provider);
      refs.push(event.providerRef);
    }
  }
  if (ids.length === 0 && refs.length === 0) return [];
  return q.query<LockedOrder>(
    `SELECT ${ORDER_COLUMNS} FROM orders
      WHERE id = ANY($1::bigint[])
         OR (provider, provider_ref) IN (SELECT * FROM unnest($2::text[], $3::text[]))
      ORDER BY id FOR UPDATE`,
    [ids, refProviders, refs],
  );
}

/** The effect of one event on its order; a payment only marks the order in memory (the writes follow). */
function decide(row: EventRow, order: LockedOrder | undefined): EventResult {
  const { event } = row.payload;
  if (event.type === 'pending' || event.type === 'ignored') return 'ignored';
  if (!order) return 'unknown_order';
  // Only the provider that holds the order's session, and only that session, speaks for it.
  if (order.provider !== row.provider) return 'rejected_order';
  if (event.providerRef && order.provider_ref && event.providerRef !== order.provider_ref) return 'rejected_order';
  switch (event.type) {
    case 'approved':
      return order.status === 'created' || order.status === 'pending' ? 'approved' : 'ignored';
    case 'succeeded':
      if (event.amount !== order.amount + order.tax_amount || event.currency !== order.currency) {
        return 'rejected_amount';
      }
      // Money arrived: even an order the buyer had cancelled (or whose earlier attempt failed) is now paid.
      if (order.status === 'fulfilled' || order.status === 'paid' || order.status === 'refunded') return 'duplicate';
      order.status = 'fulfilled';
      return 'fulfilled';
    case 'failed':
    case 'cancelled':
      if (order.status !== 'created' && order.status !== 'pending') return 'ignored';
      order.status = event.type;
      return event.type;
    case 'refunded':
    case 'disputed':
      return decideMoneyBack(event, order);
    default:
      return 'ignored';
  }
}

/**
 * The packages the paid card orders bought go onto their cards, each queued behind what is in force or waiting there
 * (its planned end runs from the latest of their ends, so renewals chain period after period), waiting ('init') for
 * the network: each is handed to the connectivity provider by a job queued in this same transaction (exactly once,
 * under its card_packages id), and becomes active when the provider reports its first use. The cards' figures move
 * only with their packages (connectivity/usage.ts recomputeCards); here the card takes the renewal flag.
 */
async function addToCards(
  q: Queryable,
  jobs: JobQueue,
  orders: ReadonlyArray<LockedOrder & { iccid: string }>,
  packages: ReadonlyMap<number, PackageFacts>,
  nowS: number,
) {
  if (orders.length === 0) return;
  const iccids = [...new Set(orders.map((order) => order.iccid))];
  const current = await q.query<{ iccid: string; latest: number | null }>(
    `SELECT iccid, max(expire_timestamp) FILTER (WHERE expire_timestamp > $2) AS latest FROM card_packages
      WHERE iccid = ANY($1::text[]) AND status IN ('active', 'init')
        AND (expire_timestamp IS NULL OR expire_timestamp > $2)
      GROUP BY iccid`,
    [iccids, nowS],
  );
  // Per card: when the last queued period ends.
  const queue = new Map<string, number | null>(current.map((row) => [row.iccid, row.latest]));
  const cards = new Map<string, { renewal: boolean }>();
  const inserts = {
    iccid: [] as string[],
    packageId: [] as number[],
    orderId: [] as number[],
    name: [] as string[],
    dataBytes: [] as Array<number | null>,
    unlimited: [] as boolean[],
    validityDays: [] as number[],
    expire: [] as number[],
  };
  for (const order of orders) {
    const pkg = packages.get(order.package_id);
    if (!pkg) throw new Error(`order ${order.id}: package ${order.package_id} missing`);
    const expire = (queue.get(order.iccid) ?? nowS) + pkg.validity_days * DAY_SECONDS;
    inserts.iccid.push(order.iccid);
    inserts.packageId.push(order.package_id);
    inserts.orderId.push(order.id);
    inserts.name.push(pkg.name);
    inserts.dataBytes.push(pkg.data_bytes);
    inserts.unlimited.push(pkg.unlimited);
    inserts.validityDays.push(pkg.validity_days);
    inserts.expire.push(expire);
    queue.set(order.iccid, expire);
    const card = cards.get(order.iccid) ?? { renewal: false };
    card.renewal ||= order.renewal;
    cards.set(order.iccid, card);
  }
  const inserted = await q.query<{ id: number }>(
    `INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, unlimited, validity_days,
                                expire_timestamp, provider_state)
     SELECT v.iccid, v.package_id, v.order_id, v.name, 'init', v.data_bytes, v.unlimited, v.validity_days, v.expire,
            'pending'
       FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::boolean[], $7::integer[],
                   $8::bigint[]) AS v(iccid, package_id, order_id, name, data_bytes, unlimited, validity_days, expire)
     RETURNING id`,
    [
      inserts.iccid,
      inserts.packageId,
      inserts.orderId,
      inserts.name,
      inserts.dataBytes,
      inserts.unlimited,
      inserts.validityDays,
      inserts.expire,
    ],
  );
  // A few packages per job: each is one outside call; a failed job is retried whole, its done packages skipped.
  await jobs.sendMany(
    q,
    QUEUES.connectivityApply,
    chunked(
      inserted.map((row) => Number(row.id)),
      APPLY_PER_JOB,
    ).map((ids) => ({ data: { cardPackageIds: ids } })),
  );
  const renewing = [...cards.entries()].filter(([, card]) => card.renewal).map(([iccid]) => iccid);
  if (renewing.length > 0) {
    await q.query(`UPDATE cards SET renewal = true, updated_at = now() WHERE iccid = ANY($1::text[])`, [renewing]);
  }
  // The card's end follows its packages (the planned end of the one now waiting), like all its figures.
  await recomputeCards(q, [...cards.keys()].sort());
}

/**
 * Fulfils the orders decided paid: one payment each (payments.order_id is unique, so an order paid by a concurrent
 * transaction inserts nothing and its event becomes a duplicate), the packages onto cards or pools, the orders
 * marked fulfilled, saved payment methods kept, receipts queued.
 */
async function fulfil(q: Queryable, jobs: JobQueue, paid: Decision[]): Promise<void> {
  if (paid.length === 0) return;
  const inserted = await q.query<{ order_id: number }>(
    `INSERT INTO payments (order_id, provider, provider_payment_id, amount, currency, event_id)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::bigint[])
     ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
    [
      paid.map(({ order }) => order?.id),
      paid.map(({ order }) => order?.provider),
      paid.map(({ row }) => row.payload.event.paymentId),
      paid.map(({ order }) => (order ? order.amount + order.tax_amount : 0)),
      paid.map(({ order }) => order?.currency),
      paid.map(({ row }) => row.id),
    ],
  );
  const paidNow = new Set(inserted.map((row) => Number(row.order_id)));
  const fulfilled: Array<Decision & { order: LockedOrder }> = [];
  for (const decision of paid) {
    if (decision.order && paidNow.has(decision.order.id)) fulfilled.push({ ...decision, order: decision.order });
    else decision.result = 'duplicate';
  }
  if (fulfilled.length === 0) return;
  const packageRows = await q.query<PackageFacts & { id: number }>(
    `SELECT p.id, p.code, coalesce(en.name, p.code) AS name, p.data_bytes, p.unlimited, p.validity_days, p.pool_lines
       FROM packages p LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
      WHERE p.id = ANY($1::bigint[])`,
    [[...new Set(fulfilled.map(({ order }) => order.package_id))]],
  );
  const packages = new Map(packageRows.map((row) => [Number(row.id), row]));
  const nowS = Math.floor(Date.now() / 1000);
  const cardOrders: Array<LockedOrder & { iccid: string }> = [];
  const poolPackages: number[] = [];
  // eSIM shop orders: a job orders the profile (with its package) from the connectivity provider (profiles.ts).
  await queueProfiles(
    q,
    jobs,
    fulfilled.map(({ order }) => order).filter((order) => order.product_kind === 'esim'),
  );
  for (const { order } of fulfilled) {
    if (order.product_kind === 'esim') continue;
    else if (order.product_kind === 'pool') {
      const pkg = packages.get(order.package_id);
      if (!pkg) throw new Error(`order ${order.id}: package ${order.package_id} missing`);
      poolPackages.push(await addToPool(q, order, pkg, nowS));
    } else if (order.iccid) cardOrders.push({ ...order, iccid: order.iccid });
    else throw new Error(`order ${order.id}: nothing to add the package to`);
  }
  if (poolPackages.length > 0) {
    await jobs.sendMany(
      q,
      QUEUES.connectivityApply,
      chunked(poolPackages, APPLY_PER_JOB).map((ids) => ({ data: { cardPackageIds: ids } })),
    );
    // A refill moved the end of the pool's packages the network already carries.
    const poolIds = fulfilled.flatMap(({ order }) =>
      order.product_kind === 'pool' && order.pool_id ? [order.pool_id] : [],
    );
    if (poolIds.length > 0) await jobs.send(q, QUEUES.connectivityPoolSync, { poolIds });
  }
  await addToCards(q, jobs, cardOrders, packages, nowS);
  const orderIds = fulfilled.map(({ order }) => order.id);
  await q.query(
    `UPDATE orders SET status = 'fulfilled', paid_at = coalesce(paid_at, now()), fulfilled_at = now(),
                       purchase_key = NULL, updated_at = now()
      WHERE id = ANY($1::bigint[])`,
    [orderIds],
  );
  // A method saved for renewals is its payer's: the buyer's account, else the visitor by the e-mail they gave with
  // the order (never the card's: anyone holding an unbound card's ICCID sets that); a visitor who gave none keeps
  // no method (renewals mail a pay link). It renews the card (or pool) it was bought for while that payer holds it
  // (renewals.ts).
  // With it, what the provider told about the card (brand, last four digits, expiry), checked once more against the
  // table's rules: an odd value is left out, never a reason to fail the fulfilment.
  const saving = fulfilled.flatMap(({ row, order }) => {
    const saved = row.payload.event.savedMethod;
    if (!saved || !order.renewal) return [];
    return [{ orderId: order.id, saved, card: saved.card ? savedCardOf(saved.card) : null }];
  });
  if (saving.length > 0) {
    await q.query(
      `INSERT INTO saved_payment_methods (user_id, payer_email, iccid, pool_id, provider, token, customer_ref,
                                          order_id, brand, last4, exp_month, exp_year)
       SELECT o.user_id, CASE WHEN o.user_id IS NULL THEN lower(o.email) END, o.iccid, o.pool_id,
              o.provider, v.token, v.customer_ref, o.id, v.brand, v.last4, v.exp_month, v.exp_year
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::smallint[])
              AS v(order_id, token, customer_ref, brand, last4, exp_month, exp_year)
         JOIN orders o ON o.id = v.order_id
        WHERE o.user_id IS NOT NULL OR o.email IS NOT NULL
       ON CONFLICT (provider, token) DO NOTHING`,
      [
        saving.map(({ orderId }) => orderId),
        saving.map(({ saved }) => saved.token),
        saving.map(({ saved }) => saved.customerRef ?? null),
        saving.map(({ card }) => card?.brand ?? null),
        saving.map(({ card }) => card?.last4 ?? null),
        saving.map(({ card }) => card?.expMonth ?? null),
        saving.map(({ card }) => card?.expYear ?? null),
      ],
    );
  }
  await jobs.sendMany(
    q,
    QUEUES.receipt,
    chunked(orderIds, ITEMS_PER_JOB).map((ids) => ({ data: { orderIds: ids } })),
  );
}

/**
 * Applies stored events to their orders (see the top of this file) in the caller's transaction, with a fixed number
 * of statements whatever the number of events; answers what each did, in the order of `eventRowIds`. Safe to run
 * again: a processed event answers what it did the first time.
 */
async function processEventsIn(
  q: Queryable,
  jobs: JobQueue,
  eventRowIds: readonly number[],
): Promise<Array<EventResult | string>> {
  if (eventRowIds.length === 0) return [];
  const rows = await q.query<EventRow>(
    `SELECT id, provider, payload, processed_at, result FROM payment_events
      WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [[...new Set(eventRowIds)]],
  );
  const results = new Map<number, EventResult | string>();
  for (const row of rows) if (row.processed_at) results.set(Number(row.id), row.result);
  const fresh = rows.filter((row) => !row.processed_at);
  if (fresh.length > 0) {
    // Refunds and disputes name the provider's payment, not our order.
    await findOrdersOfPayments(q, fresh);
    const orders = await lockOrders(q, fresh);
    const byId = new Map(orders.map((order) => [Number(order.id), order]));
    const byRef = new Map(orders.map((order) => [`${order.provider}\n${order.provider_ref ?? ''}`, order]));
    const decisions: Decision[] = fresh.map((row) => {
      const { event } = row.payload;
      const order =
        event.type === 'pending' || event.type === 'ignored'
          ? undefined
          : event.orderId !== null
            ? byId.get(event.orderId)
            : event.providerRef
              ? byRef.get(`${row.provider}\n${event.providerRef}`)
              : undefined;
      return { row, order, result: decide(row, order) };
    });
    // Refunds and disputes of payments not recorded yet wait for them (disputes.ts).
    const unmatched = decisions.filter(({ row, order }) => !order && isMoneyBack(row.payload.event));
    const waiting = await awaitingPayment(
      q,
      unmatched.map(({ row }) => Number(row.id)),
    );
    const paid = decisions.filter((decision) => decision.result === 'fulfilled');
    await fulfil(q, jobs, paid);
    // The payments recorded now first take the refunds and disputes that came before them: the orders are marked,
    // and what they bought never reaches the network.
    const recorded = paid.flatMap(({ row, order, result }) =>
      result === 'fulfilled' && order && row.payload.event.paymentId
        ? [{ provider: row.provider, paymentId: row.payload.event.paymentId }]
        : [],
    );
    const early = [
      ...unmatched.map(({ row }) => row),
      ...(await moneyBackStoredFor<EventRow>(
        q,
        recorded,
        fresh.map((row) => Number(row.id)),
      )),
    ];
    if (recorded.length > 0 && early.length > 0) {
      await findOrdersOfPayments(q, early);
      for (const row of early) {
        const order = row.payload.event.orderId === null ? undefined : byId.get(row.payload.event.orderId);
        if (!order) continue;
        waiting.delete(Number(row.id));
        const decision = decisions.find((item) => Number(item.row.id) === Number(row.id));
        if (decision) {
          decision.order = order;
          decision.result = decide(row, order);
        } else decisions.push({ row, order, result: decide(row, order) });
      }
    }
    const closed = decisions.filter(
      (decision) => decision.order && (decision.result === 'failed' || decision.result === 'cancelled'),
    );
    if (closed.length > 0) {
      await q.query(
        `UPDATE orders o SET status = v.status, purchase_key = NULL, updated_at = now()
           FROM unnest($1::bigint[], $2::text[]) AS v(id, status) WHERE o.id = v.id`,
        [closed.map(({ order }) => order?.id), closed.map(({ result }) => result)],
      );
      // A pending pool whose checkout was abandoned (cancelled, failed) goes: it never blocked its cards.
      await dropPendingPools(q, { orderIds: closed.flatMap(({ order }) => (order ? [order.id] : [])) });
    }
    await applyMoneyBack(
      q,
      jobs,
      decisions.flatMap(({ row, order, result }) =>
        order && isMoneyBack(row.payload.event) ? [{ order, result, provider: row.provider }] : [],
      ),
      Math.floor(Date.now() / 1000),
    );
    // A waiting event stays unprocessed (its job retries it); what it found so far is its result.
    await q.query(
      `UPDATE payment_events e SET processed_at = CASE WHEN v.waiting THEN NULL ELSE now() END, result = v.result,
              order_id = coalesce(e.order_id, v.order_id)
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::boolean[]) AS v(id, result, order_id, waiting)
        WHERE e.id = v.id`,
      [
        decisions.map(({ row }) => row.id),
        decisions.map(({ result }) => result),
        decisions.map(({ order, result }) => (order && result !== 'rejected_order' ? order.id : null)),
        decisions.map(({ row }) => waiting.has(Number(row.id))),
      ],
    );
    for (const { row, result } of decisions) {
      results.set(Number(row.id), waiting.has(Number(row.id)) ? 'awaiting_payment' : result);
    }
  }
  return eventRowIds.map((id) => {
    const result = results.get(id);
    if (result === undefined) throw new Error(`payment event ${id} missing`);
    return result;
  });
}

/** Applies one stored event to its order (see the top of this file); answers what it did. Safe to run again. */
export async function processEvent(db: Db, jobs: JobQueue, eventRowId: number): Promise<EventResult | string> {
  const [result] = await db.tx((q) => processEventsIn(q, jobs, [eventRowId]));
  // A refund or dispute whose payment is not recorded yet: the job (or the provider's retry) brings it back.
  if (result === 'awaiting_payment') throw new AwaitingPayment(eventRowId);
  return result ?? 'ignored';
}

/** The event that pays a free order (total 0): ours, not a provider's, and one per order. */
export function freeOrderEvent(orderId: number, currency: string): VerifiedEvent {
  return {
    eventId: `free:${orderId}`,
    type: 'succeeded',
    orderId,
    amount: 0,
    currency,
    providerRef: null,
    paymentId: null,
    savedMethod: null,
    payload: { free: true, order: orderId },
  };
}

/**
 * Providers' answers to our own requests (off-session renewal charges): stored and applied in one transaction, in a
 * fixed number of statements however many there are. No job is needed: if this dies before committing, nothing was
 * stored and the renewal job asks the provider again under the same idempotency key, getting the same payment.
 */
export async function acceptAndProcessMany(
  db: Db,
  jobs: JobQueue,
  provider: ProviderName,
  events: readonly VerifiedEvent[],
): Promise<Array<EventResult | string>> {
  if (events.length === 0) return [];
  return db.tx(async (q) => processEventsIn(q, jobs, await storeEvents(q, provider, events)));
}
