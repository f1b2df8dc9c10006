import { CHARGING_STALE_SECONDS } from '../../src/modules/payments/cap';
import { createTestApp, type TestApp } from '../helpers/app';
import { buyRenewing, insertCard, TEST_SANDBOX_SECRET } from '../helpers/payments';

// A renewal whose charge job gave up for good (issue 23 review): it must not count as a charge in flight for ever
// and cap every later renewal of its card. Past CHARGING_STALE_SECONDS it is failed, its order closed.

let t: TestApp;
const DAY = 86_400;
const EMAIL = 'stale@example.com';

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
  await t.app.ready();
});
afterAll(async () => t.close());

/**
 * An unbound EUR card with two packages bought by its visitor with renewal on (a method saved), both due in two
 * days, capped at what one renewal costs; answers their renewals.
 */
async function twoDue(iccid: string): Promise<[number, number]> {
  await insertCard(t.db, iccid);
  const records: number[] = [];
  for (let index = 0; index < 2; index += 1) records.push((await buyRenewing(t, iccid, { email: EMAIL })).recordId);
  const end = Math.floor(Date.now() / 1000) + 2 * DAY;
  await t.db.query(`UPDATE card_packages SET expire_timestamp = $2 + id WHERE id = ANY($1::bigint[])`, [records, end]);
  const price = await t.db.one<{ total: number }>(
    `SELECT coalesce(pp.renew_amount, round(pp.amount * pp.renew_discount / 100.0))::bigint AS total
       FROM package_prices pp JOIN packages p ON p.id = pp.package_id
      WHERE p.code = 'global-1gb-7d' AND pp.currency = 'EUR'`,
  );
  await t.db.query(`UPDATE cards SET renewal_cap_amount = $2, renewal_cap_currency = 'EUR' WHERE iccid = $1`, [
    iccid,
    Number(price?.total),
  ]);
  await t.app.payments.renewals.scan();
  const renewals = await t.db.query<{ id: number }>(
    `SELECT id FROM renewals WHERE card_package_id = ANY($1::bigint[]) ORDER BY card_package_id`,
    [records],
  );
  return renewals.map((renewal) => Number(renewal.id)) as [number, number];
}

/** The renewal left charging (its order recorded, no answer), as a charge job that ran out of retries leaves it. */
async function stuckCharging(renewalId: number, ageSeconds: number): Promise<number> {
  const order = await t.db.one<{ id: number }>(
    `INSERT INTO orders (iccid, package_id, agent_flag, amount, tax_amount, currency, renewal, status, provider,
                         pay_method, email, lang, idempotency_key)
     SELECT o.iccid, o.package_id, o.agent_flag, o.amount, o.tax_amount, 'EUR', true, 'created', 'sandbox', 'stripe', o.email, 'en',
            'renewal-' || r.id
       FROM renewals r JOIN orders o ON o.id = r.source_order_id WHERE r.id = $1
     RETURNING id`,
    [renewalId],
  );
  await t.db.query(
    `UPDATE renewals SET status = 'charging', order_id = $2, updated_at = now() - make_interval(secs => $3)
      WHERE id = $1`,
    [renewalId, order?.id, ageSeconds],
  );
  return Number(order?.id);
}

async function statusOf(table: 'renewals' | 'orders', id: number) {
  return (await t.db.one<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id]))?.status;
}

describe('a renewal stuck charging', () => {
  it('no longer counts once its job gave up (past the bound), and is failed with its order', async () => {
    const [stuck, next] = await twoDue('89990000000000077001');
    const order = await stuckCharging(stuck, CHARGING_STALE_SECONDS + 3600);
    // Long past its job's retries: not in flight any more, so the next renewal fits under the cap.
    await t.app.payments.renewals.charge(next);
    expect(await statusOf('renewals', next)).toBe('paid');
    // The scan (every minute) closes it: failed, its order with it.
    await t.app.payments.renewals.scan();
    expect(await statusOf('renewals', stuck)).toBe('failed');
    expect(await statusOf('orders', order)).toBe('failed');
  });

  it('a charge begun lately still counts as in flight', async () => {
    const [stuck, next] = await twoDue('89990000000000077002');
    await stuckCharging(stuck, 600);
    await t.app.payments.renewals.charge(next);
    expect(await statusOf('renewals', next)).toBe('capped');
    await t.app.payments.renewals.scan();
    expect(await statusOf('renewals', stuck)).toBe('charging');
  });
});
