import { type PoolCardInfo } from 'shared-contracts/schemas';
import { SIMULATOR_SIGNATURE_HEADER } from '../../src/modules/connectivity/providers/simulator';
import { createTestApp, loginDemo, post, testClock, type AuthSession, type TestApp } from '../helpers/app';
import { runNetwork } from '../helpers/connectivity';
import {
  countRows,
  createPay,
  deliverSandbox,
  insertCard,
  orderRow,
  packageId,
  sandboxEventFor,
  TEST_SANDBOX_SECRET,
} from '../helpers/payments';

// Shared data pools (issue 24): createPool makes a pending pool that its plan's payment activates exactly once; the
// owner adds and removes cards within the plan's lines, renames and deletes it; member cards draw from the pool at
// the (simulated) network; another account can do nothing to it.

const GB = 1024 ** 3;
const SUSPENDED = '89880000000000000003'; // demo's, in no pool
const ESIM = '89880000000000000201'; // demo's eSIM profile, enabled
const FAILED_ESIM = '89880000000000000202'; // demo's eSIM profile whose install failed: unusable
const IN_DEMO_POOL = '89880000000000000001'; // demo's, in the demo pool
const UNBOUND = '89880000000000000002';
const OTHERS = '89880000000000000008'; // other@example.com's
const DEMO_POOL = 'demo-pool-1';

const clock = testClock();
let t: TestApp;
let demo: AuthSession;
let other: AuthSession;
let planId: number;

beforeAll(async () => {
  t = await createTestApp({
    payments: { now: clock.now, sandboxSecret: TEST_SANDBOX_SECRET },
    connectivity: { simulatorTickSeconds: 0 },
  });
  demo = await loginDemo(t.app);
  other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
  planId = await packageId(t.db, 'pool-eu-50gb-30d');
});
afterAll(async () => t.close());

const call = <T = null>(path: string, body: unknown, token: string | undefined = demo.token) =>
  post<T>(t.app, `/v1/pool/${path}`, body, { token });
const create = (iccids: string[], token?: string) =>
  call<{ pool_object_id: string }>('create', { iccids, eshop_goods_id: planId }, token);
const cardList = async (token = demo.token) =>
  (await post<{ pool: PoolCardInfo[] }>(t.app, '/v1/get/card/list', {}, { token, prefix: '/eshop/api' })).body.data
    .pool;
const members = async (poolObjectId: string) =>
  (
    await t.db.query<{ iccid: string }>(
      `SELECT m.iccid FROM pool_members m JOIN pools p ON p.id = m.pool_id WHERE p.pool_object_id = $1
        ORDER BY m.iccid`,
      [poolObjectId],
    )
  ).map((row) => row.iccid);

/** A new card of demo's (agent 3). */
let nextCard = 700;
async function demoCard(): Promise<string> {
  nextCard += 1;
  return insertCard(t.db, `89880000000000000${nextCard}`, { userId: demo.user_id, email: 'demo@example.com' });
}

/** createPool, then the plan's checkout and its payment event (delivered `deliveries` times at once). */
async function buyPool(iccids: string[], deliveries = 1): Promise<{ poolObjectId: string; orderId: string }> {
  const created = await create(iccids);
  expect(created.body.code).toBe(10000);
  const poolObjectId = created.body.data.pool_object_id;
  const pay = await createPay(t.app, { id: planId, ccy: 'USD', pool_object_id: poolObjectId }, demo.token);
  expect(pay.body.code).toBe(10000);
  const event = await sandboxEventFor(t.db, pay.body.data.order_id);
  const answers = await Promise.all(Array.from({ length: deliveries }, () => deliverSandbox(t.app, event)));
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  return { poolObjectId, orderId: pay.body.data.order_id };
}

describe('createPool', () => {
  it('makes a pending pool: not listed, not blocking its card, which can be named by another new pool', async () => {
    const first = await create([SUSPENDED]);
    expect(first.body.code).toBe(10000);
    const pool = await t.db.one<{ pending: boolean; total_bytes: number; named: string[] }>(
      `SELECT p.pending_since IS NOT NULL AS pending, p.total_bytes, array_agg(m.iccid) AS named
         FROM pools p JOIN pool_pending_members m ON m.pool_id = p.id WHERE p.pool_object_id = $1 GROUP BY p.id`,
      [first.body.data.pool_object_id],
    );
    expect(pool).toEqual({ pending: true, total_bytes: 0, named: [SUSPENDED] });
    expect(await members(first.body.data.pool_object_id)).toEqual([]);
    expect((await cardList()).map((row) => row.id)).toEqual([DEMO_POOL]);
    // Pending pools answer no pool call but delete.
    expect((await call('card/list', { pool_object_id: first.body.data.pool_object_id })).body.code).toBe(10025);
    expect((await create([SUSPENDED])).body.code).toBe(10000);
  });

  it("refuses another account's card and an unbound one (10024), an unknown one (10102)", async () => {
    expect((await create([OTHERS])).body.code).toBe(10024);
    expect((await create([UNBOUND])).body.code).toBe(10024);
    expect((await create(['89880000000000099999'])).body.code).toBe(10102);
  });

  it('refuses a card already in an activated pool, an unusable eSIM and more cards than lines (10002)', async () => {
    expect((await create([IN_DEMO_POOL])).body).toMatchObject({
      code: 10002,
      message: 'the card already shares a pool',
    });
    expect((await create([FAILED_ESIM])).body.code).toBe(10002);
    const iccids = await Promise.all(Array.from({ length: 6 }, demoCard));
    expect((await create(iccids)).body).toMatchObject({ code: 10002, message: 'more cards than the plan has lines' });
  });

  it('needs a pool plan (10025), a login (10013) and a well-formed body (400, 10002)', async () => {
    const sim = await packageId(t.db, 'eu-5gb-30d');
    expect((await call('create', { iccids: [SUSPENDED], eshop_goods_id: sim })).body.code).toBe(10025);
    expect((await create([SUSPENDED], '')).body.code).toBe(10013);
    for (const malformed of [
      { iccids: [], eshop_goods_id: planId },
      { iccids: ['123'], eshop_goods_id: planId },
      { iccids: [SUSPENDED], eshop_goods_id: planId, user_id: 1 },
    ]) {
      const { status, body } = await call('create', malformed);
      expect([status, body.code]).toEqual([400, 10002]);
    }
  });
});

describe('paying for a new pool', () => {
  it('activates the pool once however often the payment event comes, with its named cards as members', async () => {
    const card = await demoCard();
    const { poolObjectId, orderId } = await buyPool([SUSPENDED, card], 3);
    // A second, distinct success event for the same order is a duplicate too.
    expect((await deliverSandbox(t.app, await sandboxEventFor(t.db, orderId))).status).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('fulfilled');
    const pool = await t.db.one<{ status: string; pending: boolean; total_bytes: number; packages: number }>(
      `SELECT status, pending_since IS NOT NULL AS pending, total_bytes,
              (SELECT count(*)::int FROM card_packages cp WHERE cp.pool_id = p.id) AS packages
         FROM pools p WHERE pool_object_id = $1`,
      [poolObjectId],
    );
    expect(pool).toEqual({ status: 'Activated', pending: false, total_bytes: 50 * GB, packages: 1 });
    expect(await members(poolObjectId)).toEqual([SUSPENDED, card].sort());
    const listed = (await cardList()).find((row) => row.id === poolObjectId);
    expect(listed).toMatchObject({ status_str: 'Activated', used_pool_lines: 2, pool_lines: 5, total: 51200 });
    expect(listed?.remain).toBe(51200);
  });

  it('drops a pending pool whose checkout is cancelled; its card can start another at once', async () => {
    const card = await demoCard();
    const created = await create([card]);
    const poolObjectId = created.body.data.pool_object_id;
    const pay = await createPay(t.app, { id: planId, ccy: 'USD', pool_object_id: poolObjectId }, demo.token);
    const cancel = await sandboxEventFor(t.db, pay.body.data.order_id, { type: 'payment.cancelled' });
    expect((await deliverSandbox(t.app, cancel)).status).toBe(200);
    expect(await countRows(t.db, `SELECT 1 FROM pools WHERE pool_object_id = $1`, [poolObjectId])).toBe(0);
    expect((await orderRow(t.db, pay.body.data.order_id))?.status).toBe('cancelled');
    const again = await create([card]);
    expect(again.body.code).toBe(10000);
    const payAgain = await createPay(
      t.app,
      { id: planId, ccy: 'USD', pool_object_id: again.body.data.pool_object_id },
      demo.token,
    );
    expect(payAgain.body.code).toBe(10000);
    // The pay sheet closed unpaid: the screen deletes the pending pool, no confirmation needed.
    expect((await call('delete', { pool_object_id: again.body.data.pool_object_id })).body.code).toBe(10000);
    expect(
      await countRows(t.db, `SELECT 1 FROM pools WHERE pool_object_id = $1`, [again.body.data.pool_object_id]),
    ).toBe(0);
  });

  it('forgets a pending pool past its checkout lifetime, and the expiry job drops it', async () => {
    const created = await create([await demoCard()]);
    const poolObjectId = created.body.data.pool_object_id;
    await t.db.query(`UPDATE pools SET pending_since = now() - interval '25 hours' WHERE pool_object_id = $1`, [
      poolObjectId,
    ]);
    expect(
      (await createPay(t.app, { id: planId, ccy: 'USD', pool_object_id: poolObjectId }, demo.token)).body.code,
    ).toBe(10025);
    await t.app.connectivity.expire();
    expect(await countRows(t.db, `SELECT 1 FROM pools WHERE pool_object_id = $1`, [poolObjectId])).toBe(0);
  });

  it('refills an activated pool: data and days add up', async () => {
    const { poolObjectId } = await buyPool([await demoCard()]);
    const before = await t.db.one<{ expire_timestamp: number }>(
      `SELECT expire_timestamp FROM pools WHERE pool_object_id = $1`,
      [poolObjectId],
    );
    const pay = await createPay(t.app, { id: planId, ccy: 'USD', pool_object_id: poolObjectId }, demo.token);
    expect((await deliverSandbox(t.app, await sandboxEventFor(t.db, pay.body.data.order_id))).status).toBe(200);
    const after = await t.db.one<{ total_bytes: number; expire_timestamp: number }>(
      `SELECT total_bytes, expire_timestamp FROM pools WHERE pool_object_id = $1`,
      [poolObjectId],
    );
    expect(after?.total_bytes).toBe(100 * GB);
    expect(Number(after?.expire_timestamp)).toBe(Number(before?.expire_timestamp) + 30 * 86_400);
  });
});

describe('members, candidates, records, coverage, rename and delete', () => {
  let pool: string;
  let extra: string;

  beforeAll(async () => {
    extra = await demoCard();
    pool = (await buyPool([ESIM, extra])).poolObjectId;
  });

  it('lists candidates: valid ones, invalid ones with their reasons, and the lines left', async () => {
    const free = await demoCard();
    const { body } = await call<{
      valid: string[];
      invalid: string[];
      reasons: Record<string, string>;
      lines_left: number;
    }>('card/candidate', { pool_object_id: pool });
    expect(body.code).toBe(10000);
    expect(body.data.valid).toContain(free);
    expect(body.data.valid).not.toContain(ESIM);
    expect(body.data.reasons).toMatchObject({
      [ESIM]: 'in_this_pool',
      [IN_DEMO_POOL]: 'in_other_pool',
      [FAILED_ESIM]: 'unusable',
    });
    expect(body.data.invalid.sort()).toEqual(Object.keys(body.data.reasons).sort());
    expect(body.data.lines_left).toBe(3);
    const forPlan = await call<{ reasons: Record<string, string>; lines_left: number }>('card/candidate', {
      eshop_goods_id: planId,
    });
    expect(forPlan.body.data).toMatchObject({ lines_left: 5, reasons: { [ESIM]: 'in_other_pool' } });
  });

  it('joins cards within the lines; refuses a card of another pool or account and going over the limit', async () => {
    const [a, b, c, d] = await Promise.all([demoCard(), demoCard(), demoCard(), demoCard()]);
    expect((await call('card/join', { pool_object_id: pool, iccids: [a, b, c, d] })).body).toMatchObject({
      code: 10002,
      message: 'more cards than the plan has lines',
    });
    expect((await call('card/join', { pool_object_id: pool, iccids: [a, IN_DEMO_POOL] })).body).toMatchObject({
      code: 10002,
      message: 'the card already shares a pool',
    });
    expect((await call('card/join', { pool_object_id: pool, iccids: [a, OTHERS] })).body.code).toBe(10024);
    expect(await members(pool)).toEqual([ESIM, extra].sort());
    expect((await call('card/join', { pool_object_id: pool, iccids: [a, b, c, ESIM] })).body.code).toBe(10000);
    expect(await members(pool)).toEqual([ESIM, extra, a, b, c].sort());
    expect((await call('card/join', { pool_object_id: pool, iccids: [d] })).body.code).toBe(10002);
  });

  it('removes a member (a line is free again); a card not in it is 10002, an unknown one 10102', async () => {
    expect((await call('card/remove', { pool_object_id: pool, iccid: extra })).body.code).toBe(10000);
    expect(await members(pool)).not.toContain(extra);
    expect((await cardList()).find((row) => row.id === pool)?.used_pool_lines).toBe(4);
    expect((await call('card/remove', { pool_object_id: pool, iccid: extra })).body.code).toBe(10002);
    expect((await call('card/remove', { pool_object_id: pool, iccid: '89880000000000099999' })).body.code).toBe(10102);
    expect((await call('card/join', { pool_object_id: pool, iccids: [extra] })).body.code).toBe(10000);
    expect((await call('card/remove', { pool_object_id: pool, iccid: extra })).body.code).toBe(10000);
  });

  it('lists the members as cards, the records grouped with formatted dates, the coverage of the pool type', async () => {
    const list = await call<{ list: Array<{ iccid: string; status_str: string }> }>('card/list', {
      pool_object_id: pool,
    });
    expect(list.body.data.list.map((card) => card.iccid).sort()).toEqual((await members(pool)).sort());
    type Records = { list1: Array<{ name: string; expire_date: string; total_str: string }>; list2: []; list3: [] };
    const records = await call<Records>('record/list', { pool_object_id: pool });
    expect(records.body.data.list1).toHaveLength(1);
    // Named as the plan card and the pay sheet name it (payments/package-name.ts), in the language asked for.
    expect(records.body.data.list1[0]).toMatchObject({ name: '50 GB up to 5 cards', total_str: '50GB' });
    const german = await call<Records>('record/list', { pool_object_id: pool, lang: 'de' });
    expect(german.body.data.list1[0]?.name).toBe('50 GB bis zu 5 Karten');
    expect(records.body.data.list1[0]?.expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(records.body.data.list3).toEqual([]);
    const type = await t.db.one<{ id: number }>(`SELECT pkg_type_id AS id FROM packages WHERE id = $1`, [planId]);
    const zone = await call<{ countries: Array<{ name: string }> }>('zoneInfo', { pool_type_id: type?.id });
    expect(zone.body.data.countries.length).toBeGreaterThan(0);
  });

  it("renames: trimmed, at most 64 characters, '' for the default name", async () => {
    const nameOf = async () => (await cardList()).find((row) => row.id === pool)?.name;
    expect((await call('set', { pool_object_id: pool, name: '  Trip to Rome  ' })).body.code).toBe(10000);
    expect(await nameOf()).toBe('Trip to Rome');
    expect((await call('set', { pool_object_id: pool, name: 'x'.repeat(64) })).body.code).toBe(10000);
    expect(await nameOf()).toBe('x'.repeat(64));
    const tooLong = await call('set', { pool_object_id: pool, name: 'y'.repeat(65) });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 10002]);
    expect(await nameOf()).toBe('x'.repeat(64));
    expect((await call('set', { pool_object_id: pool, name: '   ' })).body.code).toBe(10000);
    expect(await nameOf()).toBe('');
  });

  it('deletes a pool with data left only when confirmed: its cards go back to their own plans', async () => {
    const refused = await call('delete', { pool_object_id: pool });
    expect(refused.body).toMatchObject({
      code: 10002,
      message: 'the pool still has data left: delete it with confirm: true (no refund)',
    });
    expect((await cardList()).some((row) => row.id === pool)).toBe(true);
    expect((await call('delete', { pool_object_id: pool, confirm: true })).body.code).toBe(10000);
    expect((await cardList()).some((row) => row.id === pool)).toBe(false);
    expect(await members(pool)).toEqual([]);
    const stopped = await t.db.query<{ status: string }>(
      `SELECT cp.status FROM card_packages cp JOIN pools p ON p.id = cp.pool_id WHERE p.pool_object_id = $1`,
      [pool],
    );
    expect(stopped.map((row) => row.status)).toEqual(['stop']);
    expect((await call('card/list', { pool_object_id: pool })).body.code).toBe(10025);
    // Its card is free to join another pool.
    const candidates = await call<{ valid: string[] }>('card/candidate', { eshop_goods_id: planId });
    expect(candidates.body.data.valid).toContain(ESIM);
  });
});

describe('another account', () => {
  it('gets 10024 from every call on the pool and changes nothing', async () => {
    const snapshot = async () =>
      t.db.one(
        `SELECT p.name, p.deleted_at, p.total_bytes, array_agg(m.iccid ORDER BY m.iccid) AS members
           FROM pools p JOIN pool_members m ON m.pool_id = p.id WHERE p.pool_object_id = $1 GROUP BY p.id`,
        [DEMO_POOL],
      );
    const before = await snapshot();
    const attempts: Array<[string, unknown]> = [
      ['set', { pool_object_id: DEMO_POOL, name: 'mine now' }],
      ['card/candidate', { pool_object_id: DEMO_POOL }],
      ['card/list', { pool_object_id: DEMO_POOL }],
      ['card/remove', { pool_object_id: DEMO_POOL, iccid: IN_DEMO_POOL }],
      ['card/join', { pool_object_id: DEMO_POOL, iccids: [OTHERS] }],
      ['delete', { pool_object_id: DEMO_POOL, confirm: true }],
      ['record/list', { pool_object_id: DEMO_POOL }],
      ['create', { iccids: [SUSPENDED], eshop_goods_id: planId }],
    ];
    for (const [path, body] of attempts) {
      expect([path, (await call(path, body, other.token)).body.code]).toEqual([path, 10024]);
    }
    expect((await createPay(t.app, { id: planId, ccy: 'USD', pool_object_id: DEMO_POOL }, other.token)).body.code).toBe(
      10024,
    );
    expect(await snapshot()).toEqual(before);
    expect(await cardList(other.token)).toEqual([]);
    // An unknown pool is 10025 to anyone; without a login 10013.
    expect((await call('card/list', { pool_object_id: 'pool-unknown' }, other.token)).body.code).toBe(10025);
    expect((await call('card/list', { pool_object_id: DEMO_POOL }, '')).body.code).toBe(10013);
  });
});

describe('usage at the network', () => {
  it('two member cards draw from the pool: its use is what they used, once per report', async () => {
    const [a, b] = await Promise.all([demoCard(), demoCard()]);
    const { poolObjectId } = await buyPool([a, b]);
    await runNetwork(t.app); // hands the pool's package to the network
    const applied = await t.db.one<{ provider_state: string; provider_assignment: string }>(
      `SELECT cp.provider_state, cp.provider_assignment FROM card_packages cp JOIN pools p ON p.id = cp.pool_id
        WHERE p.pool_object_id = $1`,
      [poolObjectId],
    );
    expect(applied?.provider_state).toBe('applied');
    clock.advance(10 * 60_000);
    expect(await runNetwork(t.app)).toBeGreaterThan(0);
    const lines = await t.db.query<{ iccid: string; used_bytes: number }>(
      `SELECT u.iccid, u.used_bytes FROM pool_line_usage u JOIN card_packages cp ON cp.id = u.card_package_id
         JOIN pools p ON p.id = cp.pool_id WHERE p.pool_object_id = $1 ORDER BY u.iccid`,
      [poolObjectId],
    );
    expect(lines.map((line) => line.iccid)).toEqual([a, b].sort());
    expect(lines.every((line) => Number(line.used_bytes) > 0)).toBe(true);
    const used = lines.reduce((sum, line) => sum + Number(line.used_bytes), 0);
    const pool = await t.db.one<{ used_bytes: number }>(`SELECT used_bytes FROM pools WHERE pool_object_id = $1`, [
      poolObjectId,
    ]);
    expect(Number(pool?.used_bytes)).toBe(used);
    const listed = (await cardList()).find((row) => row.id === poolObjectId);
    expect(listed?.remain).toBeCloseTo((50 * GB - used) / 1024 ** 2, 1);
    // The members' figures on the detail page are what each drew from the pool.
    const listedMembers = await call<{ list: Array<{ iccid: string; used: number }> }>('card/list', {
      pool_object_id: poolObjectId,
    });
    expect(listedMembers.body.data.list.map((member) => [member.iccid, member.used])).toEqual(
      lines.map((line) => [line.iccid, Math.round((Number(line.used_bytes) / 1024 ** 2) * 100) / 100]),
    );

    // The same reports again (a callback delivered twice) change nothing.
    const again = lines.map((line, index) => ({
      id: `${applied?.provider_assignment}:${line.iccid}:1`,
      iccid: line.iccid,
      reference: null,
      assignment: applied?.provider_assignment,
      at: clock.now().toISOString(),
      state: 'active',
      initial_bytes: 50 * GB,
      used_bytes: Number(line.used_bytes) + (index + 1) * GB,
      unlimited: false,
      throttled: false,
      started_at: null,
      ends_at: null,
      pool: true,
    }));
    const body = JSON.stringify({ reports: again });
    const response = await t.app.inject({
      method: 'POST',
      url: '/eshop/webhooks/connectivity/simulator',
      headers: {
        'content-type': 'application/json',
        [SIMULATOR_SIGNATURE_HEADER]: t.app.connectivity.simulator!.sign(body),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const unchanged = await t.db.one<{ used_bytes: number }>(`SELECT used_bytes FROM pools WHERE pool_object_id = $1`, [
      poolObjectId,
    ]);
    expect(Number(unchanged?.used_bytes)).toBe(used);

    // Used up at the network: the pool's package stops and nothing is left.
    await t.db.query(`UPDATE simulator_pools SET used_bytes = initial_bytes - 1000 WHERE id = $1`, [
      applied?.provider_assignment,
    ]);
    clock.advance(60_000);
    await runNetwork(t.app);
    const ended = await t.db.one<{ status: string; ended_reason: string }>(
      `SELECT cp.status, cp.ended_reason FROM card_packages cp JOIN pools p ON p.id = cp.pool_id
        WHERE p.pool_object_id = $1`,
      [poolObjectId],
    );
    expect(ended).toEqual({ status: 'stop', ended_reason: 'depleted' });
    expect((await cardList()).find((row) => row.id === poolObjectId)?.remain).toBe(0);
  });

  it("the demo pool's cards use the pool, not their own plans", async () => {
    const own = await t.db.one<{ used_bytes: number }>(
      `SELECT used_bytes FROM card_packages WHERE iccid = $1 AND status = 'active'`,
      [IN_DEMO_POOL],
    );
    const before = await t.db.one<{ used_bytes: number }>(`SELECT used_bytes FROM pools WHERE pool_object_id = $1`, [
      DEMO_POOL,
    ]);
    clock.advance(5 * 60_000);
    await runNetwork(t.app);
    const after = await t.db.one<{ used_bytes: number }>(`SELECT used_bytes FROM pools WHERE pool_object_id = $1`, [
      DEMO_POOL,
    ]);
    expect(Number(after?.used_bytes)).toBeGreaterThan(Number(before?.used_bytes));
    const ownAfter = await t.db.one<{ used_bytes: number }>(
      `SELECT used_bytes FROM card_packages WHERE iccid = $1 AND status = 'active'`,
      [IN_DEMO_POOL],
    );
    expect(ownAfter?.used_bytes).toEqual(own?.used_bytes);
  });
});
