import { DEMO_EID } from '../../src/seed';
import { post } from '../helpers/app';
import {
  CARD_V1,
  CARD_V2_DEMO,
  CARD_V3,
  countRows,
  createPay,
  createPaymentsTestApp,
  deliverSandbox,
  openCardV3Order,
  orderRow,
  packageId,
  sandboxEventFor,
  saveUsAddress,
  SHOP,
  submitSandbox,
  type Login,
  type PaymentsTestApp,
} from '../helpers/payments';

// Checkout and orders tell the truth: a decline comes back as a decline (returnType=fail), an order waiting for
// payment can be paid on or cancelled (payResume, payCancel) without a second charge and without losing a payment
// that still arrives, a new eSIM profile in USD is taxed by the buyer's address like a card's package, a package has
// one name everywhere (its shop title), and the billing form starts with the buyer's own last address only.

let t: PaymentsTestApp;
let demo: Login;
let other: Login;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  ({ demo, other } = t);
});
afterAll(async () => t.close());

interface Resume {
  order_id: string;
  status: string;
  pay_url?: string;
  pay?: string;
}
const resume = (body: Record<string, unknown>, token?: string) => post<Resume>(t.app, '/pay/resume', body, { token });
const cancel = (body: Record<string, unknown>, token?: string) =>
  post<{ order_id: string; status: string }>(t.app, '/pay/cancel', body, { token });

/** The order's provider page ran out (as if its 30 minutes had passed). */
async function expire(orderId: string) {
  const past = new Date(Date.now() - 60_000);
  await t.db.query(`UPDATE orders SET session_expires_at = $2 WHERE id = $1`, [Number(orderId), past]);
  await t.db.query(`UPDATE sandbox_sessions SET expires_at = $2 WHERE order_id = $1`, [Number(orderId), past]);
}

describe('the sandbox page sends the browser back with what happened', () => {
  it('a decline is returnType=fail, a cancel returnType=cancel, three wrong codes a decline too', async () => {
    const declined = await openCardV3Order(t);
    const decline = await submitSandbox(t.app, declined.pay_url, { action: 'decline' });
    expect(decline.location).toBe(`${SHOP}/3/${CARD_V3}?returnType=fail&order_id=${declined.order_id}`);
    // Back on the page later: it still says declined, not cancelled.
    const again = await t.app.inject({ method: 'GET', url: new URL(declined.pay_url).pathname });
    expect(again.headers.location).toBe(decline.location);

    const cancelled = await openCardV3Order(t);
    const back = await submitSandbox(t.app, cancelled.pay_url, { action: 'cancel' });
    expect(back.location).toBe(`${SHOP}/3/${CARD_V3}?returnType=cancel&order_id=${cancelled.order_id}`);

    const challenged = await openCardV3Order(t);
    await submitSandbox(t.app, challenged.pay_url, { action: 'pay', card: 'challenge' });
    let last;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      last = await submitSandbox(t.app, challenged.pay_url, { action: 'verify', code: '000000' });
    }
    expect(last?.location).toBe(`${SHOP}/3/${CARD_V3}?returnType=fail&order_id=${challenged.order_id}`);
    expect((await orderRow(t.db, challenged.order_id))?.status).toBe('failed');
  });
});

describe('payResume (/pay/resume): Continue payment and Try again', () => {
  it('hands out the open page of a waiting order again: same order, same page, no second session', async () => {
    const order = await openCardV3Order(t);
    const before = await countRows(t.db, `SELECT 1 FROM orders`);
    const { body } = await resume({ order_id: order.order_id, iccid: CARD_V3 });
    expect(body.data).toEqual({ order_id: order.order_id, status: 'pending', pay_url: order.pay_url, pay: 'stripe' });
    expect(await countRows(t.db, `SELECT 1 FROM orders`)).toBe(before);
    expect(await countRows(t.db, `SELECT 1 FROM sandbox_sessions WHERE order_id = $1`, [order.order_id])).toBe(1);
  });

  it('replaces a waiting order whose page expired: a new order for the same package, the old one cancelled', async () => {
    const order = await openCardV3Order(t);
    await expire(order.order_id);
    const { body } = await resume({ order_id: order.order_id, iccid: CARD_V3 });
    expect(body.code).toBe(10000);
    expect(body.data.order_id).not.toBe(order.order_id);
    expect(body.data.pay_url).not.toBe(order.pay_url);
    const [old, fresh] = [await orderRow(t.db, order.order_id), await orderRow(t.db, body.data.order_id)];
    expect(old?.status).toBe('cancelled');
    expect(fresh).toMatchObject({ status: 'pending', amount: old?.amount, currency: 'EUR' });
    // The new page pays the new order, once.
    const paid = await submitSandbox(t.app, body.data.pay_url ?? '', { action: 'pay', card: 'instant' });
    expect(paid.location).toBe(`${SHOP}/3/${CARD_V3}?returnType=suc&order_id=${body.data.order_id}`);
    expect((await orderRow(t.db, body.data.order_id))?.status).toBe('fulfilled');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(order.order_id)])).toBe(0);
  });

  it('tries a declined order again with the same package and method; a paid order answers paid', async () => {
    const declined = await openCardV3Order(t);
    await submitSandbox(t.app, declined.pay_url, { action: 'decline' });
    const { body } = await resume({ order_id: declined.order_id, iccid: CARD_V3 });
    expect(body.data).toMatchObject({ status: 'pending', pay: 'stripe' });
    expect(body.data.order_id).not.toBe(declined.order_id);
    const retried = await t.db.one<{ package_id: number; amount: number }>(
      `SELECT package_id, amount FROM orders WHERE id = $1`,
      [Number(body.data.order_id)],
    );
    expect(retried).toEqual({ package_id: await packageId(t.db, 'global-1gb-7d'), amount: 450 });
    // The declined order stays what it was.
    expect((await orderRow(t.db, declined.order_id))?.status).toBe('failed');
    await submitSandbox(t.app, body.data.pay_url ?? '', { action: 'pay', card: 'instant' });
    const paid = await resume({ order_id: body.data.order_id, iccid: CARD_V3 });
    expect(paid.body.data).toEqual({ order_id: body.data.order_id, status: 'paid' });
  });

  it('is for the order owner only; an order no account owns needs its card, and says nothing otherwise', async () => {
    const visitors = await openCardV3Order(t);
    for (const body of [{ order_id: visitors.order_id }, { order_id: visitors.order_id, iccid: CARD_V1 }]) {
      const answer = await resume(body);
      expect([answer.body.code, answer.body.message]).toEqual([10025, 'errorOrderId']);
      expect((await cancel(body)).body.code).toBe(10025);
    }
    expect((await resume({ order_id: '999999999', iccid: CARD_V3 })).body.code).toBe(10025);
    // An account's order: its owner only, whatever ICCID a visitor names.
    const id = await packageId(t.db, 'eu-5gb-30d');
    const mine = await createPay(t.app, { id, iccid: CARD_V2_DEMO, flag: '2', ccy: 'EUR' }, demo.token);
    expect(mine.body.code).toBe(10000);
    const order = { order_id: mine.body.data.order_id, iccid: CARD_V2_DEMO };
    expect((await resume(order, other.token)).body.code).toBe(10024);
    expect((await resume(order)).body.code).toBe(10024);
    expect((await cancel(order, other.token)).body.code).toBe(10024);
    expect((await resume(order, demo.token)).body.data).toMatchObject({ order_id: order.order_id, status: 'pending' });
    const malformed = await resume({ order_id: 'x', extra: 1 });
    expect([malformed.status, malformed.body.code]).toEqual([400, 10002]);
  });
});

describe('payResume of a new pool: the pool it was made for stays, with its cards', () => {
  it('an expired checkout of a new pool continues on a new order for the same pool; the pool is paid once', async () => {
    const planId = await packageId(t.db, 'pool-eu-50gb-30d');
    const created = await post<{ pool_object_id: string }>(
      t.app,
      '/v1/pool/create',
      { iccids: ['89880000000000000003'], eshop_goods_id: planId },
      { token: demo.token },
    );
    expect(created.body.code).toBe(10000);
    const poolObjectId = created.body.data.pool_object_id;
    const first = await createPay(t.app, { id: planId, ccy: 'USD', pool_object_id: poolObjectId }, demo.token);
    expect(first.body.code).toBe(10000);
    await expire(first.body.data.order_id);
    const { body } = await resume({ order_id: first.body.data.order_id }, demo.token);
    expect(body.data.status).toBe('pending');
    expect(body.data.order_id).not.toBe(first.body.data.order_id);
    expect((await orderRow(t.db, first.body.data.order_id))?.status).toBe('cancelled');
    // The pending pool was not dropped with the expired order: the new order pays for it.
    const pool = await t.db.one<{ id: number }>(`SELECT id FROM pools WHERE pool_object_id = $1`, [poolObjectId]);
    expect(pool).toBeDefined();
    expect((await orderRow(t.db, body.data.order_id))?.pool_id).toBe(pool?.id);
    await submitSandbox(t.app, body.data.pay_url ?? '', { action: 'pay', card: 'instant' });
    const paid = await t.db.one<{ status: string; pending_since: Date | null }>(
      `SELECT status, pending_since FROM pools WHERE pool_object_id = $1`,
      [poolObjectId],
    );
    expect(paid).toEqual({ status: 'Activated', pending_since: null });
    // Its card joined, and one payment for the two orders.
    const members = await t.db.query<{ iccid: string }>(`SELECT iccid FROM pool_members WHERE pool_id = $1`, [
      pool?.id,
    ]);
    expect(members.map((row) => row.iccid)).toEqual(['89880000000000000003']);
    const orders = [Number(first.body.data.order_id), Number(body.data.order_id)];
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = ANY($1::bigint[])`, [orders])).toBe(1);
  });
});

describe('payCancel (/pay/cancel): Cancel order', () => {
  it('cancels a waiting order once, ends its page, and changes nothing on a paid one', async () => {
    const order = await openCardV3Order(t);
    const first = await cancel({ order_id: order.order_id, iccid: CARD_V3 });
    expect(first.body.data).toEqual({ order_id: order.order_id, status: 'cancelled' });
    // Idempotent.
    expect((await cancel({ order_id: order.order_id, iccid: CARD_V3 })).body.data.status).toBe('cancelled');
    // The pay page can no longer take a payment: it only leads back, as after Cancel.
    const pay = await submitSandbox(t.app, order.pay_url, { action: 'pay', card: 'instant' });
    expect(pay.location).toBe(`${SHOP}/3/${CARD_V3}?returnType=cancel&order_id=${order.order_id}`);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(order.order_id)])).toBe(0);
    expect((await post(t.app, '/pay/search', { order_id: order.order_id })).body.data).toMatchObject({
      status: 'cancelled',
    });

    const paid = await openCardV3Order(t);
    await submitSandbox(t.app, paid.pay_url, { action: 'pay', card: 'instant' });
    expect((await cancel({ order_id: paid.order_id, iccid: CARD_V3 })).body.data.status).toBe('paid');
    expect((await orderRow(t.db, paid.order_id))?.status).toBe('fulfilled');
  });

  it('a payment that arrives after the cancel still pays the order, once: the money is never lost', async () => {
    const order = await openCardV3Order(t);
    await cancel({ order_id: order.order_id, iccid: CARD_V3 });
    // The provider took the payment at the same moment (its page was paid before it was ended).
    const event = await sandboxEventFor(t.db, order.order_id);
    expect((await deliverSandbox(t.app, event)).status).toBe(200);
    expect((await deliverSandbox(t.app, event)).status).toBe(200);
    expect((await orderRow(t.db, order.order_id))?.status).toBe('fulfilled');
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(order.order_id)])).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM card_packages WHERE order_id = $1`, [Number(order.order_id)])).toBe(1);
    const list = await post<{ list: Array<{ order_id: string; status: string }> }>(t.app, '/pay/order/list', {
      iccid: CARD_V3,
    });
    expect(list.body.data.list.find((row) => row.order_id === order.order_id)?.status).toBe('paid');
  });
});

describe('a new eSIM profile in USD follows the same tax and address rules as a card package', () => {
  const profile = async (token: string, ccy = 'USD') =>
    post<{ pay_url: string; order_id: string }>(
      t.app,
      '/esim/orderProfile',
      { eid: DEMO_EID, id: await packageId(t.db, 'esim-global-3gb-30d'), lang: 'en', ccy, pay: 'stripe' },
      { token },
    );
  const check = (ccy: string, token?: string) =>
    post<{ isShowAddress: boolean }>(t.app, '/pay/isbuy', { eid: DEMO_EID, lang: 'en', ccy, amount: 1200 }, { token });
  const address = (body: Record<string, unknown>, token?: string) =>
    post<{ taxRate: number }>(
      t.app,
      '/save/address',
      {
        email: 'demo@example.com',
        country: 'US',
        region: 'NY',
        city: 'New York',
        postalCode: '10001',
        line1: '350 Fifth Avenue',
        ...body,
      },
      { token },
    );

  it('asks for the address in USD (not in EUR), refuses to price without it, and taxes by it', async () => {
    expect((await check('USD', demo.token)).body.data.isShowAddress).toBe(true);
    expect((await check('EUR', demo.token)).body.data.isShowAddress).toBe(false);
    const without = await profile(demo.token);
    expect([without.status, without.body.code, without.body.message]).toEqual([
      400,
      10002,
      'please save the billing address first',
    ]);
    const saved = await address({ eid: DEMO_EID }, demo.token);
    expect(saved.body.data).toMatchObject({ taxRate: 0.04, region: 'NY' });
    const { body } = await profile(demo.token);
    expect(body.code).toBe(10000);
    // 12.00 USD and New York's 4 %: 0.48 USD, as a SIM card's package with that address.
    expect(await orderRow(t.db, body.data.order_id)).toMatchObject({ amount: 1200, tax_amount: 48, currency: 'USD' });
    const page = await t.app.inject({ method: 'GET', url: new URL(body.data.pay_url).pathname });
    expect(page.body).toContain('$12.48');
    // In EUR the package's own rate applies, no address needed (as for a card).
    expect((await profile(demo.token, 'EUR')).body.code).toBe(10000);
  });

  it('saves an eSIM address only for the slot of the caller, with a login, for a card or a slot', async () => {
    expect((await address({ eid: DEMO_EID })).body.code).toBe(10013);
    expect((await address({ eid: DEMO_EID }, other.token)).body.code).toBe(10024);
    expect((await address({ eid: '89049032000000000000000000000999' }, demo.token)).body.code).toBe(10025);
    const neither = await address({}, demo.token);
    expect([neither.status, neither.body.code]).toEqual([400, 10002]);
    const both = await address({ eid: DEMO_EID, iccid: CARD_V2_DEMO }, demo.token);
    expect([both.status, both.body.code]).toEqual([400, 10002]);
  });
});

describe('one package name: the shop title, on the pay page, orders and mails', () => {
  it("names 'global-1gb-7d' '1 GB' (its package card title), never 'Starter 1 GB'", async () => {
    const order = await openCardV3Order(t, { email: 'me@example.com' });
    const page = await t.app.inject({ method: 'GET', url: new URL(order.pay_url).pathname });
    expect(page.body).toContain('<dd>1 GB</dd>');
    expect(page.body).not.toContain('Starter');
    await submitSandbox(t.app, order.pay_url, { action: 'pay', card: 'instant' });
    const list = await post<{ list: Array<{ order_id: string; name: string }> }>(t.app, '/pay/order/list', {
      iccid: CARD_V3,
      lang: 'en',
    });
    expect(list.body.data.list.find((row) => row.order_id === order.order_id)?.name).toBe('1 GB');
    // The card's package records (/pkg) name it so too.
    type Records = Record<'list1' | 'list2' | 'list3', Array<{ name: string }>>;
    const records = await post<Records>(t.app, '/pkg/record', { iccid: CARD_V3, lang: 'en' });
    const recordNames = Object.values(records.body.data).flatMap((group) => group.map((record) => record.name));
    expect(recordNames).toContain('1 GB');
    expect(recordNames.join('|')).not.toContain('Starter');
    await t.app.payments.sendReceipt(Number(order.order_id));
    const resend = await post(t.app, '/send/email', { id: order.order_id, email: 'me@example.com', lang: 'en' });
    expect(resend.body.code).toBe(10000);
    const mails = t.mailer.sent.filter((mail) => mail.text.includes(`#${order.order_id}`));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain('Package: 1 GB');
      expect(mail.text).not.toContain('Starter');
    }
  });
});

describe('the billing form starts with the buyer’s own last address, never anyone else’s', () => {
  type Saved = { savedAddress?: { city: string; email: string; region: string } };
  const check = (iccid: string, token?: string, ccy = 'USD') =>
    post<Saved>(t.app, '/pay/isbuy', { iccid, lang: 'en', ccy, amount: 500 }, { token });

  it('offers an account its last address, a visitor the address a visitor saved for the card', async () => {
    // A visitor on an unbound card: nothing saved yet, then what they saved for it.
    expect((await check(CARD_V1)).body.data.savedAddress).toBeUndefined();
    await saveUsAddress(t.app, CARD_V1, 'CA');
    expect((await check(CARD_V1)).body.data.savedAddress).toEqual({
      email: 'buyer@example.com',
      country: 'US',
      region: 'CA',
      city: 'Springfield',
      postalCode: '12345',
      line1: '1 Main St',
    });
    // Nothing where no address is asked for.
    expect((await check(CARD_V3, undefined, 'EUR')).body.data.savedAddress).toBeUndefined();

    // demo saves one for their own card: it starts demo's form on another card too.
    await post(
      t.app,
      '/save/address',
      {
        email: 'demo@example.com',
        country: 'US',
        region: 'WA',
        city: 'Seattle',
        postalCode: '98101',
        line1: '400 Broad St',
        iccid: CARD_V2_DEMO,
      },
      { token: demo.token },
    );
    expect((await check(CARD_V1, demo.token)).body.data.savedAddress).toMatchObject({ city: 'Seattle', region: 'WA' });
    // other@example.com never sees demo's, nor the visitor's of the card.
    expect((await check(CARD_V1, other.token)).body.data.savedAddress).toBeUndefined();

    // demo saves for the unbound card now: the card's address is demo's, so a visitor is offered none.
    await saveUsAddress(t.app, CARD_V1, 'NY', demo.token);
    expect((await check(CARD_V1)).body.data.savedAddress).toBeUndefined();
    expect((await check(CARD_V1, demo.token)).body.data.savedAddress).toMatchObject({ region: 'NY' });
  });
});

describe('one package name: as the list it was sold from shows it', () => {
  it('the version-1 card page lists names only: its orders keep that name; a pool plan is its card title and line', async () => {
    // (CARD_V1's address is saved above.)
    const old = await createPay(t.app, { id: await packageId(t.db, 'global-1gb-7d'), iccid: CARD_V1, flag: '1' });
    expect(old.body.code).toBe(10000);
    const page = await t.app.inject({ method: 'GET', url: new URL(old.body.data.pay_url).pathname });
    expect(page.body).toContain('<dd>Starter 1 GB</dd>');
    const v1 = await post<{ list: Array<{ order_id: string; name: string }> }>(t.app, '/pay/order/list', {
      iccid: CARD_V1,
      lang: 'en',
    });
    expect(v1.body.data.list.find((row) => row.order_id === old.body.data.order_id)?.name).toBe('Starter 1 GB');

    const pool = await createPay(t.app, { id: await packageId(t.db, 'pool-eu-50gb-30d'), ccy: 'USD' }, demo.token);
    expect(pool.body.code).toBe(10000);
    const poolPage = await t.app.inject({ method: 'GET', url: new URL(pool.body.data.pay_url).pathname });
    expect(poolPage.body).toContain('<dd>50 GB up to 5 cards</dd>');
  });
});
