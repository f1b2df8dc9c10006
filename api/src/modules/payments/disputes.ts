import { type Queryable } from '../../db/index';
import { revokeOrderPackages } from '../connectivity/revoke';
import { type JobQueue } from './jobs';
import { type OrderStatus } from './repository';
import { type ProviderName, type VerifiedEvent } from './providers/types';

/**
 * Money that goes back after an order was paid, applied like payments: once per provider event (stored once by its
 * id, so a repeated delivery or the reconciler seeing it again changes nothing), in the transaction that processes
 * it, with the order locked (fulfilment.ts).
 * - A refund of all of it (Stripe charge.refunded with the whole charge refunded, PayPal PAYMENT.CAPTURE.REFUNDED up
 *   to the capture), or PayPal reversing the capture: the order is 'refunded' (refund_state 'refunded' or
 *   'reversed'; the order records say Refunded), its renewal stops and what it bought stops at the network
 *   (connectivity/revoke.ts).
 * - A refund of a part: a goodwill credit. The buyer keeps the package; the order keeps its status and shows what
 *   went back (refund_state 'partial', refunded_amount). A later event that takes the rest back is a full refund.
 * - A dispute (Stripe charge.dispute.created, PayPal CUSTOMER.DISPUTE.CREATED): the bank holds the money until it
 *   decides, and the payer says they did not mean to pay. disputed_at is set, the renewal stops (a contested card is
 *   never charged again on its own) and what it bought stops at the network. The order keeps its status.
 * Refund and dispute events name the provider's payment (Stripe's PaymentIntent, PayPal's capture), found in
 * payments.provider_payment_id: the one payment recorded for the order (payments.order_id is unique). A payment the
 * order did not record (a second charge of an order already paid, its event a 'duplicate') is not the order's: its
 * refund changes nothing, and a refund of the recorded payment always matches.
 * Money back can arrive before its payment is recorded (the provider sends events in no set order; a missed payment
 * event is reconciled minutes later). Such an event waits: it stays unprocessed (its result says 'unknown_order' so
 * far) and its job retries it (AwaitingPayment) for MONEY_BACK_WAIT_SECONDS, unless the payment it names is known
 * already as none of an order's. The payment's fulfilment, whenever it comes, first applies the refunds and disputes
 * stored for it, even ones given up on (moneyBackStoredFor): the order is marked refunded or disputed at once and
 * what it bought is never handed to the network. Only then does an event about a payment nobody records end as
 * 'unknown_order' and change nothing.
 */

/** How long a refund or dispute waits for the payment it names to be recorded (the job retries longer than that). */
export const MONEY_BACK_WAIT_SECONDS = 3 * 3_600;

/** Processing left a money-back event waiting for its payment: the job that processes it retries (see the top). */
export class AwaitingPayment extends Error {
  constructor(eventRowId: number) {
    super(`payment event ${eventRowId}: money back for a payment not recorded yet; retried`);
    this.name = 'AwaitingPayment';
  }
}

export type MoneyBackResult = 'refunded' | 'partially_refunded' | 'disputed' | 'duplicate' | 'ignored';

/** What deciding needs of a locked order (fulfilment's LockedOrder has all of it). */
export interface MoneyBackOrder {
  id: number;
  amount: number;
  tax_amount: number;
  currency: string;
  status: OrderStatus;
  refund_state: string | null;
  refunded_amount: number | null;
  disputed_at: Date | null;
  dispute_ref?: string | null;
}

interface MoneyBackRow {
  provider: ProviderName;
  payload: { event: Omit<VerifiedEvent, 'payload'> };
}

export function isMoneyBack(event: Pick<VerifiedEvent, 'type'>): boolean {
  return event.type === 'refunded' || event.type === 'disputed';
}

/**
 * Sets the order id of refund and dispute events (in memory) to the order their payment paid, or null when no
 * payment of ours matches: such an event names no order of its own that could be trusted.
 */
export async function findOrdersOfPayments(q: Queryable, rows: readonly MoneyBackRow[]): Promise<void> {
  const asking = rows.filter((row) => isMoneyBack(row.payload.event));
  if (asking.length === 0) return;
  const found = await q.query<{ provider: string; provider_payment_id: string; order_id: number }>(
    `SELECT provider, provider_payment_id, order_id FROM payments
      WHERE (provider, provider_payment_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [asking.map((row) => row.provider), asking.map((row) => row.payload.event.paymentId ?? '')],
  );
  const byPayment = new Map(found.map((row) => [`${row.provider}\n${row.provider_payment_id}`, Number(row.order_id)]));
  for (const row of asking) {
    const { event } = row.payload;
    event.orderId = event.paymentId ? (byPayment.get(`${row.provider}\n${event.paymentId}`) ?? null) : null;
    event.providerRef = null;
  }
}

/**
 * Of the money-back events (stored rows) that matched no payment, the ids of those that wait for it (see the top of
 * this file): stored less than MONEY_BACK_WAIT_SECONDS ago, naming a payment, and that payment not known as another
 * event's (one processed already, which recorded it as no order's).
 */
export async function awaitingPayment(q: Queryable, eventRowIds: readonly number[]): Promise<Set<number>> {
  if (eventRowIds.length === 0) return new Set();
  const rows = await q.query<{ id: number }>(
    `SELECT e.id FROM payment_events e
      WHERE e.id = ANY($1::bigint[]) AND e.received_at > now() - make_interval(secs => $2)
        AND (e.payload -> 'event' ->> 'paymentId') IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM payment_events s
                         WHERE s.provider = e.provider AND s.type = 'succeeded' AND s.processed_at IS NOT NULL
                           AND (s.payload -> 'event' ->> 'paymentId') = (e.payload -> 'event' ->> 'paymentId'))`,
    [eventRowIds, MONEY_BACK_WAIT_SECONDS],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * The refund and dispute events stored (waiting, or given up on as 'unknown_order') for payments being recorded now,
 * locked, oldest first; `except` are rows the caller holds already.
 */
export async function moneyBackStoredFor<Row extends object>(
  q: Queryable,
  payments: ReadonlyArray<{ provider: string; paymentId: string }>,
  except: readonly number[],
): Promise<Row[]> {
  if (payments.length === 0) return [];
  return q.query<Row>(
    `SELECT e.id, e.provider, e.payload, e.processed_at, e.result FROM payment_events e
      WHERE (e.provider, (e.payload -> 'event' ->> 'paymentId'))
            IN (SELECT * FROM unnest($1::text[], $2::text[]))
        AND (e.payload -> 'event' ->> 'paymentId') IS NOT NULL
        AND e.type IN ('refunded', 'disputed') AND (e.processed_at IS NULL OR e.result = 'unknown_order')
        AND NOT (e.id = ANY($3::bigint[]))
      ORDER BY e.id FOR UPDATE`,
    [payments.map((payment) => payment.provider), payments.map((payment) => payment.paymentId), except],
  );
}

/**
 * The effect of a refund or dispute event on its (locked) order, in event order: marks the order in memory and says
 * what happened (the writes follow in applyMoneyBack).
 */
export function decideMoneyBack(event: Omit<VerifiedEvent, 'payload'>, order: MoneyBackOrder): MoneyBackResult {
  // Only money that arrived can go back.
  if (order.status !== 'fulfilled' && order.status !== 'paid' && order.status !== 'refunded') return 'ignored';
  if (event.type === 'disputed') {
    if (order.disputed_at) return 'duplicate';
    order.disputed_at = new Date();
    order.dispute_ref = event.moneyBack?.reference ?? null;
    return 'disputed';
  }
  if (order.status === 'refunded') return 'duplicate';
  const total = order.amount + order.tax_amount;
  const inOrderCurrency = event.currency === order.currency ? event.amount : null;
  const reversal = event.moneyBack?.kind === 'reversal';
  if (reversal || (inOrderCurrency !== null && inOrderCurrency >= total)) {
    order.status = 'refunded';
    order.refund_state = reversal ? 'reversed' : 'refunded';
    order.refunded_amount = total;
    return 'refunded';
  }
  const before = order.refunded_amount ?? 0;
  if (order.refund_state === 'partial' && (inOrderCurrency === null || inOrderCurrency <= before)) return 'duplicate';
  if (order.refund_state === null) order.refund_state = 'partial';
  if (inOrderCurrency !== null) order.refunded_amount = Math.max(before, inOrderCurrency);
  return 'partially_refunded';
}

/**
 * Writes what decideMoneyBack decided: each touched order's final state (several events of one order in a batch end
 * in its last), renewal off for orders refunded or disputed now, and their packages stopped (connectivity/revoke.ts).
 */
export async function applyMoneyBack(
  q: Queryable,
  jobs: JobQueue,
  decided: ReadonlyArray<{ order: MoneyBackOrder; result: string; provider: string }>,
  nowSeconds: number,
): Promise<void> {
  const changed = decided.filter(({ result }) => ['refunded', 'partially_refunded', 'disputed'].includes(result));
  if (changed.length === 0) return;
  const orders = new Map(changed.map(({ order, provider }) => [Number(order.id), { order, provider }]));
  const list = [...orders.values()];
  const stopping = [
    ...new Set(changed.filter(({ result }) => result !== 'partially_refunded').map(({ order }) => order.id)),
  ];
  await q.query(
    `UPDATE orders o SET status = v.status, refund_state = v.refund_state, refunded_amount = v.refunded_amount,
            disputed_at = v.disputed_at, dispute_ref = coalesce(o.dispute_ref, v.dispute_ref),
            -- Told where it happened, unless an earlier note (our own refund's) says more.
            refund_note = CASE WHEN v.refund_state IS DISTINCT FROM o.refund_state
                                    AND v.refund_state IN ('refunded', 'reversed', 'partial')
                                    AND (o.refund_note IS NULL OR o.refund_state = 'partial')
                               THEN CASE v.refund_state WHEN 'partial' THEN 'partly refunded' ELSE v.refund_state END
                                    || ' at ' || v.provider
                               ELSE o.refund_note END,
            renewal = CASE WHEN v.id = ANY($8::bigint[]) THEN false ELSE o.renewal END,
            purchase_key = NULL, updated_at = now()
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::timestamptz[], $6::text[], $7::text[])
            AS v(id, status, refund_state, refunded_amount, disputed_at, dispute_ref, provider)
      WHERE o.id = v.id`,
    [
      list.map(({ order }) => order.id),
      list.map(({ order }) => order.status),
      list.map(({ order }) => order.refund_state),
      list.map(({ order }) => order.refunded_amount),
      list.map(({ order }) => order.disputed_at),
      list.map(({ order }) => order.dispute_ref ?? null),
      list.map(({ provider }) => provider),
      stopping,
    ],
  );
  if (stopping.length === 0) return;
  await revokeOrderPackages(q, jobs, stopping, nowSeconds);
  // The cards stop renewing with them (their flag follows the renewal of what is in force or waiting on them).
  await q.query(
    `UPDATE cards c SET renewal = EXISTS (
        SELECT 1 FROM card_packages cp JOIN orders o ON o.id = cp.order_id
         WHERE cp.iccid = c.iccid AND cp.status IN ('active', 'init') AND o.renewal), updated_at = now()
      WHERE c.iccid IN (SELECT iccid FROM card_packages WHERE order_id = ANY($1::bigint[]) AND iccid IS NOT NULL)`,
    [stopping],
  );
}
