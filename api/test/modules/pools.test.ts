import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

// createPool: the caller's new empty pool for a pool plan, filled by the plan's payment.

let t: TestApp;
let token: string;
let planId: number;
let simPackageId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = (await loginDemo(t.app)).token;
  planId = (await t.db.one<{ id: number }>(`SELECT id FROM packages WHERE code = 'pool-eu-50gb-30d'`))!.id;
  simPackageId = (await t.db.one<{ id: number }>(`SELECT id FROM packages WHERE code = 'eu-5gb-30d'`))!.id;
});
afterAll(async () => t.close());

const create = (body: unknown, auth = token) =>
  post<{ pool_object_id: string }>(t.app, '/v1/pool/create', body, { token: auth });

describe('createPool', () => {
  it("makes the caller's pool with the card as its line, empty until the plan is paid", async () => {
    const { body } = await create({ iccids: ['89880000000000000003'], eshop_goods_id: planId });
    expect(body.code).toBe(10000);
    const pool = await t.db.one<{ user_id: number; total_bytes: number; members: string[] }>(
      `SELECT p.user_id, p.total_bytes, array_agg(m.iccid) AS members
         FROM pools p JOIN pool_members m ON m.pool_id = p.id WHERE p.pool_object_id = $1 GROUP BY p.id`,
      [body.data.pool_object_id],
    );
    expect(pool).toMatchObject({ total_bytes: 0, members: ['89880000000000000003'] });
    // The new pool is in the owner's list; the same card cannot join a second pool.
    const again = await create({ iccids: ['89880000000000000003'], eshop_goods_id: planId });
    expect(again.body).toMatchObject({ code: 10002, message: 'the card already shares a pool' });
  });

  it("refuses another account's card (10024), an unbound one (10024) and an unknown one (10102)", async () => {
    expect((await create({ iccids: ['89880000000000000008'], eshop_goods_id: planId })).body.code).toBe(10024);
    expect((await create({ iccids: ['89880000000000000002'], eshop_goods_id: planId })).body.code).toBe(10024);
    expect((await create({ iccids: ['89880000000000099999'], eshop_goods_id: planId })).body.code).toBe(10102);
  });

  it('needs a pool plan (10025 for a SIM package) and a login (10013); malformed input is 10002', async () => {
    expect((await create({ iccids: ['89880000000000000003'], eshop_goods_id: simPackageId })).body.code).toBe(10025);
    expect((await create({ iccids: ['89880000000000000003'], eshop_goods_id: planId }, '')).body.code).toBe(10013);
    for (const malformed of [
      { iccids: [], eshop_goods_id: planId },
      { iccids: ['123'], eshop_goods_id: planId },
      { iccids: ['89880000000000000003'], eshop_goods_id: 'plan' },
      { iccids: ['89880000000000000003'], eshop_goods_id: planId, user_id: 1 },
    ]) {
      const { status, body } = await create(malformed);
      expect([status, body.code]).toEqual([400, 10002]);
    }
  });

  it('takes no more cards than the plan has lines', async () => {
    const plan = await t.db.one<{ pool_lines: number | null }>(`SELECT pool_lines FROM packages WHERE id = $1`, [
      planId,
    ]);
    const lines = Math.max(1, plan?.pool_lines ?? 1);
    const iccids = Array.from({ length: lines + 1 }, (_, i) => `8988000000000009${String(i).padStart(4, '0')}`);
    const { body } = await create({ iccids, eshop_goods_id: planId });
    expect(body).toMatchObject({ code: 10002, message: 'more cards than the plan has lines' });
  });

  it('gives a card to one pool when requests race for it, and answers the others 10002, never 5xx', async () => {
    const iccid = '89880000000000000004';
    expect((await post(t.app, '/v1/bind/card', { iccid }, { token, prefix: '/eshop/api' })).body.code).toBe(10000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create({ iccids: [iccid], eshop_goods_id: planId })),
    );
    const codes = answers.map((answer) => answer.body.code).sort();
    expect(codes).toEqual([10000, 10002, 10002, 10002, 10002]);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const pools = await t.db.query(`SELECT pool_id FROM pool_members WHERE iccid = $1`, [iccid]);
    expect(pools).toHaveLength(1);
    // The losers left no empty pool behind.
    const empty = await t.db.query(
      `SELECT p.id FROM pools p WHERE p.user_id = (SELECT user_id FROM cards WHERE iccid = $1)
          AND NOT EXISTS (SELECT 1 FROM pool_members m WHERE m.pool_id = p.id)`,
      [iccid],
    );
    expect(empty).toEqual([]);
  });
});
