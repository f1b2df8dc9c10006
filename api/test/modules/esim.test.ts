import { DEMO_EID } from '../../src/seed';
import { luhnDigit, shopIccid } from '../../src/modules/payments/profiles';
import { runNetwork } from '../helpers/connectivity';
import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';
import {
  countRows,
  deliverSandbox,
  orderRow,
  packageId,
  sandboxEventFor,
  SHOP,
  submitSandbox,
  TEST_SANDBOX_SECRET,
} from '../helpers/payments';

// The eSIM shop (issue 9): a slot's header and profiles, its product list and coverage, and buying a new profile
// through the same payment path as a package: the profile appears in the slot, pending installation, once.

const FREE_EID = '89049032000000000000000000000077';

let t: TestApp;
let demo: { token: string; user_id: number };
let other: { token: string; user_id: number };

interface Profile {
  iccid: string;
  name: string;
  state: string;
  action: string | null;
  activation_code: string;
  total_str: string;
  remain_str: string;
}

const orderProfile = (body: Record<string, unknown>, token?: string) =>
  post<{ pay_url: string; order_id: string; pay: string }>(
    t.app,
    '/esim/orderProfile',
    { eid: DEMO_EID, lang: 'en', ccy: 'USD', pay: 'stripe', ...body },
    { token },
  );

const profiles = async (eid: string, token?: string) =>
  (await post<{ list: Profile[] }>(t.app, '/eid/profileList', { eid }, { token })).body;

beforeAll(async () => {
  t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
  demo = await loginDemo(t.app);
  other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
  await t.db.query(`INSERT INTO esim_slots (eid, agent_flag, status, total_slot) VALUES ($1, '2', 'Ready', 2)`, [
    FREE_EID,
  ]);
});
afterAll(async () => t.close());

describe('shop ICCIDs', () => {
  it('are 20 digits of the shop range with a valid Luhn check digit, one per order', () => {
    const iccid = shopIccid(42);
    expect(iccid).toMatch(/^8988247000000000042\d$/);
    expect(Number(iccid.at(-1))).toBe(luhnDigit(iccid.slice(0, -1)));
    // A known Luhn pair: 7992739871 → 3.
    expect(luhnDigit('7992739871')).toBe(3);
    expect(shopIccid(43)).not.toBe(iccid);
  });
});

describe('eidInfo and eidProfileList', () => {
  it('show the slot and its profiles to its account only (10024 to others, 10025 when unknown)', async () => {
    const info = await post(t.app, '/eid/info', { eid: DEMO_EID }, { token: demo.token });
    expect(info.body.data).toMatchObject({
      eid: DEMO_EID,
      name: 'My phone',
      status: 'Activated',
      total_slot: 8,
      email: 'demo@example.com',
    });
    expect((await post(t.app, '/eid/info', { eid: DEMO_EID }, { token: other.token })).body.code).toBe(10024);
    expect((await post(t.app, '/eid/info', { eid: DEMO_EID })).body.code).toBe(10024);
    expect((await post(t.app, '/eid/info', { eid: '89049032000000000000000000000999' })).body.code).toBe(10025);
    // A slot no account holds answers anyone with its EID, without an e-mail.
    expect((await post(t.app, '/eid/info', { eid: FREE_EID })).body.data).toMatchObject({ email: '', usage_slot: 0 });

    const list = await profiles(DEMO_EID, demo.token);
    expect(list.code).toBe(10000);
    expect(list.data.list.map((profile) => [profile.state, profile.action])).toEqual(
      expect.arrayContaining([
        ['enabled', null],
        ['pending', 'install_fail'],
        ['pending', 'delete'],
      ]),
    );
    expect((await profiles(DEMO_EID, other.token)).code).toBe(10024);
    const malformed = await post(t.app, '/eid/profileList', { eid: 'short' });
    expect([malformed.status, malformed.body.code]).toEqual([400, 10002]);
  });
});

describe('esimGoodsList and esimProductZoneInfo', () => {
  it("list the slot agent's eSIM products with their product id and tabs, and each product's coverage", async () => {
    const { body } = await post<{
      list: Array<{ id: number; name: string; esim_product_id: number; price: number; currency: string }>;
      typeList: string[];
    }>(t.app, '/esim/goodsList', { eid: DEMO_EID, lang: 'en', ccy: 'USD' });
    expect(body.code).toBe(10000);
    const names = body.data.list.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['eSIM Global 3 GB', 'eSIM Europe 10 GB']));
    expect(names.some((name) => /pool/i.test(name))).toBe(false);
    expect(body.data.typeList[0]).toBe('All');
    expect(body.data.list.every((item) => item.currency === 'USD')).toBe(true);
    const coverage = await post<{ countries: Array<{ name: string; operators: unknown[] }> }>(
      t.app,
      '/esim/productZoneInfo',
      { esim_product_id: body.data.list[0]!.esim_product_id, lang: 'en' },
    );
    expect(coverage.body.data.countries.length).toBeGreaterThan(0);
    expect(
      (await post(t.app, '/esim/goodsList', { eid: '89049032000000000000000000000999', lang: 'en', ccy: 'USD' })).body
        .code,
    ).toBe(10025);
  });
});

describe('checkPay for the eSIM shop', () => {
  it("answers for the slot's agent (PayPal as it offers it), with no address and no unused package", async () => {
    const check = () => post(t.app, '/pay/isbuy', { eid: DEMO_EID, lang: 'en', ccy: 'USD', amount: 1200 });
    expect((await check()).body.data).toEqual({ isShowAddress: false, isShowPayPal: true, unusedPackage: false });
    // A slot of the partner agent (no PayPal), while the default agent offers PayPal: the slot's agent decides.
    await t.db.query(`UPDATE esim_slots SET agent_flag = 'acme' WHERE eid = $1`, [DEMO_EID]);
    try {
      expect((await check()).body.data).toMatchObject({ isShowPayPal: false });
    } finally {
      await t.db.query(`UPDATE esim_slots SET agent_flag = '2' WHERE eid = $1`, [DEMO_EID]);
    }
    // And the order refuses PayPal where the agent does not offer it.
    await t.db.query(`UPDATE agents SET paypal = false WHERE flag = '2'`);
    try {
      const id = await packageId(t.db, 'esim-global-3gb-30d');
      const paypal = await orderProfile({ id, pay: 'paypal' }, demo.token);
      expect([paypal.status, paypal.body.code]).toEqual([400, 10002]);
    } finally {
      await t.db.query(`UPDATE agents SET paypal = true WHERE flag = '2'`);
    }
  });
});

describe('esimOrderProfile (/esim/orderProfile)', () => {
  it('buys a profile: sandbox pay → back on the slot page → a pending profile with its code, once', async () => {
    const id = await packageId(t.db, 'esim-global-3gb-30d');
    const before = (await profiles(DEMO_EID, demo.token)).data.list.length;
    const { body } = await orderProfile({ id }, demo.token);
    expect(body.code).toBe(10000);
    expect(body.data.pay_url).toMatch(new RegExp(`^${SHOP}/eshop/pay/sandbox/ses_`));
    const orderId = body.data.order_id;
    // Priced on the server: 12.00 USD, no address tax for a profile.
    expect(await orderRow(t.db, orderId)).toMatchObject({ status: 'pending', amount: 1200, tax_amount: 0 });

    const paid = await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    expect(paid.location).toBe(`${SHOP}/esim/${DEMO_EID}?mode=search&returnType=suc&order_id=${orderId}`);
    expect((await post(t.app, '/pay/search', { order_id: orderId }, { token: demo.token })).body.data).toEqual({
      order_id: orderId,
      status: 'paid',
    });

    const after = (await profiles(DEMO_EID, demo.token)).data.list;
    expect(after).toHaveLength(before + 1);
    const bought = after[0]!;
    // Its package waits for the network: nothing to show until the network carries it and it is first used.
    expect(bought).toMatchObject({ state: 'pending', action: null, total_str: '0MB' });
    await runNetwork(t.app);
    const carried = await post<{ list: Array<{ iccid: string; total_str: string }> }>(
      t.app,
      '/eid/profileList',
      { eid: DEMO_EID },
      { token: demo.token },
    );
    expect(carried.body.data.list.find((profile) => profile.iccid === bought.iccid)?.total_str).toBe('3GB');
    expect(bought.iccid).toBe(shopIccid(Number(orderId)));
    expect(bought.activation_code).toMatch(/^LPA:1\$smdp\.example\.com\$K2-[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{6}$/);
    // The new profile is the buyer's eSIM card (card list), with the package on it.
    const cardList = await post<{ esim: Array<{ iccid: string }> }>(
      t.app,
      '/v1/get/card/list',
      {},
      { token: demo.token },
    );
    expect(cardList.body.data.esim.map((card) => card.iccid)).toContain(bought.iccid);
    const slot = await post<{ usage_slot: number }>(t.app, '/eid/info', { eid: DEMO_EID }, { token: demo.token });
    expect(slot.body.data.usage_slot).toBe(2);
    const orders = await post<{ list: Array<{ order_id: string; iccid: string; name: string }> }>(
      t.app,
      '/pay/order/list',
      {},
      { token: demo.token },
    );
    expect(orders.body.data.list.find((order) => order.order_id === orderId)).toMatchObject({
      iccid: bought.iccid,
      name: 'eSIM Global 3 GB',
    });

    // The provider says it again (a duplicate delivery, a retried event): still one profile, one payment.
    await deliverSandbox(t.app, await sandboxEventFor(t.db, orderId));
    expect(await countRows(t.db, `SELECT 1 FROM esim_profiles WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(1);

    // The receipt leads to the slot page, where the activation code is.
    let receipt: { text: string } | undefined;
    for (let i = 0; i < 50 && !receipt; i += 1) {
      receipt = t.mailer.sent.find((mail) => mail.template === 'order' && mail.text.includes(`#${orderId}`));
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receipt?.text).toContain(`Install your eSIM: ${SHOP}/esim/${DEMO_EID}?mode=search`);
  });

  it("needs a login, the slot's own account, a known product and a free slot", async () => {
    const id = await packageId(t.db, 'esim-global-3gb-30d');
    expect((await orderProfile({ id })).body.code).toBe(10013);
    expect((await orderProfile({ id }, other.token)).body.code).toBe(10024);
    expect((await orderProfile({ id: 999_999 }, demo.token)).body.code).toBe(10025);
    // A SIM package is not an eSIM product.
    expect((await orderProfile({ id: await packageId(t.db, 'eu-5gb-30d') }, demo.token)).body.code).toBe(10025);
    const unknown = await orderProfile({ id, eid: '89049032000000000000000000000999' }, demo.token);
    expect(unknown.body.code).toBe(10025);
    const malformed = await orderProfile({ id, renewal: true }, demo.token);
    expect([malformed.status, malformed.body.code]).toEqual([400, 10002]);

    // The free slot has 2 places: the buyer's account takes it; once both are used, no more profiles.
    const first = await orderProfile({ id, eid: FREE_EID }, other.token);
    expect(first.body.code).toBe(10000);
    expect((await post(t.app, '/eid/info', { eid: FREE_EID }, { token: other.token })).body.data).toMatchObject({
      email: 'other@example.com',
    });
    expect((await orderProfile({ id, eid: FREE_EID }, demo.token)).body.code).toBe(10024);
    await t.db.query(`UPDATE esim_slots SET total_slot = 0 WHERE eid = $1`, [FREE_EID]);
    const full = await orderProfile({ id, eid: FREE_EID }, other.token);
    expect([full.status, full.body.code, full.body.message]).toEqual([
      400,
      10002,
      'this eSIM has no free slot: remove a profile first',
    ]);
    // Nothing was half-made: the refused purchases left no order.
    expect(await countRows(t.db, `SELECT 1 FROM orders WHERE eid = $1`, [FREE_EID])).toBe(1);
  });
});
