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
    expect((await create({ iccids: [], eshop_goods_id: planId })).body.code).toBe(10002);
  });
});
