import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';
import {
  buyRenewing,
  chargesOf,
  countRows,
  createPay,
  insertCard,
  packageId,
  renewNow,
  submitSandbox,
  TEST_SANDBOX_SECRET,
} from '../helpers/payments';

// Who pays (issue 23 review): a visitor's payer is the e-mail they sent with createPay, fixed on the order; never the
// card's e-mail, which anyone holding an unbound card's ICCID can set. An account never takes a visitor's saved
// method by e-mail alone: whoever binds the card, a visitor's methods on it are dropped.

let t: TestApp;
let attacker: { token: string; id: number };
let cardNumber = 0;

async function freshCard() {
  cardNumber += 1;
  return insertCard(t.db, `899900000000007${String(cardNumber).padStart(5, '0')}`);
}

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
  await t.app.ready();
  const login = await loginDemo(t.app, 'other@example.com', 'other-password-1');
  attacker = { token: login.token, id: Number(login.user_id) };
});
afterAll(async () => t.close());

describe('the payer of a visitor purchase', () => {
  it("never hands a visitor's saved method to the account that binds the card, even with the same e-mail", async () => {
    const iccid = await freshCard();
    // The attacker, holding the ICCID, puts their own (verified) e-mail on the unbound card.
    expect((await post(t.app, '/set/email', { iccid, email: 'other@example.com' })).body.code).toBe(10000);
    // The victim buys with renewal, the sheet pre-filled with the card's e-mail.
    const victim = await buyRenewing(t, iccid, { email: 'other@example.com' });
    // The attacker binds the card: the victim's method is dropped, not moved into the attacker's account.
    expect((await post(t.app, '/v1/bind/card', { iccid }, { token: attacker.token })).body.code).toBe(10000);
    expect(await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE token = $1`, [victim.token])).toBe(0);
    const order = await t.db.one<{ renewal: boolean }>(`SELECT renewal FROM orders WHERE id = $1`, [victim.orderId]);
    expect(order?.renewal).toBe(false);
    const listed = await post<{ list: unknown[] }>(t.app, '/v1/user/payment/methods', {}, { token: attacker.token });
    expect(JSON.stringify(listed.body.data.list)).not.toContain(iccid);
    // Renewal switched back on by the attacker: charged to nobody's card but a pay link to the attacker.
    const on = await post(
      t.app,
      '/pkg/update',
      { iccid, id: victim.recordId, renewal: true },
      { token: attacker.token },
    );
    expect(on.body.code).toBe(10000);
    const renewal = await renewNow(t, victim.recordId);
    expect(renewal).toMatchObject({ status: 'action_required', user_id: attacker.id });
    expect(await chargesOf(t.db, victim.token)).toBe(0);
  });

  it("takes the payer from createPay, never from the card's e-mail: without one, no method is saved", async () => {
    const iccid = await freshCard();
    expect((await post(t.app, '/set/email', { iccid, email: 'someone-else@example.com' })).body.code).toBe(10000);
    const { body } = await createPay(t.app, {
      id: await packageId(t.db, 'global-1gb-7d'),
      iccid,
      flag: '3',
      ccy: 'EUR',
      renewal: true,
    });
    expect(body.code).toBe(10000);
    await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    const orderId = Number(body.data.order_id);
    const order = await t.db.one<{ status: string; email: string | null }>(
      `SELECT status, email FROM orders WHERE id = $1`,
      [orderId],
    );
    expect(order).toEqual({ status: 'fulfilled', email: null });
    expect(await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE order_id = $1`, [orderId])).toBe(0);
    // Its renewal mails the card's e-mail nothing and charges nobody.
    const record = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [orderId]);
    const mailsBefore = t.mailer.sent.filter((mail) => mail.to === 'someone-else@example.com').length;
    const renewal = await renewNow(t, Number(record?.id));
    expect(renewal?.status).toBe('action_required');
    expect(t.mailer.sent.filter((mail) => mail.to === 'someone-else@example.com').length).toBe(mailsBefore);
  });

  it("a logged-in buyer's payer is the account, whatever e-mail the card shows", async () => {
    const iccid = await freshCard();
    await t.db.query(`UPDATE cards SET user_id = $2, email = 'shown@example.com' WHERE iccid = $1`, [
      iccid,
      attacker.id,
    ]);
    const bought = await buyRenewing(t, iccid, { token: attacker.token });
    const saved = await t.db.one(`SELECT user_id, payer_email FROM saved_payment_methods WHERE token = $1`, [
      bought.token,
    ]);
    expect(saved).toEqual({ user_id: attacker.id, payer_email: null });
    const order = await t.db.one<{ email: string }>(`SELECT email FROM orders WHERE id = $1`, [bought.orderId]);
    expect(order?.email).toBe('other@example.com');
  });
});
