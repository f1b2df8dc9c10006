import { DEMO_EID } from '../../src/seed';
import { luhnDigit } from '../../src/modules/connectivity/providers/simulator-profiles';
import { runNetwork } from '../helpers/connectivity';
import { createTestApp, loginDemo, post, testClock, type TestApp } from '../helpers/app';
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
const clock = testClock();
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
  t = await createTestApp({
    payments: { sandboxSecret: TEST_SANDBOX_SECRET },
    connectivity: { now: clock.now, simulatorInstallFailShare: 0 },
  });
  demo = await loginDemo(t.app);
  other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
  await t.db.query(`INSERT INTO esim_slots (eid, agent_flag, status, total_slot) VALUES ($1, '2', 'Ready', 2)`, [
    FREE_EID,
  ]);
  // A profile in USD is taxed by the buyer's billing address, like a card's package (payments-orders.test.ts):
  // both buyers give one in Oregon, which has no sales tax.
  for (const [who, eid] of [
    [demo, DEMO_EID],
    [other, FREE_EID],
  ] as const) {
    const saved = await post(
      t.app,
      '/save/address',
      {
        email: 'buyer@example.com',
        country: 'US',
        region: 'OR',
        city: 'Portland',
        postalCode: '97201',
        line1: '1 Main St',
        eid,
      },
      { token: who.token },
    );
    if (saved.body.code !== 10000) throw new Error(`address not saved: ${saved.body.code}`);
  }
});
afterAll(async () => t.close());

/** What the profile job does in a running api: every pending profile request ordered from the provider. */
async function issuePending(): Promise<void> {
  const rows = await t.db.query<{ order_id: number }>(
    `SELECT order_id FROM esim_profile_requests WHERE state = 'pending' ORDER BY order_id`,
  );
  await t.app.connectivity.issueProfiles(rows.map((row) => Number(row.order_id)));
}

const installProcess = async (iccid: string, token?: string) =>
  (
    await post<{ state: string; progress: number; reason?: string }>(
      t.app,
      '/eid/installProcess',
      { eid: DEMO_EID, iccid },
      { token },
    )
  ).body;

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
  it("answers for the slot's agent (PayPal as it offers it), the address in USD and no unused package", async () => {
    const check = () => post(t.app, '/pay/isbuy', { eid: DEMO_EID, lang: 'en', ccy: 'USD', amount: 1200 });
    expect((await check()).body.data).toEqual({ isShowAddress: true, isShowPayPal: true, unusedPackage: false });
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
    // Priced on the server: 12.00 USD, taxed by the buyer's address (Oregon: no sales tax).
    expect(await orderRow(t.db, orderId)).toMatchObject({ status: 'pending', amount: 1200, tax_amount: 0 });

    const paid = await submitSandbox(t.app, body.data.pay_url, { action: 'pay', card: 'instant' });
    expect(paid.location).toBe(`${SHOP}/esim/${DEMO_EID}?mode=search&returnType=suc&order_id=${orderId}`);
    expect((await post(t.app, '/pay/search', { order_id: orderId }, { token: demo.token })).body.data).toEqual({
      order_id: orderId,
      status: 'paid',
    });

    // The profile comes from the network, through the job queue: nothing is made up at payment.
    expect((await profiles(DEMO_EID, demo.token)).data.list).toHaveLength(before);
    expect(await countRows(t.db, `SELECT 1 FROM esim_profile_requests WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    await issuePending();
    const after = (await profiles(DEMO_EID, demo.token)).data.list;
    expect(after).toHaveLength(before + 1);
    const bought = after[0]!;
    // Its package waits for the network: nothing to show until the network carries it and it is first used.
    expect(bought).toMatchObject({ state: 'pending', action: null, total_str: '0MB' });
    // The simulator's profile: a random ICCID of the shop's range with its Luhn digit, a random matching ID.
    expect(bought.iccid).toMatch(/^8988247\d{13}$/);
    expect(Number(bought.iccid.at(-1))).toBe(luhnDigit(bought.iccid.slice(0, -1)));
    expect(bought.iccid).not.toContain(String(orderId).padStart(12, '0'));
    expect(bought.activation_code).toMatch(/^LPA:1\$smdp\.example\.com\$K2-[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{6}$/);

    // The phone takes it through released → downloaded → installed → enabled on the network's clock.
    expect(await installProcess(bought.iccid, demo.token)).toMatchObject({ data: { state: 'pending', progress: 0 } });
    clock.advance(61_000);
    expect(await installProcess(bought.iccid, demo.token)).toMatchObject({
      data: { state: 'downloading', progress: 50 },
    });
    clock.advance(30_000);
    expect(await installProcess(bought.iccid)).toMatchObject({ code: 10024 });
    expect(await installProcess(bought.iccid, demo.token)).toMatchObject({
      data: { state: 'installed', progress: 100 },
    });
    const installed = await t.db.one<{ installed_at: Date | null; action: string }>(
      `SELECT installed_at, action FROM esim_profiles WHERE iccid = $1`,
      [bought.iccid],
    );
    expect(installed?.installed_at).not.toBeNull();
    // Installed: the activation code is spent and no longer shown.
    expect((await profiles(DEMO_EID, demo.token)).data.list[0]).toMatchObject({
      state: 'disabled',
      activation_code: '',
    });
    clock.advance(30_000);
    expect(await installProcess(bought.iccid, demo.token)).toMatchObject({ code: 100606 });
    await runNetwork(t.app);
    const carried = await post<{ list: Array<{ iccid: string; total_str: string }> }>(
      t.app,
      '/eid/profileList',
      { eid: DEMO_EID },
      { token: demo.token },
    );
    expect(carried.body.data.list.find((profile) => profile.iccid === bought.iccid)?.total_str).toBe('3GB');
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
      // The product card's title in the eSIM shop: one name for a package everywhere (payments/package-name.ts).
      name: '3 GB',
    });

    // The provider says it again (a duplicate delivery, a retried event): still one profile, one payment.
    await deliverSandbox(t.app, await sandboxEventFor(t.db, orderId));
    await issuePending();
    await t.app.connectivity.issueProfiles([Number(orderId)]);
    expect(await countRows(t.db, `SELECT 1 FROM esim_profiles WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM esim_profile_requests WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    expect(
      await countRows(t.db, `SELECT 1 FROM simulator_profiles WHERE reference = $1`, [`esim-order-${orderId}`]),
    ).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM card_packages WHERE order_id = $1`, [Number(orderId)])).toBe(1);
    expect(await countRows(t.db, `SELECT 1 FROM payments WHERE order_id = $1`, [Number(orderId)])).toBe(1);

    // The receipt leads to the slot page, where the activation code is.
    let receipt: { text: string } | undefined;
    for (let i = 0; i < 50 && !receipt; i += 1) {
      receipt = t.mailer.sent.find((mail) => mail.template === 'order' && mail.text.includes(`#${orderId}`));
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receipt?.text).toContain(`Install your eSIM: ${SHOP}/esim/${DEMO_EID}?mode=search`);
    // Once the network issued it, one "ready to install" mail: the one-tap link and the code to type, once only.
    const ready = t.mailer.sent.filter((mail) => mail.template === 'esim-ready' && mail.text.includes(`#${orderId}`));
    expect(ready).toHaveLength(1);
    expect(ready[0]?.to).toBe('demo@example.com');
    expect(ready[0]?.text).toContain(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(bought.activation_code)}`,
    );
    expect(ready[0]?.text).toContain(`Full activation code (LPA): ${bought.activation_code}`);
    expect(ready[0]?.text).toContain(`${SHOP}/esim/${DEMO_EID}?mode=search`);
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

describe('eidAction, eidInstallProcess and eidCheckOnline on the demo slot', () => {
  const ENABLED = '89880000000000000201';
  const FAILED = '89880000000000000202';
  const DELETED = '89880000000000000203';
  const action = (iccid: string, act: string, token?: string) =>
    post(t.app, '/eid/action', { eid: DEMO_EID, iccid, action: act }, { token });
  const stateOf = async (iccid: string) =>
    (await t.db.one<{ action: string }>(`SELECT action FROM esim_profiles WHERE iccid = $1`, [iccid]))?.action;

  it("change the slot's profiles for its account only; others get 10024 and nothing changes", async () => {
    expect((await action(ENABLED, 'disable', other.token)).body.code).toBe(10024);
    expect((await action(ENABLED, 'delete')).body.code).toBe(10013);
    expect(await stateOf(ENABLED)).toBe('enable');
    expect((await action('89880000000000000001', 'disable', demo.token)).body.code).toBe(10025);
    const malformed = await action(ENABLED, 'reboot', demo.token);
    expect([malformed.status, malformed.body.code]).toEqual([400, 10002]);

    // An enabled profile must be disabled before it is deleted.
    expect((await action(ENABLED, 'delete', demo.token)).body).toMatchObject({
      code: 10002,
      message: 'disable the profile before deleting it',
    });
    expect((await action(ENABLED, 'disable', demo.token)).body.code).toBe(10000);
    expect(await stateOf(ENABLED)).toBe('disable');
    expect((await action(ENABLED, 'disable', demo.token)).body.code).toBe(10000);
    expect((await action(ENABLED, 'enable', demo.token)).body.code).toBe(10000);
    expect(await stateOf(ENABLED)).toBe('enable');
    // The failed profile cannot be enabled (the reason is said); the deleted one is gone.
    const failed = await action(FAILED, 'enable', demo.token);
    expect(failed.body.code).toBe(10002);
    expect(failed.body.message).toContain('could not be installed: the device has no room');
    expect((await action(DELETED, 'enable', demo.token)).body.code).toBe(10002);
  });

  it('answer the install state, 100606 once installed and 100608 once deleted', async () => {
    expect(await installProcess(FAILED, demo.token)).toMatchObject({
      code: 10000,
      data: { state: 'failed', progress: 0, reason: 'the device has no room for another profile' },
    });
    expect(await installProcess(ENABLED, demo.token)).toMatchObject({ code: 100606 });
    expect(await installProcess(DELETED, demo.token)).toMatchObject({ code: 100608 });
    expect(await installProcess(ENABLED, other.token)).toMatchObject({ code: 10024 });
    expect(await installProcess('89880000000000000001', demo.token)).toMatchObject({ code: 10025 });
  });

  it("say whether the network saw the slot's device lately", async () => {
    const online = async (token?: string) =>
      (await post<{ online: boolean; last_seen: string }>(t.app, '/eid/checkOnline', { eid: DEMO_EID }, { token }))
        .body;
    expect((await online(other.token)).code).toBe(10024);
    clock.advance(60 * 60_000);
    expect((await online(demo.token)).data.online).toBe(false);
    // The network runs: the phone with an enabled profile is attached.
    await runNetwork(t.app);
    const seen = await online(demo.token);
    expect(seen.data.online).toBe(true);
    expect(Date.parse(seen.data.last_seen)).toBeGreaterThan(Date.now());
  });
});

describe('esimSlotSet and esimSlotDel', () => {
  const info = async (eid: string, token?: string) =>
    (await post<{ name: string; email: string }>(t.app, '/eid/info', { eid }, { token })).body;

  it("rename the caller's slot (trimmed, limited); others get 10024 and nothing changes", async () => {
    expect(
      (await post(t.app, '/v1/esim/slot/set', { eid: DEMO_EID, name: 'Mine now' }, { token: other.token })).body.code,
    ).toBe(10024);
    expect((await post(t.app, '/v1/esim/slot/set', { eid: DEMO_EID, name: 'x' })).body.code).toBe(10013);
    expect((await info(DEMO_EID, demo.token)).data.name).toBe('My phone');
    const long = await post(t.app, '/v1/esim/slot/set', { eid: DEMO_EID, name: 'x'.repeat(65) }, { token: demo.token });
    expect([long.status, long.body.code]).toEqual([400, 10002]);
    const renamed = await post(
      t.app,
      '/v1/esim/slot/set',
      { eid: DEMO_EID, name: '  Travel phone ' },
      { token: demo.token },
    );
    expect(renamed.body.code).toBe(10000);
    expect((await info(DEMO_EID, demo.token)).data.name).toBe('Travel phone');
    await post(t.app, '/v1/esim/slot/set', { eid: DEMO_EID, name: '' }, { token: demo.token });
    expect((await info(DEMO_EID, demo.token)).data.name).toBe('');
    // A slot no account holds is read-only to whoever holds its EID.
    expect(
      (await post(t.app, '/v1/esim/slot/set', { eid: FREE_EID, name: 'x' }, { token: demo.token })).body.code,
    ).toBe(10024);
  });

  it('remove the slot and its profiles from the account, only for its owner', async () => {
    expect((await post(t.app, '/v1/esim/slot/del', { eid: DEMO_EID }, { token: other.token })).body.code).toBe(10024);
    expect((await info(DEMO_EID, demo.token)).data.email).toBe('demo@example.com');
    expect((await post(t.app, '/v1/esim/slot/del', { eid: DEMO_EID }, { token: demo.token })).body.code).toBe(10000);
    const list = await post<{ eid: Array<{ eid: string }>; esim: Array<{ iccid: string }> }>(
      t.app,
      '/v1/get/card/list',
      {},
      { token: demo.token },
    );
    expect(list.body.data.eid.map((slot) => slot.eid)).not.toContain(DEMO_EID);
    expect(list.body.data.esim.map((card) => card.iccid)).not.toContain('89880000000000000201');
    // Unbound now: whoever holds the EID reads it, nobody changes it without binding it first.
    expect((await info(DEMO_EID)).code).toBe(10000);
    expect(
      (
        await post(
          t.app,
          '/eid/action',
          { eid: DEMO_EID, iccid: '89880000000000000201', action: 'disable' },
          { token: demo.token },
        )
      ).body.code,
    ).toBe(10024);
  });
});
