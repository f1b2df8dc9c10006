import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';
import {
  CARD_V2_DEMO,
  createPay,
  deliverSandbox,
  orderRow,
  packageId,
  sandboxEventFor,
  submitSandbox,
  TEST_SANDBOX_SECRET,
} from '../helpers/payments';

// The sandbox stands in for a provider's refunds and disputes too (payment.refunded, payment.disputed, signed like
// its other events), so a tester, the demo and the end-to-end tests can see what a Stripe refund or dispute does.

let t: TestApp;
let demo: { token: string; user_id: number };

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
  demo = await loginDemo(t.app);
});
afterAll(async () => t.close());

async function paidOrder(): Promise<string> {
  const id = await packageId(t.db, 'global-1gb-7d');
  const { body } = await createPay(t.app, { id, iccid: CARD_V2_DEMO, ccy: 'EUR' }, demo.token);
  await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
  expect((await orderRow(t.db, body.data.order_id))?.status).toMatch(/^(paid|fulfilled)$/);
  return body.data.order_id;
}

const listed = async (orderId: string) =>
  (
    await post<{ list: Array<{ order_id: string; disputed?: boolean; status: string }> }>(
      t.app,
      '/pay/order/list',
      {},
      { token: demo.token },
    )
  ).body.data.list.find((order) => order.order_id === orderId);

describe('sandbox money back', () => {
  it('a disputed payment marks the order disputed and stops its package, once however often it arrives', async () => {
    const orderId = await paidOrder();
    const event = await sandboxEventFor(t.db, orderId, { type: 'payment.disputed', payment_id: null });
    expect((await deliverSandbox(t.app, event)).status).toBe(200);
    expect((await deliverSandbox(t.app, event)).status).toBe(200);
    expect(await listed(orderId)).toMatchObject({ disputed: true });
    const stopped = await t.db.query<{ status: string }>(`SELECT status FROM card_packages WHERE order_id = $1`, [
      Number(orderId),
    ]);
    expect(stopped.map((row) => row.status)).not.toContain('init');
    expect(
      (
        await t.db.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders WHERE id = $1 AND disputed_at IS NOT NULL`,
          [Number(orderId)],
        )
      )?.n,
    ).toBe(1);
  });

  it('a refund of all of it marks the order refunded; an unsigned one is refused', async () => {
    const orderId = await paidOrder();
    const event = await sandboxEventFor(t.db, orderId, { type: 'payment.refunded', payment_id: null });
    expect((await deliverSandbox(t.app, event, { secret: 'not-the-secret' })).status).toBe(400);
    expect((await deliverSandbox(t.app, event)).status).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('refunded');
  });
});
