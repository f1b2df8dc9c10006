import { buildApp } from '../../src/app';
import { type Db } from '../../src/db/index';
import { migrate } from '../../src/db/migrate';
import { createMemoryMailer } from '../../src/mail';
import { acceptEvent } from '../../src/modules/payments/fulfilment';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox';
import { actOnSession } from '../../src/modules/payments/sandbox-actions';
import { seed } from '../../src/seed';
import { createTestApp, createTestDb, post, type TestApp } from '../helpers/app';
import {
  CARD_V3,
  countRows,
  createPay,
  deliverSandbox,
  eventually,
  orderRow,
  packageId,
  sandboxEventFor,
  TEST_SANDBOX_SECRET,
} from '../helpers/payments';

// Payments you can trust: only a verified provider event pays an order, exactly once, whatever arrives how often,
// in which order, or when the process dies in between. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
});
afterAll(async () => t.close());

/** A pending order for the agent-3 card (EUR, no address needed), with its sandbox session. */
async function pendingOrder(code = 'global-1gb-7d'): Promise<string> {
  const id = await packageId(t.db, code);
  // Each order its own purchase: cancel any open one of the same purchase first.
  await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
  const { body } = await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR', email: 'v3@example.com' });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code} ${body.message}`);
  return body.data.order_id;
}

const fulfilments = (orderId: string) =>
  countRows(t.db, `SELECT 1 FROM card_packages WHERE order_id = $1`, [Number(orderId)]);
const payments = (orderId: string) => countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)]);

describe('sandbox webhook', () => {
  it('fulfils once from 20 concurrent deliveries of the same event', async () => {
    const orderId = await pendingOrder();
    const event = await sandboxEventFor(t.db, orderId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliverSandbox(t.app, event)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await payments(orderId)).toBe(1);
    expect(await fulfilments(orderId)).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM payment_events WHERE event_id = $1`, [event.id])).toBe(1);
    // On the card once, waiting for the network (the apply job hands it over; the card's figures follow its reports).
    expect(
      await t.db.query(`SELECT status, provider_state FROM card_packages WHERE order_id = $1`, [Number(orderId)]),
    ).toEqual([{ status: 'init', provider_state: 'pending' }]);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(t.mailer.sent.filter((mail) => mail.text.includes(`order #${orderId}.`))).toHaveLength(1);
  });

  it('keeps the payment when the receipt mail fails: the failure is logged and the retry sends it once', async () => {
    const orderId = await pendingOrder();
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async (message) => {
      if (message.template === 'order') throw new Error('smtp down');
      return send(message);
    };
    try {
      expect((await deliverSandbox(t.app, await sandboxEventFor(t.db, orderId))).status).toBe(200);
    } finally {
      t.mailer.send = send;
    }
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    const subject = `Your eSIM Shop receipt, order #${orderId}`;
    const logged = () =>
      t.db.query<{ error: string | null }>(`SELECT error FROM mail_log WHERE subject = $1 ORDER BY id`, [subject]);
    expect(await logged()).toEqual([{ error: 'Error: smtp down' }]);

    await t.app.payments.sendReceipt(Number(orderId));
    await t.app.payments.sendReceipt(Number(orderId));
    expect(t.mailer.sent.filter((mail) => mail.subject === subject)).toHaveLength(1);
    expect(await logged()).toEqual([{ error: 'Error: smtp down' }, { error: null }]);
  });

  it('fulfils once when different events report the same payment, and ignores a late failure', async () => {
    const orderId = await pendingOrder();
    const first = await sandboxEventFor(t.db, orderId);
    const second = await sandboxEventFor(t.db, orderId);
    const late = await sandboxEventFor(t.db, orderId, { type: 'payment.failed' });
    await Promise.all([deliverSandbox(t.app, first), deliverSandbox(t.app, second)]);
    expect((await deliverSandbox(t.app, late)).status).toBe(200);
    expect(await payments(orderId)).toBe(1);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
  });

  it('pays an order whose money arrives after a cancel event (out of order)', async () => {
    const orderId = await pendingOrder();
    await deliverSandbox(t.app, await sandboxEventFor(t.db, orderId, { type: 'payment.cancelled' }));
    expect((await orderRow(t.db, orderId))?.status).toBe('cancelled');
    await deliverSandbox(t.app, await sandboxEventFor(t.db, orderId));
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    expect(await fulfilments(orderId)).toBe(1);
  });

  it('rejects a forged signature, a stale or future timestamp and an unsigned or unreadable body', async () => {
    const orderId = await pendingOrder();
    const event = await sandboxEventFor(t.db, orderId);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      await deliverSandbox(t.app, event, { secret: 'someone-elses-secret-0123456789' }),
      await deliverSandbox(t.app, event, { timestamp: now - 301 }),
      await deliverSandbox(t.app, event, { timestamp: now + 301 }),
      await deliverSandbox(t.app, event, { signature: '' }),
      await deliverSandbox(t.app, event, { signature: `t=${now},v1=${'0'.repeat(64)}` }),
      await deliverSandbox(t.app, { ...event, data: 'not an event' }),
    ];
    for (const attempt of attempts) expect([attempt.status, attempt.body.code]).toEqual([400, 10002]);
    // Within the tolerance the same event is accepted.
    expect((await deliverSandbox(t.app, event, { timestamp: now - 290 })).status).toBe(200);
    expect(await payments(orderId)).toBe(1);
  });

  it('rejects a wrong amount, a wrong currency and another session, and fulfils nothing', async () => {
    const orderId = await pendingOrder();
    const order = await orderRow(t.db, orderId);
    const total = (order?.amount ?? 0) + (order?.tax_amount ?? 0);
    const wrong = [
      await sandboxEventFor(t.db, orderId, { amount: total - 1 }),
      await sandboxEventFor(t.db, orderId, { currency: 'USD' }),
      await sandboxEventFor(t.db, orderId, { session: 'ses_another_session_000000' }),
    ];
    for (const event of wrong) {
      const answer = await deliverSandbox(t.app, event);
      expect([answer.status, answer.body.code]).toEqual([400, 10002]);
      // A retry of the same delivery gets the same answer.
      expect((await deliverSandbox(t.app, event)).status).toBe(400);
    }
    expect(await payments(orderId)).toBe(0);
    expect(await fulfilments(orderId)).toBe(0);
    expect((await orderRow(t.db, orderId))?.status).toBe('pending');
    const results = await t.db.query<{ result: string }>(
      `SELECT result FROM payment_events WHERE order_id = $1 ORDER BY id`,
      [Number(orderId)],
    );
    expect(results.map((row) => row.result)).toEqual(['rejected_amount', 'rejected_amount', 'rejected_order']);
  });

  it('answers 404 for an unknown provider and records an event for an unknown order without harm', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/eshop/webhooks/bitcoin',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 10002]);
    const orderId = await pendingOrder();
    const event = await sandboxEventFor(t.db, orderId, { order_id: '987654321' });
    expect((await deliverSandbox(t.app, event)).status).toBe(200);
    expect(await payments(orderId)).toBe(0);
  });

  it('answers an oversized body 413/10002 and stores nothing', async () => {
    const before = await countRows(t.db, `SELECT 1 FROM payment_events`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/eshop/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(600 * 1024) }),
    });
    expect([response.statusCode, response.json().code]).toEqual([413, 10002]);
    expect(await countRows(t.db, `SELECT 1 FROM payment_events`)).toBe(before);
  });

  it('is the same webhook the sandbox page uses: a paid session is one fulfilment however often it is posted', async () => {
    const orderId = await pendingOrder();
    const order = await orderRow(t.db, orderId);
    const deps = t.app.payments.sandbox;
    if (!deps || !order?.provider_ref) throw new Error('sandbox off');
    await Promise.all(
      Array.from({ length: 5 }, () => actOnSession(deps, order.provider_ref ?? '', { action: 'pay', card: 'instant' })),
    );
    expect(await payments(orderId)).toBe(1);
    expect((await post(t.app, '/pay/search', { order_id: orderId })).body.data).toMatchObject({ status: 'paid' });
  });
});

describe('crash recovery', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb({ migrated: true });
    await migrate(db);
    await seed(db);
  });
  afterAll(async () => db.close());

  const options = (workers: boolean) => ({
    db,
    mailer: createMemoryMailer(),
    payments: { sandboxSecret: TEST_SANDBOX_SECRET, workers, jobPollingSeconds: 0.5 },
  });

  it('fulfils exactly once after a restart an event accepted by a process that died before fulfilling it', async () => {
    const first = await buildApp(options(false));
    await first.ready();
    const id = await packageId(db, 'global-1gb-7d');
    const { body } = await createPay(first, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
    const orderId = body.data.order_id;
    // What the webhook does before it fulfils: verify and store the event with its job, in one transaction.
    const provider = createSandboxProvider(db, { secret: TEST_SANDBOX_SECRET, publicOrigin: 'http://localhost:8080' });
    const event = await sandboxEventFor(db, orderId);
    const raw = Buffer.from(JSON.stringify(event));
    const { signSandboxEvent } = await import('../../src/modules/payments/providers/sandbox');
    const verified = await provider.verifyWebhook(raw, {
      'sandbox-signature': signSandboxEvent(TEST_SANDBOX_SECRET, raw.toString(), Math.floor(Date.now() / 1000)),
    });
    await acceptEvent(db, first.payments.jobs, 'sandbox', verified);
    // ... and then the process is gone.
    await first.close();
    expect((await orderRow(db, orderId))?.status).toBe('pending');

    const second = await buildApp(options(true));
    await second.ready();
    try {
      await eventually(async () => (await orderRow(db, orderId))?.status === 'fulfilled');
      // The provider retries its delivery after the restart: still one fulfilment.
      expect((await deliverSandbox(second, event)).status).toBe(200);
      expect(await countRows(db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(1);
      expect(await countRows(db, `SELECT 1 FROM card_packages WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("delivers later the sandbox's event its first delivery missed", async () => {
    const app = await buildApp(options(true));
    await app.ready();
    try {
      const id = await packageId(db, 'apac-10gb-15d');
      const { body } = await createPay(app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR' });
      const order = await orderRow(db, body.data.order_id);
      const deps = app.payments.sandbox;
      if (!deps || !order?.provider_ref) throw new Error('sandbox off');
      // The webhook could not be reached when the buyer pressed Pay.
      await actOnSession({ ...deps, deliver: async () => 'retry' }, order.provider_ref, {
        action: 'pay',
        card: 'instant',
      });
      expect((await orderRow(db, body.data.order_id))?.status).toBe('pending');
      await eventually(async () => (await orderRow(db, body.data.order_id))?.status === 'fulfilled', 30_000);
      expect(await countRows(db, `SELECT 1 FROM payments WHERE order_id = $1`, [order.id])).toBe(1);
    } finally {
      await app.close();
    }
  });
});
