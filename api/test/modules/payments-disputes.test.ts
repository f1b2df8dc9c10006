import { randomUUID } from 'node:crypto';
import { stopAtNetwork } from '../../src/modules/connectivity/revoke';
import { post } from '../helpers/app';
import {
  createProviderTestApp,
  eventually,
  packageId,
  payerCards,
  type ProviderTestApp,
  stripeCheckout,
} from '../helpers/payments';
import { deliverPaypal, type FakePaypal } from '../helpers/payments-paypal';
import { chargeRefunded, deliverStripe, disputeCreated, sessionPaid } from '../helpers/payments-stripe';

// Money that goes back after an order was paid: Stripe's charge.refunded (whole or part) and charge.dispute.created,
// PayPal's PAYMENT.CAPTURE.REFUNDED, PAYMENT.CAPTURE.REVERSED and CUSTOMER.DISPUTE.CREATED. A whole refund, a
// reversal and a dispute stop what the order bought, here and at the network; a part refund only marks the order.
// Each event acts once, however often it is delivered.

let t: ProviderTestApp & { paypal: FakePaypal };

beforeAll(async () => {
  t = await createProviderTestApp({ payments: { workers: true, jobPollingSeconds: 0.5 }, paypal: {} });
});
afterAll(() => t.close());

const newCard = payerCards({ series: '000000000000', status: 'Ready', email: 'payer@example.com' });
/** A card of its own for each purchase, so nothing else runs or waits on it. */
const freshCard = (agent: '1' | '3') => newCard(t, agent);

interface Paid {
  orderId: number;
  iccid: string;
  total: number;
  paymentId: string;
  packageRow: number;
}

/** A package bought with renewal on and paid through Stripe Checkout, applied at the network. */
async function paidThroughStripe(): Promise<Paid> {
  const iccid = await freshCard('3');
  const checkout = await stripeCheckout(t, { iccid, renewal: true, email: 'payer@example.com' });
  const orderId = Number(checkout.orderId);
  const paymentId = `pi_${randomUUID().replace(/-/g, '')}`;
  expect(await deliverStripe(t.app, sessionPaid(checkout.session, paymentId))).toBe(200);
  return { orderId, iccid, total: checkout.total, paymentId, packageRow: await appliedPackage(orderId) };
}

/** A package paid through PayPal (captured), applied at the network. */
async function paidThroughPaypal(): Promise<Paid> {
  const iccid = await freshCard('1');
  const { body } = await post<{ order_id: string }>(t.app, '/pay/buy', {
    id: await packageId(t.db, 'eu-5gb-30d'),
    renewal: false,
    iccid,
    flag: '1',
    lang: 'en',
    ccy: 'USD',
    pay: 'paypal',
  });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  const orderId = Number(body.data.order_id);
  const order = await t.db.one<{ provider_ref: string }>(`SELECT provider_ref FROM orders WHERE id = $1`, [orderId]);
  const captureId = `CAP${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
  const completed = paypalEvent('PAYMENT.CAPTURE.COMPLETED', {
    id: captureId,
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '15.00' },
    custom_id: String(orderId),
    supplementary_data: { related_ids: { order_id: order?.provider_ref } },
  });
  expect((await deliverPaypal(t.app, t.paypal, completed)).statusCode).toBe(200);
  return { orderId, iccid, total: 1500, paymentId: captureId, packageRow: await appliedPackage(orderId) };
}

function paypalEvent(type: string, resource: object) {
  return { id: `WH-${randomUUID()}`, event_type: type, resource_type: 'capture', resource };
}

/** PayPal's refund resource: this refund's amount, what went back of the capture in all, the capture linked "up". */
function paypalRefund(captureId: string, value: string, totalRefunded: string) {
  return {
    id: `RF${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value },
    seller_payable_breakdown: {
      gross_amount: { currency_code: 'USD', value },
      total_refunded_amount: { currency_code: 'USD', value: totalRefunded },
    },
    links: [
      { href: `https://api.paypal.com/v2/payments/refunds/RF1`, rel: 'self', method: 'GET' },
      { href: `https://api.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

async function appliedPackage(orderId: number): Promise<number> {
  let id = 0;
  await eventually(async () => {
    const row = await t.db.one<{ id: number; provider_state: string }>(
      `SELECT id, provider_state FROM card_packages WHERE order_id = $1`,
      [orderId],
    );
    id = Number(row?.id ?? 0);
    return row?.provider_state === 'applied';
  });
  return id;
}

async function orderState(orderId: number) {
  return t.db.one<{
    status: string;
    refund_state: string | null;
    refunded_amount: number | null;
    disputed: boolean;
    dispute_ref: string | null;
    renewal: boolean;
  }>(
    `SELECT status, refund_state, refunded_amount, disputed_at IS NOT NULL AS disputed, dispute_ref, renewal
       FROM orders WHERE id = $1`,
    [orderId],
  );
}

async function packageState(id: number) {
  return t.db.one<{ status: string; ended_reason: string | null }>(
    `SELECT status, ended_reason FROM card_packages WHERE id = $1`,
    [id],
  );
}

/** The package's bundle as the (simulated) network holds it: its assignment's state. */
async function bundleAtNetwork(packageRow: number) {
  const row = await t.db.one<{ state: string }>(`SELECT state FROM simulator_assignments WHERE reference = $1`, [
    String(packageRow),
  ]);
  return row?.state ?? null;
}

/** The card as the network sees it. */
async function networkStatus(iccid: string) {
  return (await t.app.connectivity.provider.snapshot(iccid)).status;
}

/** The order as the order records list it. */
async function listedOrder(paid: Paid) {
  const list = await post<{
    list: Array<{ order_id: string; status: string; refunded?: boolean; disputed?: boolean }>;
  }>(t.app, '/pay/order/list', { iccid: paid.iccid });
  return list.body.data.list.find((record) => record.order_id === String(paid.orderId));
}

const eventResults = (eventIds: string[]) =>
  t.db.query<{ result: string }>(`SELECT result FROM payment_events WHERE event_id = ANY($1::text[]) ORDER BY id`, [
    eventIds,
  ]);

describe('Stripe refunds and disputes', () => {
  it('stops the package, here and at the network, on a refund of all of it; once however often it arrives', async () => {
    const paid = await paidThroughStripe();
    expect(await networkStatus(paid.iccid)).toBe('Ready');
    const refunded = chargeRefunded(paid.paymentId, paid.total, paid.total, 'EUR');
    const statuses = await Promise.all(Array.from({ length: 5 }, () => deliverStripe(t.app, refunded)));
    expect(statuses).toEqual(Array(5).fill(200));
    expect(await orderState(paid.orderId)).toEqual({
      status: 'refunded',
      refund_state: 'refunded',
      refunded_amount: paid.total,
      disputed: false,
      dispute_ref: null,
      renewal: false,
    });
    // It never started: nothing to show, and never counted on the card.
    expect(await packageState(paid.packageRow)).toEqual({ status: 'invalid', ended_reason: 'revoked' });
    // Taken back at the network, bundle by bundle: the card itself stays in service.
    await eventually(async () => (await bundleAtNetwork(paid.packageRow)) === 'revoked');
    expect(await networkStatus(paid.iccid)).not.toBe('Suspension');
    expect(await eventResults([refunded.id])).toEqual([{ result: 'refunded' }]);
    // The order records say Refunded.
    expect(await listedOrder(paid)).toMatchObject({
      status: 'failed',
      refunded: true,
    });
  });

  it('marks a refund of a part and keeps the package; the rest going back later is a whole refund', async () => {
    const paid = await paidThroughStripe();
    const part = chargeRefunded(paid.paymentId, paid.total, 100, 'EUR');
    expect(await deliverStripe(t.app, part)).toBe(200);
    expect(await deliverStripe(t.app, part)).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({
      status: 'fulfilled',
      refund_state: 'partial',
      refunded_amount: 100,
      renewal: true,
    });
    expect(await packageState(paid.packageRow)).toEqual({ status: 'init', ended_reason: null });
    // Stripe's amount_refunded is what went back in all: a later part raises it, an older event changes nothing.
    const more = chargeRefunded(paid.paymentId, paid.total, 250, 'EUR');
    const older = chargeRefunded(paid.paymentId, paid.total, 100, 'EUR');
    expect(await deliverStripe(t.app, more)).toBe(200);
    expect(await deliverStripe(t.app, older)).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({ refund_state: 'partial', refunded_amount: 250 });
    expect(await eventResults([part.id, more.id, older.id])).toEqual([
      { result: 'partially_refunded' },
      { result: 'partially_refunded' },
      { result: 'duplicate' },
    ]);
    expect(await networkStatus(paid.iccid)).toBe('Ready');
    const rest = chargeRefunded(paid.paymentId, paid.total, paid.total, 'EUR');
    expect(await deliverStripe(t.app, rest)).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({ status: 'refunded', refund_state: 'refunded' });
    expect(await packageState(paid.packageRow)).toEqual({ status: 'invalid', ended_reason: 'revoked' });
  });

  it('stops the package and the renewal on a dispute; the order keeps its status and is marked disputed', async () => {
    const paid = await paidThroughStripe();
    const dispute = disputeCreated(paid.paymentId, paid.total, 'EUR');
    expect(await deliverStripe(t.app, dispute)).toBe(200);
    expect(await deliverStripe(t.app, dispute)).toBe(200);
    expect(await orderState(paid.orderId)).toEqual({
      status: 'fulfilled',
      refund_state: null,
      refunded_amount: null,
      disputed: true,
      dispute_ref: dispute.data.object.id,
      renewal: false,
    });
    expect(await packageState(paid.packageRow)).toEqual({ status: 'invalid', ended_reason: 'revoked' });
    // Taken back at the network, bundle by bundle: the card itself stays in service.
    await eventually(async () => (await bundleAtNetwork(paid.packageRow)) === 'revoked');
    expect(await networkStatus(paid.iccid)).not.toBe('Suspension');
    // The order records say Disputed.
    expect(await listedOrder(paid)).toMatchObject({
      status: 'paid',
      disputed: true,
    });
    const card = await t.db.one<{ renewal: boolean }>(`SELECT renewal FROM cards WHERE iccid = $1`, [paid.iccid]);
    expect(card?.renewal).toBe(false);
    // A refund after the dispute (the merchant gives up): the order is refunded too, nothing is stopped twice.
    expect(await deliverStripe(t.app, chargeRefunded(paid.paymentId, paid.total, paid.total, 'EUR'))).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({ status: 'refunded', disputed: true });
  });

  it('stops a package that ran, and leaves the card in service while it carries another paid package', async () => {
    const first = await paidThroughStripe();
    // A second package on the same card, bought and applied too.
    const { orderId, session } = await stripeCheckout(t, { iccid: first.iccid });
    const second = Number(orderId);
    await deliverStripe(t.app, sessionPaid(session, 'pi_second'));
    await appliedPackage(second);
    await t.db.query(`UPDATE card_packages SET status = 'active', started_at = now() WHERE id = $1`, [
      first.packageRow,
    ]);
    expect(await deliverStripe(t.app, chargeRefunded(first.paymentId, first.total, first.total, 'EUR'))).toBe(200);
    expect(await packageState(first.packageRow)).toEqual({ status: 'stop', ended_reason: 'revoked' });
    // The network's part (the job's work, run here too: it is idempotent) leaves the card in service.
    await stopAtNetwork({ db: t.db, provider: t.app.connectivity.provider, log: t.app.log }, [first.packageRow]);
    expect(await networkStatus(first.iccid)).not.toBe('Suspension');
  });

  it('takes one bundle back where the network can, with its assignment', async () => {
    const provider = t.app.connectivity.provider as typeof t.app.connectivity.provider & {
      revokeBundle?: (request: { iccid: string; bundle: string; assignmentId: string }) => Promise<void>;
    };
    const revoked: Array<{ iccid: string; bundle: string; assignmentId: string }> = [];
    const original = provider.revokeBundle;
    provider.revokeBundle = async (request) => {
      revoked.push(request);
    };
    try {
      const paid = await paidThroughStripe();
      const assignment = await t.db.one<{ provider_assignment: string }>(
        `SELECT provider_assignment FROM card_packages WHERE id = $1`,
        [paid.packageRow],
      );
      expect(await deliverStripe(t.app, disputeCreated(paid.paymentId, paid.total, 'EUR'))).toBe(200);
      await eventually(async () => revoked.some((request) => request.iccid === paid.iccid));
      expect(revoked.filter((request) => request.iccid === paid.iccid)).toEqual([
        expect.objectContaining({ assignmentId: assignment?.provider_assignment, bundle: 'global-1gb-7d' }),
      ]);
      expect(await networkStatus(paid.iccid)).toBe('Ready');
    } finally {
      provider.revokeBundle = original;
    }
  });

  it('records an event about a payment it does not know, and changes nothing', async () => {
    const refund = chargeRefunded('pi_not_ours', 999, 999, 'EUR');
    expect(await deliverStripe(t.app, refund)).toBe(200);
    expect(await eventResults([refund.id])).toEqual([{ result: 'unknown_order' }]);
  });
});

describe('PayPal refunds, reversals and disputes', () => {
  it('stops the package on PAYMENT.CAPTURE.REFUNDED of all of it, once', async () => {
    const paid = await paidThroughPaypal();
    const refunded = paypalEvent('PAYMENT.CAPTURE.REFUNDED', paypalRefund(paid.paymentId, '15.00', '15.00'));
    for (let i = 0; i < 3; i += 1) expect((await deliverPaypal(t.app, t.paypal, refunded)).statusCode).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({
      status: 'refunded',
      refund_state: 'refunded',
      refunded_amount: 1500,
    });
    expect(await packageState(paid.packageRow)).toEqual({ status: 'invalid', ended_reason: 'revoked' });
    // Taken back at the network, bundle by bundle: the card itself stays in service.
    await eventually(async () => (await bundleAtNetwork(paid.packageRow)) === 'revoked');
    expect(await networkStatus(paid.iccid)).not.toBe('Suspension');
    expect(await eventResults([refunded.id])).toEqual([{ result: 'refunded' }]);
  });

  it('marks a refund of a part (PayPal writes it negative at times) and keeps the package', async () => {
    const paid = await paidThroughPaypal();
    const part = paypalEvent('PAYMENT.CAPTURE.REFUNDED', paypalRefund(paid.paymentId, '-5.00', '-5.00'));
    expect((await deliverPaypal(t.app, t.paypal, part)).statusCode).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({
      status: 'fulfilled',
      refund_state: 'partial',
      refunded_amount: 500,
    });
    expect(await packageState(paid.packageRow)).toEqual({ status: 'init', ended_reason: null });
  });

  it('treats PAYMENT.CAPTURE.REVERSED as all of it gone', async () => {
    const paid = await paidThroughPaypal();
    const reversed = paypalEvent('PAYMENT.CAPTURE.REVERSED', paypalRefund(paid.paymentId, '15.00', '15.00'));
    expect((await deliverPaypal(t.app, t.paypal, reversed)).statusCode).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({ status: 'refunded', refund_state: 'reversed' });
    expect(await packageState(paid.packageRow)).toEqual({ status: 'invalid', ended_reason: 'revoked' });
  });

  it('stops the package on CUSTOMER.DISPUTE.CREATED about the capture', async () => {
    const paid = await paidThroughPaypal();
    const dispute = {
      id: `WH-${randomUUID()}`,
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      resource_type: 'dispute',
      resource: {
        dispute_id: 'PP-D-12345',
        reason: 'UNAUTHORISED',
        status: 'OPEN',
        dispute_amount: { currency_code: 'USD', value: '15.00' },
        disputed_transactions: [{ seller_transaction_id: paid.paymentId }],
      },
    };
    expect((await deliverPaypal(t.app, t.paypal, dispute)).statusCode).toBe(200);
    expect((await deliverPaypal(t.app, t.paypal, dispute)).statusCode).toBe(200);
    expect(await orderState(paid.orderId)).toMatchObject({
      status: 'fulfilled',
      disputed: true,
      dispute_ref: 'PP-D-12345',
    });
    expect(await packageState(paid.packageRow)).toEqual({ status: 'invalid', ended_reason: 'revoked' });
  });
});
