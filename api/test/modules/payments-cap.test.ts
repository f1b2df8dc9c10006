import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';
import { countRows, insertCard, packageId, submitSandbox, TEST_SANDBOX_SECRET } from '../helpers/payments';

// The monthly auto-renewal spending cap of a card: its owner reads and sets it; nobody else.

let t: TestApp;
let demo: string;
let other: string;
const CARD = '89880000000000000001';
const UNBOUND = '89880000000000000002';

beforeAll(async () => {
  t = await createTestApp();
  demo = (await loginDemo(t.app)).token;
  other = (await loginDemo(t.app, 'other@example.com', 'other-password-1')).token;
});
afterAll(async () => t.close());

describe('renewal cap', () => {
  it('is none until the owner sets one; null removes it', async () => {
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: CARD }, { token: demo })).body).toMatchObject({
      code: 10000,
      data: { amount: null, ccy: null },
    });
    const set = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: 5000, ccy: 'USD' },
      { token: demo },
    );
    expect(set.body).toMatchObject({ code: 10000, data: { amount: 5000, ccy: 'USD' } });
    const row = await t.db.one(`SELECT renewal_cap_amount, renewal_cap_currency FROM cards WHERE iccid = $1`, [CARD]);
    expect(row).toEqual({ renewal_cap_amount: 5000, renewal_cap_currency: 'USD' });
    const cleared = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: null, ccy: 'USD' },
      { token: demo },
    );
    expect(cleared.body.data).toEqual({ amount: null, ccy: null });
  });

  it('refuses a currency the card never pays in (a cap that would never apply), and keeps the old cap', async () => {
    await post(t.app, '/v1/card/renewal/cap/set', { iccid: CARD, amount: 3000, ccy: 'EUR' }, { token: demo });
    const foreign = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: 5000, ccy: 'CHF' },
      { token: demo },
    );
    expect([foreign.status, foreign.body.code]).toEqual([400, 10002]);
    expect(foreign.body.message).toMatch(/^the limit must be in a currency this card pays in \(.*USD.*\)$/);
    const row = await t.db.one(`SELECT renewal_cap_amount, renewal_cap_currency FROM cards WHERE iccid = $1`, [CARD]);
    expect(row).toEqual({ renewal_cap_amount: 3000, renewal_cap_currency: 'EUR' });
    await post(t.app, '/v1/card/renewal/cap/set', { iccid: CARD, amount: null, ccy: 'EUR' }, { token: demo });
  });

  it("is the owner's only: another account 10024, a visitor 10013, an unknown card 10102, bad input 10002", async () => {
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: CARD }, { token: other })).body.code).toBe(10024);
    const write = await post(
      t.app,
      '/v1/card/renewal/cap/set',
      { iccid: CARD, amount: 1, ccy: 'USD' },
      { token: other },
    );
    expect(write.body.code).toBe(10024);
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: CARD })).body.code).toBe(10013);
    expect(
      (await post(t.app, '/v1/card/renewal/cap', { iccid: '89880000000000099999' }, { token: demo })).body.code,
    ).toBe(10102);
    for (const malformed of [
      { iccid: CARD, amount: -5, ccy: 'USD' },
      { iccid: CARD, amount: 1.5, ccy: 'USD' },
      { iccid: CARD, amount: 100_000_001, ccy: 'USD' },
      { iccid: CARD, amount: 5000, ccy: 'usd' },
      { iccid: CARD, amount: 5000 },
      { iccid: CARD, amount: 5000, ccy: 'USD', user_id: 1 },
    ]) {
      const { status, body } = await post(t.app, '/v1/card/renewal/cap/set', malformed, { token: demo });
      expect([status, body.code]).toEqual([400, 10002]);
    }
    // A card nobody owns has no cap anyone could set.
    expect((await post(t.app, '/v1/card/renewal/cap', { iccid: UNBOUND }, { token: demo })).body.code).toBe(10024);
    const row = await t.db.one(`SELECT renewal_cap_amount FROM cards WHERE iccid = $1`, [CARD]);
    expect(row).toEqual({ renewal_cap_amount: null });
  });
});

// The cap as a hard limit: what renewals of the card paid this month, charge now or wait on a mailed pay link all
// count, in the cap's currency, and two workers preparing the same card at once never pass it together.
describe('renewal cap as a hard limit', () => {
  let r: TestApp;
  let cardNumber = 0;
  const DAY = 86_400;
  const EMAIL = 'capped@example.com';

  beforeAll(async () => {
    r = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
    // The job queue starts with the app (the renewals queue their jobs on it).
    await r.app.ready();
  });
  afterAll(async () => r.close());

  /**
   * A fresh unbound EUR card with `count` packages of 4.50 € ending in two days, bought by the visitor holding it with
   * renewal on, who saved one sandbox method (`token`); answers the card and its renewals' ids.
   */
  async function dueRenewals(count: number, token: string, cap: { amount: number; ccy: string } | null) {
    cardNumber += 1;
    const iccid = await insertCard(r.db, `899900000000000${String(100 + cardNumber).padStart(5, '0')}`);
    await r.db.query(
      `UPDATE cards SET email = $2, renewal_cap_amount = $3, renewal_cap_currency = $4 WHERE iccid = $1`,
      [iccid, EMAIL, cap?.amount ?? null, cap?.ccy ?? null],
    );
    const pkg = await packageId(r.db, 'global-1gb-7d');
    const end = Math.floor(Date.now() / 1000) + 2 * DAY;
    const records: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const order = await r.db.one<{ id: number }>(
        `INSERT INTO orders (iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status, provider,
                             pay_method, email, lang, paid_at, fulfilled_at)
         VALUES ($1, $2, '3', 450, 0, 'EUR', true, 'fulfilled', 'sandbox', 'stripe', $3, 'en', now(), now())
         RETURNING id`,
        [iccid, pkg, EMAIL],
      );
      const record = await r.db.one<{ id: number }>(
        `INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, validity_days, started_at,
                                    expire_timestamp)
         VALUES ($1, $2, $3, 'Starter 1 GB', 'active', 1073741824, 7, now(), $4) RETURNING id`,
        [iccid, pkg, order?.id, end + index],
      );
      records.push(Number(record?.id));
      if (index === 0) {
        await r.db.query(
          `INSERT INTO saved_payment_methods (iccid, provider, token, order_id, payer_email)
           VALUES ($1, 'sandbox', $2, $3, $4)`,
          [iccid, `${token}_${order?.id}`, order?.id, EMAIL],
        );
      }
    }
    await r.app.payments.renewals.scan();
    const renewals = await r.db.query<{ id: number }>(
      `SELECT id FROM renewals WHERE card_package_id = ANY($1::bigint[]) ORDER BY card_package_id`,
      [records],
    );
    return { iccid, ids: renewals.map((renewal) => Number(renewal.id)) };
  }

  async function statuses(ids: number[]) {
    const rows = await r.db.query<{ status: string }>(
      `SELECT status FROM renewals WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    return rows.map((row) => row.status);
  }

  const succeededCharges = (ids: number[]) =>
    countRows(r.db, `SELECT 1 FROM sandbox_charges WHERE idempotency_key = ANY($1::text[]) AND status = 'succeeded'`, [
      ids.map((id) => `esim-renewal-${id}`),
    ]);

  it('two workers charging two renewals of one card at once: the cap lets exactly one through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { ids } = await dueRenewals(2, 'pm_cap', { amount: 450, ccy: 'EUR' });
      const cappedMails = r.mailer.sent.filter((mail) => mail.template === 'renewal-capped').length;
      // Each worker takes its own renewal, as two jobs of the queue would.
      await Promise.all(ids.map((id) => r.app.payments.renewals.charge(id)));
      expect((await statuses(ids)).sort()).toEqual(['capped', 'paid']);
      expect(await succeededCharges(ids)).toBe(1);
      expect(r.mailer.sent.filter((mail) => mail.template === 'renewal-capped').length).toBe(cappedMails + 1);
    }
  });

  it('counts a charge another worker has in flight', async () => {
    const { ids } = await dueRenewals(2, 'pm_cap', { amount: 450, ccy: 'EUR' });
    const [first, second] = ids as [number, number];
    // The first is being charged right now: its order recorded, the provider not answered yet.
    const order = await r.db.one<{ id: number }>(
      `INSERT INTO orders (iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status, provider,
                           pay_method, email, lang, idempotency_key)
       SELECT o.iccid, o.package_id, o.agent_flag, 450, 0, 'EUR', true, 'created', 'sandbox', 'stripe', o.email, 'en',
              'renewal-' || r.id
         FROM renewals r JOIN orders o ON o.id = r.source_order_id WHERE r.id = $1
       RETURNING id`,
      [first],
    );
    await r.db.query(`UPDATE renewals SET status = 'charging', order_id = $2 WHERE id = $1`, [first, order?.id]);
    await r.app.payments.renewals.charge(second);
    expect(await statuses([second])).toEqual(['capped']);
    expect(await succeededCharges([second])).toBe(0);
  });

  it('counts a mailed pay link while it can be paid and once it is paid; an expired one spent nothing', async () => {
    const { ids } = await dueRenewals(3, 'pm_requires_action', { amount: 450, ccy: 'EUR' });
    const [link, second, third] = ids as [number, number, number];
    await r.app.payments.renewals.charge(link);
    expect(await statuses([link])).toEqual(['action_required']);
    // 4.50 € waiting on the pay link: a second renewal would pass the cap.
    await r.app.payments.renewals.charge(second);
    expect(await statuses([second])).toEqual(['capped']);
    // The customer pays the link: it still counts.
    const mail = [...r.mailer.sent].reverse().find((message) => message.template === 'renewal-pay-link');
    const url = /(http:\/\/localhost:8080\/eshop\/pay\/sandbox\/\S+)/.exec(mail?.text ?? '')?.[1];
    await submitSandbox(r.app, url ?? '', { action: 'pay', card: 'instant' });
    expect(
      await countRows(
        r.db,
        `SELECT 1 FROM renewals r JOIN orders o ON o.id = r.order_id WHERE r.id = $1 AND o.status = 'fulfilled'`,
        [link],
      ),
    ).toBe(1);
    await r.app.payments.renewals.charge(third);
    expect(await statuses([third])).toEqual(['capped']);

    // Another card: its pay link ran out unpaid, so the next renewal fits under the same cap.
    const expired = await dueRenewals(2, 'pm_requires_action', { amount: 450, ccy: 'EUR' });
    const [lapsed, next] = expired.ids as [number, number];
    await r.app.payments.renewals.charge(lapsed);
    expect(await statuses([lapsed])).toEqual(['action_required']);
    await r.db.query(
      `UPDATE orders SET session_expires_at = now() - interval '1 minute'
        WHERE id = (SELECT order_id FROM renewals WHERE id = $1)`,
      [lapsed],
    );
    // The payer saves a card that pays by itself meanwhile.
    await r.db.query(`UPDATE saved_payment_methods SET token = 'pm_cap_renewed_' || id WHERE iccid = $1`, [
      expired.iccid,
    ]);
    await r.app.payments.renewals.charge(next);
    expect(await statuses([next])).toEqual(['paid']);
  });

  it('holds in another currency: EUR renewals count at the package’s USD price against a USD cap', async () => {
    // The package renews for 5.00 $ (its USD price): a 4.99 $ cap refuses it, a 5.00 $ cap lets exactly one through.
    const tight = await dueRenewals(1, 'pm_cap', { amount: 499, ccy: 'USD' });
    await r.app.payments.renewals.charge(tight.ids);
    expect(await statuses(tight.ids)).toEqual(['capped']);

    const one = await dueRenewals(2, 'pm_cap', { amount: 500, ccy: 'USD' });
    await r.app.payments.renewals.charge(one.ids[0] ?? 0);
    await r.app.payments.renewals.charge(one.ids[1] ?? 0);
    expect(await statuses(one.ids)).toEqual(['paid', 'capped']);
  });

  it('refuses rather than guess when the package has no price in the cap’s currency', async () => {
    const { ids } = await dueRenewals(1, 'pm_cap', { amount: 1_000_000, ccy: 'GBP' });
    await r.app.payments.renewals.charge(ids);
    expect(await statuses(ids)).toEqual(['capped']);
    expect(await succeededCharges(ids)).toBe(0);
  });
});
