import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { type ApplyRequest, type ApplyResult } from '../../src/modules/connectivity/providers/types';
import { RevokeNotSettled, stopAtNetwork } from '../../src/modules/connectivity/revoke';
import { AwaitingPayment, MONEY_BACK_WAIT_SECONDS } from '../../src/modules/payments/disputes';
import { createTestApp, type TestApp } from '../helpers/app';
import { createPay, packageId } from '../helpers/payments';
import {
  chargeRefunded,
  disputeCreated,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from '../helpers/payments-stripe';

// Money back racing the rest (issue 23 review): a refund or dispute that lands while its package is being applied at
// the network, and one that arrives before its payment is recorded. Either way the payer never keeps both the money
// and the data. The job workers are off: each step (the apply job, the revoke job, the event job) runs here, in the
// order under test.

const WEBHOOK_SECRET = 'whsec_test_races_0123456789abcdef0123';
const signer = new Stripe('sk_test_signing_only');

let stripeFake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripeFake = await startFakeStripe();
  t = await createTestApp({
    payments: {
      defaultProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_local',
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port: stripeFake.port,
        protocol: 'http',
      },
    },
  });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await stripeFake.close();
});

async function deliverStripe(event: object) {
  const payload = JSON.stringify(event);
  const response = await t.app.inject({
    method: 'POST',
    url: '/eshop/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
  return response.statusCode;
}

let cards = 0;
async function freshCard(): Promise<string> {
  cards += 1;
  const iccid = `89997000000000000${String(cards).padStart(3, '0')}`;
  await t.db.query(
    `INSERT INTO cards (iccid, agent_flag, status, email, total_bytes) VALUES ($1, '3', 'Ready', 'payer@example.com', 0)`,
    [iccid],
  );
  return iccid;
}

interface Bought {
  orderId: number;
  iccid: string;
  total: number;
  paymentId: string;
  /** The checkout.session.completed event that pays it (not delivered yet). */
  paid: ReturnType<typeof stripeEvent>;
}

/** An order with its Stripe Checkout session, and the event that will pay it. */
async function bought(): Promise<Bought> {
  const iccid = await freshCard();
  const { body } = await createPay(t.app, {
    id: await packageId(t.db, 'global-1gb-7d'),
    iccid,
    flag: '3',
    ccy: 'EUR',
    email: 'payer@example.com',
  });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code}`);
  const orderId = Number(body.data.order_id);
  const order = await t.db.one<{ provider_ref: string; total: number }>(
    `SELECT provider_ref, amount + tax_amount AS total FROM orders WHERE id = $1`,
    [orderId],
  );
  const session = stripeFake.sessions.get(order?.provider_ref ?? '');
  if (!session || !order) throw new Error('no session');
  const paymentId = `pi_${randomUUID().replace(/-/g, '')}`;
  const paid = stripeEvent('checkout.session.completed', session, {
    payment_status: 'paid',
    payment_intent: paymentId,
  });
  return { orderId, iccid, total: Number(order.total), paymentId, paid };
}

/** Bought and paid: its package waits for the network (the apply job has not run). */
async function paidPending(): Promise<Bought & { packageRow: number }> {
  const order = await bought();
  expect(await deliverStripe(order.paid)).toBe(200);
  const row = await t.db.one<{ id: number; provider_state: string }>(
    `SELECT id, provider_state FROM card_packages WHERE order_id = $1`,
    [order.orderId],
  );
  expect(row?.provider_state).toBe('pending');
  return { ...order, packageRow: Number(row?.id) };
}

const revokeContext = () => ({ db: t.db, provider: t.app.connectivity.provider, log: t.app.log });

/** The package's bundle as the simulated network holds it. */
async function bundleAtNetwork(packageRow: number) {
  const row = await t.db.one<{ state: string }>(`SELECT state FROM simulator_assignments WHERE reference = $1`, [
    String(packageRow),
  ]);
  return row?.state ?? null;
}

async function packageRow(id: number) {
  return t.db.one<{ status: string; ended_reason: string | null; provider_state: string; assigned: boolean }>(
    `SELECT status, ended_reason, provider_state, provider_assignment IS NOT NULL AS assigned
       FROM card_packages WHERE id = $1`,
    [id],
  );
}

async function orderState(orderId: number) {
  return t.db.one<{ status: string; refund_state: string | null; disputed: boolean; renewal: boolean }>(
    `SELECT status, refund_state, disputed_at IS NOT NULL AS disputed, renewal FROM orders WHERE id = $1`,
    [orderId],
  );
}

async function storedEvent(eventId: string) {
  return t.db.one<{ id: number; result: string | null; processed: boolean; order_id: number | null }>(
    `SELECT id, result, processed_at IS NOT NULL AS processed, order_id FROM payment_events WHERE event_id = $1`,
    [eventId],
  );
}

/** Runs `during` while the network is answering an apply (after it made the assignment, before we hear of it). */
async function whileApplying<T>(
  during: () => Promise<T>,
  answer: (made: ApplyResult) => ApplyResult | Promise<ApplyResult> = (made) => made,
): Promise<{ during: T | undefined }> {
  const provider = t.app.connectivity.provider;
  const original = provider.apply.bind(provider);
  const seen: { during: T | undefined } = { during: undefined };
  provider.apply = async (request: ApplyRequest) => {
    const made = await original(request);
    seen.during = await during();
    return answer(made);
  };
  return seen;
}

function restoreApply(saved: ConnectivityApply) {
  t.app.connectivity.provider.apply = saved;
}
type ConnectivityApply = typeof t.app.connectivity.provider.apply;

describe('a refund while the package is being applied', () => {
  it('stores the late assignment and takes the bundle back; the revoke job waits for the answer', async () => {
    const paid = await paidPending();
    const saved = t.app.connectivity.provider.apply;
    try {
      const seen = await whileApplying(async () => {
        // The refund lands while the network is answering: the package stops here, its revoke job runs at once.
        expect(await deliverStripe(chargeRefunded(paid.paymentId, paid.total, paid.total, 'EUR'))).toBe(200);
        return stopAtNetwork(revokeContext(), [paid.packageRow]).then(
          () => 'finished',
          (error: unknown) =>
            error instanceof AggregateError && error.errors[0] instanceof RevokeNotSettled ? 'retry' : String(error),
        );
      });
      await t.app.connectivity.applyPackages([paid.packageRow]);
      // The revoke job did not finish for good while the apply's answer was still to come.
      expect(seen.during).toBe('retry');
    } finally {
      restoreApply(saved);
    }
    expect(await orderState(paid.orderId)).toMatchObject({ status: 'refunded', refund_state: 'refunded' });
    // The answer was kept and the bundle taken back: money back, and no data kept.
    expect(await packageRow(paid.packageRow)).toEqual({
      status: 'invalid',
      ended_reason: 'revoked',
      provider_state: 'applied',
      assigned: true,
    });
    expect(await bundleAtNetwork(paid.packageRow)).toBe('revoked');
    // The revoke job's retry finds it done (a revoke of a revoked bundle is done).
    await stopAtNetwork(revokeContext(), [paid.packageRow]);
    expect(await bundleAtNetwork(paid.packageRow)).toBe('revoked');
  });

  it('takes back a bundle whose apply answer was lost, found by its reference at the network', async () => {
    const paid = await paidPending();
    const saved = t.app.connectivity.provider.apply;
    try {
      await whileApplying(
        async () => undefined,
        () => {
          throw new Error('connection reset: the answer is lost');
        },
      );
      await expect(t.app.connectivity.applyPackages([paid.packageRow])).rejects.toThrow('answer is lost');
    } finally {
      restoreApply(saved);
    }
    // The network made the assignment; we never heard of it. Then the money goes back.
    expect(await bundleAtNetwork(paid.packageRow)).toBe('queued');
    expect(await deliverStripe(disputeCreated(paid.paymentId, paid.total, 'EUR'))).toBe(200);
    expect(await packageRow(paid.packageRow)).toMatchObject({ ended_reason: 'revoked', assigned: false });
    await stopAtNetwork(revokeContext(), [paid.packageRow]);
    expect(await bundleAtNetwork(paid.packageRow)).toBe('revoked');
    expect(await packageRow(paid.packageRow)).toMatchObject({ provider_state: 'applied', assigned: true });
    // And the apply job, retried, leaves it alone.
    await t.app.connectivity.applyPackages([paid.packageRow]);
    expect(await bundleAtNetwork(paid.packageRow)).toBe('revoked');
  });

  it('keeps the revoke job retrying while a lost apply may still show up at the network, within a bound', async () => {
    const paid = await paidPending();
    // An attempt began (its answer lost) but the network made nothing: nothing to find yet.
    await t.db.query(`UPDATE card_packages SET apply_first_at = now(), provider = $2 WHERE id = $1`, [
      paid.packageRow,
      t.app.connectivity.provider.name,
    ]);
    expect(await deliverStripe(chargeRefunded(paid.paymentId, paid.total, paid.total, 'EUR'))).toBe(200);
    await expect(stopAtNetwork(revokeContext(), [paid.packageRow])).rejects.toThrow('not settled');
    // An hour later it is given up (logged for an operator): the job ends.
    await t.db.query(`UPDATE card_packages SET apply_first_at = now() - interval '2 hours' WHERE id = $1`, [
      paid.packageRow,
    ]);
    await stopAtNetwork(revokeContext(), [paid.packageRow]);
    expect(await bundleAtNetwork(paid.packageRow)).toBeNull();
  });
});

describe('a refund or dispute before its payment is recorded', () => {
  it('waits for the payment, which then marks the order refunded and hands nothing to the network', async () => {
    const order = await bought();
    const refund = chargeRefunded(order.paymentId, order.total, order.total, 'EUR');
    expect(await deliverStripe(refund)).toBe(200);
    // Not given up: unprocessed, and its job retries it.
    const waiting = await storedEvent(refund.id);
    expect(waiting).toMatchObject({ result: 'unknown_order', processed: false });
    await expect(t.app.payments.process(Number(waiting?.id))).rejects.toBeInstanceOf(AwaitingPayment);

    expect(await deliverStripe(order.paid)).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({
      status: 'refunded',
      refund_state: 'refunded',
      renewal: false,
    });
    expect(await storedEvent(refund.id)).toMatchObject({
      result: 'refunded',
      processed: true,
      order_id: order.orderId,
    });
    const pkg = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [order.orderId]);
    expect(await packageRow(Number(pkg?.id))).toEqual({
      status: 'invalid',
      ended_reason: 'revoked',
      provider_state: 'none',
      assigned: false,
    });
    // The apply job runs and hands nothing to the network; the event's job, retried, is done.
    await t.app.connectivity.applyPackages([Number(pkg?.id)]);
    expect(await bundleAtNetwork(Number(pkg?.id))).toBeNull();
    expect(await t.app.payments.process(Number(waiting?.id))).toBe('refunded');
    // The provider delivering it again changes nothing.
    expect(await deliverStripe(refund)).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ status: 'refunded' });
  });

  it('a dispute first: the order is paid and disputed, nothing reaches the network', async () => {
    const order = await bought();
    const dispute = disputeCreated(order.paymentId, order.total, 'EUR');
    expect(await deliverStripe(dispute)).toBe(200);
    expect(await deliverStripe(order.paid)).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ status: 'fulfilled', disputed: true, renewal: false });
    const pkg = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [order.orderId]);
    await t.app.connectivity.applyPackages([Number(pkg?.id)]);
    expect(await bundleAtNetwork(Number(pkg?.id))).toBeNull();
    expect(await storedEvent(dispute.id)).toMatchObject({ result: 'disputed', processed: true });
  });

  it('gives up waiting after a bound, and still applies it when the payment comes later', async () => {
    const order = await bought();
    const refund = chargeRefunded(order.paymentId, order.total, order.total, 'EUR');
    expect(await deliverStripe(refund)).toBe(200);
    await t.db.query(`UPDATE payment_events SET received_at = now() - make_interval(secs => $2) WHERE event_id = $1`, [
      refund.id,
      MONEY_BACK_WAIT_SECONDS + 60,
    ]);
    const stored = await storedEvent(refund.id);
    expect(await t.app.payments.process(Number(stored?.id))).toBe('unknown_order');
    expect(await storedEvent(refund.id)).toMatchObject({ result: 'unknown_order', processed: true });
    expect(await deliverStripe(order.paid)).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ status: 'refunded' });
    expect(await storedEvent(refund.id)).toMatchObject({ result: 'refunded', processed: true });
  });

  it('a refund of a second charge the order never recorded changes nothing; one of the recorded payment does', async () => {
    const paid = await paidPending();
    // The same session reported paid again with another payment: a duplicate, not recorded.
    const second = stripeEvent('checkout.session.completed', paid.paid.data.object as never, {
      payment_status: 'paid',
      payment_intent: `pi_${randomUUID().replace(/-/g, '')}`,
    });
    expect(await deliverStripe(second)).toBe(200);
    expect(await storedEvent(second.id)).toMatchObject({ result: 'duplicate' });
    const secondPayment = String((second.data.object as { payment_intent: string }).payment_intent);
    const refundOfSecond = chargeRefunded(secondPayment, paid.total, paid.total, 'EUR');
    expect(await deliverStripe(refundOfSecond)).toBe(200);
    // Known as no order's payment: no wait, nothing changed.
    expect(await storedEvent(refundOfSecond.id)).toMatchObject({ result: 'unknown_order', processed: true });
    expect(await orderState(paid.orderId)).toMatchObject({ status: 'fulfilled', refund_state: null });
    expect(await deliverStripe(chargeRefunded(paid.paymentId, paid.total, paid.total, 'EUR'))).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({ status: 'refunded', refund_state: 'refunded' });
  });
});
