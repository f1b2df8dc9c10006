import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';
import { buyRenewing, chargesOf, countRows, insertCard, renewNow, TEST_SANDBOX_SECRET } from '../helpers/payments';

// Saved payment methods belong to the payer (issue 23): the account, or the visitor by the e-mail of the purchase.
// A renewal is charged only to a method of whoever holds the card now; a card that changes hands stops renewing and
// drops everyone else's methods; a payer lists and deletes their own methods, nobody else's.

let t: TestApp;
let demo: { token: string; id: number };
let other: { token: string; id: number };
let cardNumber = 0;

/** A fresh card of agent 3 (EUR): unbound, or bound to the given account. */
async function freshCard(owner?: { id: number; email: string }) {
  cardNumber += 1;
  const iccid = `899900000000000${String(200 + cardNumber).padStart(5, '0')}`;
  return insertCard(t.db, iccid, owner ? { userId: owner.id, email: owner.email } : null);
}

async function renewalFlags(iccid: string, orderId: number) {
  const order = await t.db.one<{ renewal: boolean }>(`SELECT renewal FROM orders WHERE id = $1`, [orderId]);
  const card = await t.db.one<{ renewal: boolean }>(`SELECT renewal FROM cards WHERE iccid = $1`, [iccid]);
  return { order: order?.renewal, card: card?.renewal };
}

interface MethodView {
  id: number;
  provider: string;
  pay: string;
  renews: Array<{ iccid?: string; pool_object_id?: string; name: string | null }>;
}

async function methodsOf(token: string) {
  const { body } = await post<{ list: MethodView[] }>(t.app, '/v1/user/payment/methods', {}, { token });
  expect(body.code).toBe(10000);
  return body.data.list;
}

async function methodIdOf(token: string): Promise<number> {
  const row = await t.db.one<{ id: number }>(`SELECT id FROM saved_payment_methods WHERE token = $1`, [token]);
  if (!row) throw new Error('no such method');
  return Number(row.id);
}

const payLinksTo = (address: string) =>
  t.mailer.sent.filter((mail) => mail.template === 'renewal-pay-link' && mail.to === address).length;

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
  // The job queue starts with the app (the renewals queue their jobs on it).
  await t.app.ready();
  const demoLogin = await loginDemo(t.app);
  const otherLogin = await loginDemo(t.app, 'other@example.com', 'other-password-1');
  demo = { token: demoLogin.token, id: Number(demoLogin.user_id) };
  other = { token: otherLogin.token, id: Number(otherLogin.user_id) };
});
afterAll(async () => t.close());

describe('payment methods belong to the payer', () => {
  it("never charges visitor A's card once B binds the card and switches renewal on: B gets a pay link", async () => {
    const iccid = await freshCard();
    const a = await buyRenewing(t, iccid, { email: 'visitor-a@example.com' });
    const saved = await t.db.one(`SELECT user_id, payer_email, iccid FROM saved_payment_methods WHERE token = $1`, [
      a.token,
    ]);
    expect(saved).toEqual({ user_id: null, payer_email: 'visitor-a@example.com', iccid });

    expect((await post(t.app, '/v1/bind/card', { iccid }, { token: other.token })).body.code).toBe(10000);
    // The card changed hands: A's renewal stopped, A's method renews it no more.
    expect(await renewalFlags(iccid, a.orderId)).toEqual({ order: false, card: false });
    expect(await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE iccid = $1`, [iccid])).toBe(0);

    const on = await post(t.app, '/pkg/update', { iccid, id: a.recordId, renewal: true }, { token: other.token });
    expect(on.body.code).toBe(10000);
    const payLinksBefore = payLinksTo('other@example.com');
    const renewal = await renewNow(t, a.recordId);
    expect(renewal).toMatchObject({ status: 'action_required', user_id: other.id });
    expect(await chargesOf(t.db, a.token)).toBe(0);
    expect(payLinksTo('other@example.com')).toBe(payLinksBefore + 1);
    expect(payLinksTo('visitor-a@example.com')).toBe(0);
  });

  it("never charges A's method even when the card changed hands before the migration left it linked", async () => {
    // A card B holds while A's visitor method still names it (as a card bound before payer methods existed).
    const iccid = await freshCard();
    const a = await buyRenewing(t, iccid, { email: 'visitor-a2@example.com' });
    await t.db.query(`UPDATE cards SET user_id = $2 WHERE iccid = $1`, [iccid, other.id]);
    const renewal = await renewNow(t, a.recordId);
    expect(renewal?.status).toBe('action_required');
    expect(await chargesOf(t.db, a.token)).toBe(0);
  });

  it("unbinding stops the card's renewals and drops the account's method from it", async () => {
    const iccid = await freshCard({ id: demo.id, email: 'demo@example.com' });
    const bought = await buyRenewing(t, iccid, { token: demo.token });
    expect(await renewalFlags(iccid, bought.orderId)).toEqual({ order: true, card: true });
    const id = await methodIdOf(bought.token);
    expect((await methodsOf(demo.token)).find((method) => method.id === id)?.renews).toEqual([{ iccid, name: null }]);

    expect((await post(t.app, '/v1/unbind/card', { iccid }, { token: demo.token })).body.code).toBe(10000);
    expect(await renewalFlags(iccid, bought.orderId)).toEqual({ order: false, card: false });
    // Still the account's (it may delete it), but it renews nothing now.
    expect((await methodsOf(demo.token)).find((method) => method.id === id)?.renews).toEqual([]);
    expect(await renewNow(t, bought.recordId)).toBeUndefined();

    // Anyone holding the ICCID may switch it on again (the card is nobody's): the account's card is never charged.
    expect((await post(t.app, '/pkg/update', { iccid, id: bought.recordId, renewal: true })).body.code).toBe(10000);
    const renewal = await renewNow(t, bought.recordId);
    expect(renewal).toMatchObject({ status: 'action_required', user_id: null });
    expect(await chargesOf(t.db, bought.token)).toBe(0);
  });

  it("a visitor switching renewal back on an unbound card keeps no one's method on it", async () => {
    const iccid = await freshCard();
    const a = await buyRenewing(t, iccid, { email: 'visitor-c@example.com' });
    expect((await post(t.app, '/pkg/update', { iccid, id: a.recordId, renewal: false })).body.code).toBe(10000);
    // Someone else with the ICCID (a visitor proves nothing) switches it back on.
    expect((await post(t.app, '/pkg/update', { iccid, id: a.recordId, renewal: true })).body.code).toBe(10000);
    const renewal = await renewNow(t, a.recordId);
    expect(renewal?.status).toBe('action_required');
    expect(await chargesOf(t.db, a.token)).toBe(0);
  });

  it("charges the visitor's own method while the card stays theirs; an account binding it never takes it", async () => {
    const iccid = await freshCard();
    const a = await buyRenewing(t, iccid, { email: 'demo@example.com' });
    const first = await renewNow(t, a.recordId);
    expect(first?.status).toBe('paid');
    expect(await chargesOf(t.db, a.token)).toBe(1);

    // The same verified e-mail proves nothing (anyone may type it, or set it on the unbound card for the sheet to
    // pre-fill): binding drops the visitor's method and stops the visitor's renewal (issue 23 review).
    expect((await post(t.app, '/v1/bind/card', { iccid }, { token: demo.token })).body.code).toBe(10000);
    expect(await renewalFlags(iccid, first?.order_id ?? 0)).toEqual({ order: false, card: false });
    expect(await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE token = $1`, [a.token])).toBe(0);
    const next = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [first?.order_id]);
    // The account switches renewal on itself: it pays through a pay link, never with the visitor's card.
    expect(
      (await post(t.app, '/pkg/update', { iccid, id: Number(next?.id), renewal: true }, { token: demo.token })).body
        .code,
    ).toBe(10000);
    const second = await renewNow(t, Number(next?.id));
    expect(second).toMatchObject({ status: 'action_required', user_id: demo.id });
    expect(await chargesOf(t.db, a.token)).toBe(1);
  });
});

describe('listing and deleting saved payment methods', () => {
  it("lists only the caller's own methods", async () => {
    const demoCard = await freshCard({ id: demo.id, email: 'demo@example.com' });
    const otherCard = await freshCard({ id: other.id, email: 'other@example.com' });
    const demoBuy = await buyRenewing(t, demoCard, { token: demo.token });
    const otherBuy = await buyRenewing(t, otherCard, { token: other.token });
    const demoIds = (await methodsOf(demo.token)).map((method) => method.id);
    const otherIds = (await methodsOf(other.token)).map((method) => method.id);
    expect(demoIds).toContain(await methodIdOf(demoBuy.token));
    expect(demoIds).not.toContain(await methodIdOf(otherBuy.token));
    expect(otherIds).toContain(await methodIdOf(otherBuy.token));
    expect(otherIds).not.toContain(await methodIdOf(demoBuy.token));
    // Visitors' methods are nobody's account's.
    const visitorCard = await freshCard();
    const visitor = await buyRenewing(t, visitorCard, { email: 'visitor-d@example.com' });
    expect([...demoIds, ...otherIds]).not.toContain(await methodIdOf(visitor.token));
    expect((await post(t.app, '/v1/user/payment/methods', {})).body.code).toBe(10013);
  });

  it('deletes a method for its payer only; the renewal it paid for then mails a pay link', async () => {
    const iccid = await freshCard({ id: demo.id, email: 'demo@example.com' });
    const bought = await buyRenewing(t, iccid, { token: demo.token });
    const id = await methodIdOf(bought.token);

    const refused = await post(t.app, '/v1/user/payment/methods/delete', { id }, { token: other.token });
    expect(refused.body.code).toBe(10024);
    expect(refused.body.message).toBe('this belongs to another account');
    expect((await post(t.app, '/v1/user/payment/methods/delete', { id })).body.code).toBe(10013);
    expect(
      (await post(t.app, '/v1/user/payment/methods/delete', { id: 99_999_999 }, { token: demo.token })).body.code,
    ).toBe(10025);
    for (const malformed of [{}, { id: 0 }, { id: '1' }, { id, extra: true }]) {
      const { status, body } = await post(t.app, '/v1/user/payment/methods/delete', malformed, { token: demo.token });
      expect([status, body.code]).toEqual([400, 10002]);
    }
    expect(await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE id = $1`, [id])).toBe(1);

    const deleted = await post(t.app, '/v1/user/payment/methods/delete', { id }, { token: demo.token });
    expect(deleted.body).toMatchObject({ code: 10000, data: null });
    expect((await methodsOf(demo.token)).map((method) => method.id)).not.toContain(id);
    expect((await post(t.app, '/v1/user/payment/methods/delete', { id }, { token: demo.token })).body.code).toBe(10025);

    const renewal = await renewNow(t, bought.recordId);
    expect(renewal).toMatchObject({ status: 'action_required', user_id: demo.id });
    expect(await chargesOf(t.db, bought.token)).toBe(0);
  });

  it("a visitor's method can be deleted by no account", async () => {
    const iccid = await freshCard();
    const visitor = await buyRenewing(t, iccid, { email: 'visitor-e@example.com' });
    const id = await methodIdOf(visitor.token);
    const { body } = await post(t.app, '/v1/user/payment/methods/delete', { id }, { token: demo.token });
    expect(body.code).toBe(10024);
    expect(await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE id = $1`, [id])).toBe(1);
  });
});
