import { OVERLAP_SECONDS } from '../../src/modules/payments/reconcile';
import { type ReconcileResult } from '../../src/modules/payments/reconcile';
import {
  countRows,
  createProviderTestApp,
  eventually,
  insertPayerCard,
  openStripeOrder,
  orderRow,
  stripeCheckout,
  type ProviderTestApp,
} from '../helpers/payments';
import { chargeRefunded, deliverStripe, eventAbout, sessionPaid, type FakeSession } from '../helpers/payments-stripe';

// Reconciliation: Stripe's own event log, read with the secret key, feeds the events our webhook never got through
// the webhook's stored-once path. A webhook and the reconciler seeing the same event is one event.

let t: ProviderTestApp;

beforeAll(async () => {
  t = await createProviderTestApp({
    payments: { workers: true, jobPollingSeconds: 0.5 },
    stripe: { timeoutMs: 2_000 },
  });
});
afterAll(() => t.close());

/** A run now (the scheduled run may hold the cursor for a moment). */
async function reconcile(options: { pagesPerRun?: number } = {}): Promise<ReconcileResult> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const result = await t.app.payments.reconcile(options);
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the cursor stayed taken');
}

async function openOrder(): Promise<{ orderId: number; session: FakeSession }> {
  const { orderId, session } = await openStripeOrder(t);
  return { orderId: Number(orderId), session };
}

const paidEvent = (session: FakeSession, paymentIntent: string, created?: number) => ({
  ...sessionPaid(session, paymentIntent),
  ...(created ? { created } : {}),
});

const paymentsOf = (orderId: number) => countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [orderId]);

const cursor = () =>
  t.db.one<{ created_after: number; resume_before: number | null; resume_to: number | null }>(
    `SELECT created_after::float8 AS created_after, resume_before::float8 AS resume_before,
            resume_to::float8 AS resume_to
       FROM payment_event_cursors WHERE provider = 'stripe'`,
  );

describe('reconciliation of missed Stripe events', () => {
  it('fulfils, once, an order whose checkout.session.completed the webhook never delivered', async () => {
    const { orderId, session } = await openOrder();
    const missed = t.stripe.emit(paidEvent(session, 'pi_missed_1'));
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    const first = await reconcile();
    expect(first.stored).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await paymentsOf(orderId)).toBe(1);
    // Asked for the types it acts on, from the cursor on.
    const query = t.stripe.eventQueries.at(-1);
    expect([...(query?.entries() ?? [])].filter(([key]) => key.startsWith('types')).map(([, v]) => v)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'charge.refunded', 'charge.dispute.created']),
    );
    // Again, and the webhook's own (late) delivery: the same event, stored once, one payment.
    expect((await reconcile()).stored).toBe(0);
    expect(await deliverStripe(t.app, missed)).toBe(200);
    expect(await paymentsOf(orderId)).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = $1`, [missed.id])).toBe(1);
    // The cursor moved to the newest event read, and the next read starts a little before it.
    expect((await cursor())?.created_after).toBe(missed.created);
    await reconcile();
    expect(t.stripe.eventQueries.at(-1)?.get('created[gt]')).toBe(String(missed.created - OVERLAP_SECONDS));
  });

  it("saves a renewal purchase's card with its details from an event only the event log has", async () => {
    const iccid = await insertPayerCard(t, '89997000000000000951', '3', {
      status: 'Activated',
      email: 'reconciled-card@example.com',
    });
    const { orderId, session } = await stripeCheckout(t, {
      iccid,
      renewal: true,
      email: 'reconciled-card@example.com',
    });
    t.stripe.addCustomer('cus_reconciled_1', 'succeeds', {
      brand: 'amex',
      last4: '0005',
      exp_month: 1,
      exp_year: 2032,
    });
    t.stripe.emit(sessionPaid(session, 'pi_reconciled_card', { customer: 'cus_reconciled_1' }));
    await reconcile();
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    const saved = await t.db.one(
      `SELECT brand, last4, exp_month, exp_year, payer_email FROM saved_payment_methods WHERE order_id = $1`,
      [Number(orderId)],
    );
    expect(saved).toEqual({
      brand: 'amex',
      last4: '0005',
      exp_month: 1,
      exp_year: 2032,
      payer_email: 'reconciled-card@example.com',
    });
  });

  it('stores once an event the webhook delivered before the reconciler read it', async () => {
    const { orderId, session } = await openOrder();
    const event = t.stripe.emit(paidEvent(session, 'pi_both_1'));
    expect(await deliverStripe(t.app, event)).toBe(200);
    await reconcile();
    expect(await paymentsOf(orderId)).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = $1`, [event.id])).toBe(1);
  });

  it('applies a missed refund: the order is refunded and its package stopped', async () => {
    const { orderId, session } = await openOrder();
    const order = await orderRow(t.db, orderId);
    const total = (order?.amount ?? 0) + (order?.tax_amount ?? 0);
    expect(await deliverStripe(t.app, t.stripe.emit(paidEvent(session, 'pi_refund_missed')))).toBe(200);
    t.stripe.emit(chargeRefunded('pi_refund_missed', total, total, 'EUR'));
    await reconcile();
    expect((await orderRow(t.db, orderId))?.status).toBe('refunded');
    const stopped = await t.db.one<{ ended_reason: string }>(
      `SELECT ended_reason FROM card_packages WHERE order_id = $1`,
      [orderId],
    );
    expect(stopped?.ended_reason).toBe('revoked');
  });

  it('reads a backlog over several runs, newest part first, and moves the cursor only once all of it is read', async () => {
    // The webhook was down for a quarter of an hour.
    const nowS = Math.floor(Date.now() / 1000);
    await t.db.query(`UPDATE payment_event_cursors SET created_after = $1 WHERE provider = 'stripe'`, [nowS - 1000]);
    const { orderId, session } = await openOrder();
    // The oldest of the backlog is the payment that matters; then 250 events about sessions of no order of ours.
    const base = nowS - 900;
    t.stripe.emit(paidEvent(session, 'pi_backlog', base));
    for (let i = 1; i <= 250; i += 1) {
      t.stripe.emit(
        eventAbout('checkout.session.expired', { id: `cs_other_${i}`, object: 'checkout.session' }, base + i),
      );
    }
    // One page (100 events) per run: the newest 100, then the next 100, then the rest with the payment.
    const runs: ReconcileResult[] = [];
    for (let run = 0; run < 3; run += 1) {
      runs.push(await reconcile({ pagesPerRun: 1 }));
      if (run < 2) {
        expect((await cursor())?.created_after).toBe(nowS - 1000);
        expect((await orderRow(t.db, orderId))?.status).toBe('pending');
      }
    }
    expect(runs.map((run) => run.complete)).toEqual([false, false, true]);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    const after = await cursor();
    expect(after).toMatchObject({ resume_before: null, resume_to: null });
    // Past the newest event read in the whole window (the earlier tests' events are newer than the backlog).
    expect(after?.created_after).toBe(Math.max(...t.stripe.events.map((event) => event.created)));
    expect(
      await countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = ANY($1::text[])`, [
        t.stripe.events.filter((event) => event.type === 'checkout.session.expired').map((event) => event.id),
      ]),
    ).toBe(250);
  });

  it('moves nothing when Stripe cannot be read, and reads it all on the next run', async () => {
    const before = await cursor();
    const { orderId, session } = await openOrder();
    t.stripe.emit(paidEvent(session, 'pi_after_outage'));
    // Three tries of the SDK, all 500.
    t.stripe.faults.fail({ kind: 'status', status: 500 }, { times: 3, match: ({ path }) => path === '/v1/events' });
    await expect(t.app.payments.reconcile()).rejects.toMatchObject({ statusCode: 500 });
    expect(await cursor()).toEqual(before);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    await reconcile();
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
  });

  it('runs as a job of the queue', async () => {
    const { orderId, session } = await openOrder();
    t.stripe.emit(paidEvent(session, 'pi_by_job'));
    await t.app.payments.jobs.send(t.db, 'payments-reconcile', {});
    await eventually(async () => (await orderRow(t.db, orderId))?.status === 'fulfilled', 30_000);
    expect(await paymentsOf(orderId)).toBe(1);
  });
});
