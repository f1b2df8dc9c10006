import { createTestApp, post, type TestApp } from '../helpers/app';
import {
  CARD_V3,
  countRows,
  createPay,
  eventually,
  orderRow,
  packageId,
  submitSandbox,
  TEST_SANDBOX_SECRET,
} from '../helpers/payments';

// Auto-renewal: a reminder before each charge, one charge per period whatever runs twice, the saved sandbox token,
// a pay link when the customer is needed, renewal off stops it, the monthly cap holds.

let t: TestApp;
const DAY = 86_400;

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET, workers: true, jobPollingSeconds: 0.5 } });
});
afterAll(async () => t.close());

/** Buys a package with renewal on in the sandbox and moves its period end to `endsInSeconds` from now. */
async function renewingPackage(code: string, endsInSeconds: number) {
  await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
  // Earlier tests' packages on the card end long ago, so this one is active from now.
  await t.db.query(`UPDATE card_packages SET expire_timestamp = 1000, status = 'stop' WHERE iccid = $1`, [CARD_V3]);
  const { body } = await createPay(t.app, {
    id: await packageId(t.db, code),
    iccid: CARD_V3,
    flag: '3',
    ccy: 'EUR',
    renewal: true,
    email: 'renew@example.com',
  });
  if (body.code !== 10000) throw new Error(`createPay failed: ${body.code}`);
  await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
  const record = await t.db.one<{ id: number }>(`SELECT id FROM card_packages WHERE order_id = $1`, [
    Number(body.data.order_id),
  ]);
  if (!record) throw new Error('not fulfilled');
  const end = Math.floor(Date.now() / 1000) + endsInSeconds;
  await t.db.query(`UPDATE card_packages SET expire_timestamp = $2 WHERE id = $1`, [record.id, end]);
  return { orderId: Number(body.data.order_id), recordId: record.id, end };
}

async function renewalOf(recordId: number) {
  return t.db.one<{ id: number; status: string; order_id: number | null; reminded_at: Date | null }>(
    `SELECT id, status, order_id, reminded_at FROM renewals WHERE card_package_id = $1`,
    [recordId],
  );
}

describe('auto-renewal', () => {
  it('saves the sandbox payment method of a renewal purchase', async () => {
    const { orderId } = await renewingPackage('global-1gb-7d', 7 * DAY);
    const method = await t.db.one<{ token: string; provider: string; iccid: string }>(
      `SELECT token, provider, iccid FROM saved_payment_methods WHERE order_id = $1`,
      [orderId],
    );
    expect(method).toMatchObject({ provider: 'sandbox', iccid: CARD_V3 });
    expect(method?.token).toMatch(/^pm_/);
  });

  it('reminds, then charges the period once with the saved token, however often the charge runs', async () => {
    const { recordId, end } = await renewingPackage('global-1gb-7d', 2 * DAY);
    const mailsBefore = t.mailer.sent.length;
    expect(await t.app.payments.renewals.scan()).toBeGreaterThanOrEqual(1);
    // A second scan finds the same period already scheduled.
    await t.app.payments.renewals.scan();
    expect(await countRows(t.db, `SELECT 1 FROM renewals WHERE card_package_id = $1`, [recordId])).toBe(1);
    const renewal = await renewalOf(recordId);
    if (!renewal) throw new Error('no renewal');

    await t.app.payments.renewals.remind(renewal.id);
    const reminder = t.mailer.sent.slice(mailsBefore).find((mail) => mail.template === 'renewal-reminder');
    expect(reminder?.to).toBe('renew@example.com');
    expect(reminder?.text).toContain('€4.50');

    await Promise.all(Array.from({ length: 5 }, () => t.app.payments.renewals.charge(renewal.id)));
    const done = await renewalOf(recordId);
    expect(done?.status).toBe('paid');
    expect(
      await countRows(t.db, `SELECT 1 FROM renewals r JOIN orders o ON o.id = r.order_id WHERE r.id = $1`, [
        renewal.id,
      ]),
    ).toBe(1);
    expect(
      await countRows(t.db, `SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1`, [`esim-renewal-${renewal.id}`]),
    ).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [done?.order_id])).toBe(1);
    // The next period is queued right after this one.
    const next = await t.db.one<{ status: string; expire_timestamp: number }>(
      `SELECT status, expire_timestamp FROM card_packages WHERE order_id = $1`,
      [done?.order_id],
    );
    expect(next).toEqual({ status: 'init', expire_timestamp: end + 7 * DAY });
    expect(await orderRow(t.db, done?.order_id ?? 0)).toMatchObject({
      amount: 450,
      tax_amount: 0,
      status: 'fulfilled',
    });
  });

  it('stops when the package is switched off (pkgUpdate), before or after it was scheduled', async () => {
    const scheduled = await renewingPackage('global-1gb-7d', 2 * DAY);
    await t.app.payments.renewals.scan();
    const renewal = await renewalOf(scheduled.recordId);
    await post(t.app, '/pkg/update', { iccid: CARD_V3, id: scheduled.recordId, renewal: false });
    await t.app.payments.renewals.charge(renewal?.id ?? 0);
    expect((await renewalOf(scheduled.recordId))?.status).toBe('stopped');
    expect((await renewalOf(scheduled.recordId))?.order_id).toBeNull();

    const off = await renewingPackage('global-1gb-7d', 2 * DAY);
    await post(t.app, '/pkg/update', { iccid: CARD_V3, id: off.recordId, renewal: false });
    await t.app.payments.renewals.scan();
    expect(await renewalOf(off.recordId)).toBeUndefined();
  });

  it('mails a pay link when the saved method needs the customer, and that link pays the renewal', async () => {
    const { orderId, recordId } = await renewingPackage('global-1gb-7d', 2 * DAY);
    await t.db.query(`UPDATE saved_payment_methods SET token = 'pm_requires_action_test' WHERE order_id = $1`, [
      orderId,
    ]);
    await t.app.payments.renewals.scan();
    const renewal = await renewalOf(recordId);
    await t.app.payments.renewals.charge(renewal?.id ?? 0);
    const after = await renewalOf(recordId);
    expect(after?.status).toBe('action_required');
    const mail = [...t.mailer.sent].reverse().find((message) => message.template === 'renewal-pay-link');
    const link = /(http:\/\/localhost:8080\/eshop\/pay\/sandbox\/\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const session = await t.db.one<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM sandbox_sessions WHERE order_id = $1`,
      [after?.order_id],
    );
    expect(session?.minutes).toBe(24 * 60);
    await submitSandbox(t.app, link ?? '', { action: 'pay', card: 'instant' });
    expect((await orderRow(t.db, after?.order_id ?? 0))?.status).toBe('fulfilled');
  });

  it("never passes the card's monthly cap", async () => {
    const { recordId } = await renewingPackage('global-1gb-7d', 2 * DAY);
    await t.db.query(`UPDATE cards SET renewal_cap_amount = 100, renewal_cap_currency = 'EUR' WHERE iccid = $1`, [
      CARD_V3,
    ]);
    try {
      await t.app.payments.renewals.scan();
      const renewal = await renewalOf(recordId);
      await t.app.payments.renewals.charge(renewal?.id ?? 0);
      expect((await renewalOf(recordId))?.status).toBe('capped');
      expect((await renewalOf(recordId))?.order_id).toBeNull();
      expect(t.mailer.sent.some((mail) => mail.template === 'renewal-capped')).toBe(true);
    } finally {
      await t.db.query(`UPDATE cards SET renewal_cap_amount = NULL WHERE iccid = $1`, [CARD_V3]);
    }
  });

  it('charges a batch set-wise: each renewal once, chained on a shared card, pay link and cap per renewal', async () => {
    // Three fresh EUR cards: the first has two packages due, the second a saved method that needs the customer,
    // the third a monthly cap below the price.
    const cards = ['89990000000000000011', '89990000000000000012', '89990000000000000013'];
    const nowS = Math.floor(Date.now() / 1000);
    const ends = [nowS + 2 * DAY, nowS + 2 * DAY + 3600, nowS + 2 * DAY, nowS + 2 * DAY];
    const owners = [cards[0], cards[0], cards[1], cards[2]];
    await t.db.query(
      `INSERT INTO cards (iccid, agent_flag, status, email, total_bytes) SELECT unnest($1::text[]), '3', 'Activated',
              'batch@example.com', 0`,
      [cards],
    );
    await t.db.query(`UPDATE cards SET renewal_cap_amount = 100, renewal_cap_currency = 'EUR' WHERE iccid = $1`, [
      cards[2],
    ]);
    const pkg = await packageId(t.db, 'global-1gb-7d');
    const records: number[] = [];
    for (const [index, iccid] of owners.entries()) {
      const order = await t.db.one<{ id: number }>(
        `INSERT INTO orders (iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status, provider,
                             pay_method, lang, paid_at, fulfilled_at, email)
         VALUES ($1, $2, '3', 450, 0, 'EUR', true, 'fulfilled', 'sandbox', 'stripe', 'en', now(), now(),
                 'batch@example.com') RETURNING id`,
        [iccid, pkg],
      );
      const record = await t.db.one<{ id: number }>(
        `INSERT INTO card_packages (iccid, package_id, order_id, name, status, data_bytes, validity_days, started_at,
                                    expire_timestamp)
         VALUES ($1, $2, $3, 'Starter 1 GB', 'active', 1073741824, 7, now(), $4) RETURNING id`,
        [iccid, pkg, order?.id, ends[index]],
      );
      records.push(record?.id ?? 0);
      // Saved by the visitor who holds the unbound card (the e-mail given with the order): the renewal's payer.
      await t.db.query(
        `INSERT INTO saved_payment_methods (iccid, provider, token, order_id, payer_email)
         VALUES ($1, 'sandbox', $2, $3, 'batch@example.com')`,
        [iccid, iccid === cards[1] ? `pm_requires_action_${order?.id}` : `pm_batch_${order?.id}`, order?.id],
      );
    }
    await t.app.payments.renewals.scan();
    const ids = await Promise.all(records.map(async (record) => (await renewalOf(record))?.id ?? 0));
    await t.app.payments.renewals.remind(ids);
    expect(
      await countRows(t.db, `SELECT 1 FROM mail_log WHERE template = 'renewal-reminder' AND to_address = $1`, [
        'batch@example.com',
      ]),
    ).toBe(4);
    // Twice at once, one id given twice: still one charge each.
    await Promise.all([t.app.payments.renewals.charge([...ids, ids[0] ?? 0]), t.app.payments.renewals.charge(ids)]);

    const after = await Promise.all(records.map((record) => renewalOf(record)));
    expect(after.map((renewal) => renewal?.status)).toEqual(['paid', 'paid', 'action_required', 'capped']);
    expect(after[3]?.order_id).toBeNull();
    for (const id of ids) {
      expect(
        await countRows(t.db, `SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1 AND status = 'succeeded'`, [
          `esim-renewal-${id}`,
        ]),
      ).toBe(id === ids[2] || id === ids[3] ? 0 : 1);
    }
    expect(
      await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = ANY($1::bigint[])`, [
        after.map((r) => r?.order_id),
      ]),
    ).toBe(2);
    // The shared card's two new periods queue one after the other, behind the later of its current ones.
    const queued = await t.db.query<{ status: string; expire_timestamp: number }>(
      `SELECT status, expire_timestamp FROM card_packages WHERE order_id = ANY($1::bigint[]) ORDER BY expire_timestamp`,
      [[after[0]?.order_id, after[1]?.order_id]],
    );
    const latest = Math.max(ends[0] ?? 0, ends[1] ?? 0);
    expect(queued).toEqual([
      { status: 'init', expire_timestamp: latest + 7 * DAY },
      { status: 'init', expire_timestamp: latest + 14 * DAY },
    ]);
    // Each handed to the network once, by the apply job queued with it (the app's workers may have applied it
    // already on a busy machine).
    expect(
      await countRows(
        t.db,
        `SELECT 1 FROM card_packages WHERE order_id = ANY($1::bigint[]) AND provider_state IN ('pending', 'applied')`,
        [[after[0]?.order_id, after[1]?.order_id]],
      ),
    ).toBe(2);
    expect(t.mailer.sent.some((mail) => mail.template === 'renewal-pay-link' && mail.to === 'batch@example.com')).toBe(
      true,
    );
  });

  it('runs on its own through the job queue: scan, reminder, charge', async () => {
    const { recordId } = await renewingPackage('global-1gb-7d', 12 * 3600);
    await t.app.payments.jobs.send(t.db, 'payments-renewal-scan', {});
    await eventually(async () => (await renewalOf(recordId))?.status === 'paid', 30_000);
    const renewal = await renewalOf(recordId);
    expect(renewal?.reminded_at).not.toBeNull();
  });
});
