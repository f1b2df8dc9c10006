import { createHash } from 'node:crypto';
import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';
import {
  buyRenewing,
  chargesOf,
  countRows,
  createPay,
  insertCard,
  insertPayerCard,
  packageId,
  renewNow,
  submitSandbox,
  TEST_SANDBOX_SECRET,
} from '../helpers/payments';
import { METHOD_REMOVAL_PATH } from '../../src/modules/payments/method-removal';

// Issue 23: saved methods tell their card (brand, last four digits, expiry), and a visitor (no account) removes the
// method saved with their e-mail from a link in the receipt and the renewal reminder: GET asks, POST removes it for
// that payer only; a bad, forged or expired link is a page with a 4xx.

let t: TestApp;
let demo: { token: string; id: number };
let cardNumber = 0;

/** A fresh card of agent 3 (EUR): unbound, or bound to the given account. */
async function freshCard(owner?: { id: number; email: string }) {
  cardNumber += 1;
  const iccid = `899900000000000${String(600 + cardNumber).padStart(5, '0')}`;
  return insertCard(t.db, iccid, owner ? { userId: owner.id, email: owner.email } : null);
}

interface MethodRow {
  id: number;
  user_id: number | null;
  payer_email: string | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
}

async function methodOf(token: string) {
  const row = await t.db.one<MethodRow>(
    `SELECT id, user_id, payer_email, brand, last4, exp_month, exp_year FROM saved_payment_methods WHERE token = $1`,
    [token],
  );
  if (!row) throw new Error('no such method');
  return { ...row, id: Number(row.id) };
}

const methodExists = async (id: number) =>
  (await countRows(t.db, `SELECT 1 FROM saved_payment_methods WHERE id = $1`, [id])) === 1;

/** The newest mail of a template to an address. */
function lastMail(template: string, to: string) {
  const mail = [...t.mailer.sent].reverse().find((message) => message.template === template && message.to === to);
  if (!mail) throw new Error(`no ${template} mail to ${to}`);
  return mail;
}

const LINK = /http:\/\/localhost:8080(\/eshop\/pay\/methods\/remove\/[A-Za-z0-9_-]+)/;

/** The removal page's path in a mail (throws when the mail has none). */
function linkIn(text: string): string {
  const path = LINK.exec(text)?.[1];
  if (!path) throw new Error('no removal link in the mail');
  return path;
}

const open = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });
const confirm = (path: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** A visitor's purchase with renewal on, paid on the sandbox page with a test card, in a language. */
async function visitorBuys(email: string, options: { lang?: string; card?: 'instant' | 'challenge' } = {}) {
  const iccid = await freshCard();
  const { body } = await createPay(t.app, {
    id: await packageId(t.db, 'global-1gb-7d'),
    iccid,
    flag: '3',
    ccy: 'EUR',
    renewal: true,
    email,
    lang: options.lang ?? 'en',
  });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code}`);
  if (options.card === 'challenge') {
    await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'challenge' });
    await submitSandbox(t.app, body.data.pay_url, { action: 'verify', code: '123456' });
  } else {
    await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
  }
  const orderId = Number(body.data.order_id);
  const saved = await t.db.one<{ token: string }>(`SELECT token FROM saved_payment_methods WHERE order_id = $1`, [
    orderId,
  ]);
  const record = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [orderId]);
  if (!saved || !record) throw new Error('not fulfilled with a saved method');
  return { iccid, orderId, recordId: Number(record.id), token: saved.token };
}

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
  await t.app.ready();
  const login = await loginDemo(t.app);
  demo = { token: login.token, id: Number(login.user_id) };
});
afterAll(async () => t.close());

describe("a saved method's card", () => {
  const year = new Date().getUTCFullYear() + 5;

  it("keeps the sandbox test card's brand, last four digits and expiry, and lists them for an account", async () => {
    const iccid = await freshCard({ id: demo.id, email: 'demo@example.com' });
    const bought = await buyRenewing(t, iccid, { token: demo.token });
    const method = await methodOf(bought.token);
    expect(method).toMatchObject({ user_id: Number(demo.id), brand: 'visa', last4: '4242', exp_month: 12 });
    expect(method.exp_year).toBe(year);
    const { body } = await post<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/v1/user/payment/methods',
      {},
      { token: demo.token },
    );
    expect(body.data.list.find((item) => item.id === method.id)).toMatchObject({
      provider: 'sandbox',
      pay: 'stripe',
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: year,
    });
  });

  it('keeps the 3-D Secure test card as the card that paid', async () => {
    const bought = await visitorBuys('card-3ds@example.com', { card: 'challenge' });
    expect(await methodOf(bought.token)).toMatchObject({ brand: 'visa', last4: '3184', exp_month: 12, exp_year: year });
  });

  it('keeps no card for the sandbox playing PayPal (as PayPal tells none)', async () => {
    // Agent 1 offers PayPal (USD: the card has an Oregon address, no sales tax).
    const iccid = await insertPayerCard(t, '89991000000000000601', '1', {
      status: 'Activated',
      email: 'paypal-visitor@example.com',
    });
    const { body } = await createPay(t.app, {
      id: await packageId(t.db, 'global-1gb-7d'),
      iccid,
      flag: '1',
      ccy: 'USD',
      renewal: true,
      email: 'paypal-visitor@example.com',
      pay: 'paypal',
    });
    expect(body.code).toBe(10000);
    await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    const saved = await t.db.one<MethodRow>(
      `SELECT brand, last4, exp_month, exp_year FROM saved_payment_methods WHERE order_id = $1`,
      [Number(body.data.order_id)],
    );
    expect(saved).toEqual({ brand: null, last4: null, exp_month: null, exp_year: null });
    // Its removal page calls it PayPal.
    const page = await open(linkIn(lastMail('order', 'paypal-visitor@example.com').text));
    expect(page.body).toContain('<bdi>PayPal</bdi>');
  });
});

describe("removing a visitor's saved method from the mail", () => {
  it('links the receipt of a renewal purchase to the removal page; GET shows the method and deletes nothing', async () => {
    const bought = await visitorBuys('remove-a@example.com');
    const method = await methodOf(bought.token);
    expect(method).toMatchObject({ user_id: null, payer_email: 'remove-a@example.com', brand: 'visa', last4: '4242' });
    const receipt = lastMail('order', 'remove-a@example.com');
    expect(receipt.text).toContain('Remove this saved payment method');
    const path = linkIn(receipt.text);
    expect(path.startsWith(`${METHOD_REMOVAL_PATH}/`)).toBe(true);
    // A random token of 24 bytes, of which only the SHA-256 is kept, with the method and its payer.
    const token = path.slice(path.lastIndexOf('/') + 1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const hash = createHash('sha256').update(token).digest('hex');
    const stored = await t.db.one(
      `SELECT method_id, payer_email FROM payment_method_removal_tokens WHERE token_hash = $1`,
      [hash],
    );
    expect(stored).toEqual({ method_id: expect.anything(), payer_email: 'remove-a@example.com' });
    expect(Number((stored as { method_id: number }).method_id)).toBe(method.id);
    expect(
      await countRows(t.db, `SELECT 1 FROM payment_method_removal_tokens WHERE token_hash LIKE $1`, [`%${token}%`]),
    ).toBe(0);

    for (let i = 0; i < 3; i += 1) {
      const page = await open(path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; style-src 'sha256-[^']+'/);
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.body).toContain('<html lang="en" dir="ltr">');
      expect(page.body).toContain('Visa •••• 4242');
      expect(page.body).toMatch(/Expires <bdi dir="ltr">12\/\d{4}<\/bdi>/);
      expect(page.body).toContain(`…${bought.iccid.slice(-4)}`);
      expect(page.body).toContain('Sandbox test payment method');
      expect(page.body).toContain('<form method="post"><button type="submit">Remove this payment method</button>');
      expect(page.body).not.toMatch(/<script/i);
    }
    expect(await methodExists(method.id)).toBe(true);
  });

  it('POST removes it for that payer: the next renewal is not charged to it and mails a pay link', async () => {
    const bought = await visitorBuys('remove-b@example.com');
    const method = await methodOf(bought.token);
    const path = linkIn(lastMail('order', 'remove-b@example.com').text);

    const done = await confirm(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('role="status"');
    expect(done.body).toContain('Done: <bdi>Visa •••• 4242</bdi> was removed.');
    expect(done.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(await methodExists(method.id)).toBe(false);

    // Again (a double tap, the back button): nothing left to remove, said plainly.
    const again = await confirm(path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('This payment method is no longer saved.');
    expect((await open(path)).body).toContain('This payment method is no longer saved.');

    const payLinksBefore = t.mailer.sent.filter(
      (mail) => mail.template === 'renewal-pay-link' && mail.to === 'remove-b@example.com',
    ).length;
    const renewal = await renewNow(t, bought.recordId);
    expect(renewal?.status).toBe('action_required');
    expect(await chargesOf(t.db, bought.token)).toBe(0);
    expect(
      t.mailer.sent.filter((mail) => mail.template === 'renewal-pay-link' && mail.to === 'remove-b@example.com'),
    ).toHaveLength(payLinksBefore + 1);
  });

  it("a visitor's link removes only their own method, never another visitor's", async () => {
    const a = await visitorBuys('visitor-one@example.com');
    const b = await visitorBuys('visitor-two@example.com');
    const methodA = await methodOf(a.token);
    const methodB = await methodOf(b.token);
    const linkB = linkIn(lastMail('order', 'visitor-two@example.com').text);
    expect(linkB).not.toBe(linkIn(lastMail('order', 'visitor-one@example.com').text));

    expect((await confirm(linkB)).statusCode).toBe(200);
    expect(await methodExists(methodB.id)).toBe(false);
    expect(await methodExists(methodA.id)).toBe(true);
    // A's renewal is still charged to A's own method.
    const renewal = await renewNow(t, a.recordId);
    expect(renewal?.status).toBe('paid');
    expect(await chargesOf(t.db, a.token)).toBe(1);

    // A link never reaches a method that is not its payer's, even pointed at one (a row changed by hand).
    const c = await visitorBuys('visitor-three@example.com');
    const linkC = linkIn(lastMail('order', 'visitor-three@example.com').text);
    const methodC = await methodOf(c.token);
    await t.db.query(`UPDATE payment_method_removal_tokens SET method_id = $1 WHERE method_id = $2`, [
      methodA.id,
      methodC.id,
    ]);
    const refused = await confirm(linkC);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('This payment method is no longer saved.');
    expect(await methodExists(methodA.id)).toBe(true);
  });

  it('refuses a tampered, made-up, malformed or expired link with a page and a 4xx, removing nothing', async () => {
    const bought = await visitorBuys('remove-c@example.com');
    const method = await methodOf(bought.token);
    const path = linkIn(lastMail('order', 'remove-c@example.com').text);
    const token = path.slice(path.lastIndexOf('/') + 1);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${METHOD_REMOVAL_PATH}/${flipped}`,
      `${METHOD_REMOVAL_PATH}/${String(method.id).padStart(24, '0')}`,
      `${METHOD_REMOVAL_PATH}/short`,
      `${METHOD_REMOVAL_PATH}/${'x'.repeat(65)}`,
      `${METHOD_REMOVAL_PATH}/..%2F..%2Fetc`,
      `${METHOD_REMOVAL_PATH}/%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
    ]) {
      for (const answer of [await open(bad), await confirm(bad)]) {
        expect([bad, answer.statusCode]).toEqual([bad, 404]);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.body).toContain('This link is not valid any more.');
        expect(answer.body).not.toContain('<script>');
      }
    }
    expect(await methodExists(method.id)).toBe(true);

    await t.db.query(
      `UPDATE payment_method_removal_tokens SET expires_at = now() - interval '1 minute' WHERE method_id = $1`,
      [method.id],
    );
    for (const answer of [await open(path), await confirm(path)]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.body).toContain('This link is not valid any more.');
    }
    expect(await methodExists(method.id)).toBe(true);
  });

  it("speaks the order's language, right to left for Hebrew and Arabic; a bad link the browser's", async () => {
    const de = await visitorBuys('remove-de@example.com', { lang: 'de' });
    const dePage = await open(linkIn(lastMail('order', 'remove-de@example.com').text));
    expect(dePage.body).toContain('<html lang="de" dir="ltr">');
    expect(dePage.body).toContain('Diese Zahlungsmethode entfernen');
    expect(dePage.body).toMatch(/Gültig bis <bdi dir="ltr">12\/\d{4}<\/bdi>/);
    expect(await methodExists((await methodOf(de.token)).id)).toBe(true);

    await visitorBuys('remove-he@example.com', { lang: 'he' });
    const hePath = linkIn(lastMail('order', 'remove-he@example.com').text);
    const hePage = await open(hePath);
    expect(hePage.body).toContain('<html lang="he" dir="rtl">');
    expect(hePage.body).toContain('<bdi>Visa •••• 4242</bdi>');
    expect((await confirm(hePath)).body).toContain('<html lang="he" dir="rtl">');

    const bogus = await open(`${METHOD_REMOVAL_PATH}/not-a-real-token-at-all-000`, {
      'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5',
    });
    expect(bogus.statusCode).toBe(404);
    expect(bogus.body).toContain('<html lang="ar" dir="rtl">');
    expect(bogus.body).toContain('هذا الرابط لم يعد صالحًا.');
  });

  it("the renewal reminder carries the link too, for the visitor's card only", async () => {
    const bought = await visitorBuys('remind-visitor@example.com');
    await renewNow(t, bought.recordId);
    const reminder = lastMail('renewal-reminder', 'remind-visitor@example.com');
    const path = linkIn(reminder.text);
    expect((await open(path)).body).toContain('Visa •••• 4242');

    // An account's purchase: its methods are in /user/info; no link in its mails.
    const iccid = await freshCard({ id: demo.id, email: 'demo@example.com' });
    const owned = await buyRenewing(t, iccid, { token: demo.token });
    expect(lastMail('order', 'demo@example.com').text).not.toMatch(LINK);
    await renewNow(t, owned.recordId);
    expect(lastMail('renewal-reminder', 'demo@example.com').text).not.toMatch(LINK);
  });

  it('no link without a saved method: a purchase without renewal', async () => {
    const iccid = await freshCard();
    const { body } = await createPay(t.app, {
      id: await packageId(t.db, 'global-1gb-7d'),
      iccid,
      flag: '3',
      ccy: 'EUR',
      renewal: false,
      email: 'no-renewal@example.com',
    });
    await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    const receipt = lastMail('order', 'no-renewal@example.com');
    expect(receipt.text).toContain('Auto-renew: off');
    expect(receipt.text).not.toMatch(LINK);
  });
});
