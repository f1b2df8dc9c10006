import { DEMO_EID, DEMO_POOL_ID } from '../../src/seed';
import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

// Card list screen and card page actions (issue 3, server): the caller's own cards only, ownership on every call.

const BOUND = '89880000000000000001';
const READY = '89880000000000000002';
const SUSPENDED = '89880000000000000003';
const UNLIMITED = '89880000000000000004';
const SPEED_LIMITED = '89880000000000000005';
const THIRD_PARTY = '89880000000000000006';
const IN_POOL = '89880000000000000007';
const OTHERS = '89880000000000000008';
const SHORT = '8988000000000000019';
const AGENT_1 = '89880000000000000101';
const PROFILE = '89880000000000000201';
const INSTALL_FAIL = '89880000000000000202';
const DELETED = '89880000000000000203';
const UNKNOWN = '89880000000000009999';
const UNKNOWN_EID = '89049032000000000000000000000000';
/** Seeded unbound cards carrying demo@example.com (the card list's batch bind dialog offers them). */
const DEMO_UNBOUND = ['89880000000000000011', '89880000000000000012'];
const API = { prefix: '/eshop/api' } as const;

interface ListCard {
  iccid: string;
  name: string;
  status_str: string;
  card_status_str: string;
  expire_date: string;
  expire_timestamp: number | null;
  total_str: string;
  remain_str: string;
  total: number;
  used: number;
  action: string | null;
  is_third_party: boolean;
  available_days: number;
  total_active: number;
}
interface CardList {
  card: ListCard[];
  esim: ListCard[];
  eid: Array<{ eid: string; iccid: string; name: string; status: string; total_slot: number; usage_slot: number }>;
  pool: Array<Record<string, unknown>>;
}
interface Records {
  list1: Array<{ name: string; status_str: string; expire_date: string; create: number; total_str: string }>;
  list2: Array<{ name: string; status_str: string; expire_date: string }>;
  list3: Array<{ name: string; status_str: string; expire_date: string }>;
}

let t: TestApp;
let demo: { token: string; user_id: number };
let other: { token: string; user_id: number };

async function owner(iccid: string): Promise<number | null> {
  const row = await t.db.one<{ user_id: number | null }>(`SELECT user_id FROM cards WHERE iccid = $1`, [iccid]);
  return row?.user_id ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await loginDemo(t.app);
  other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
});
afterAll(async () => t.close());

describe('session codes on the logged-in calls', () => {
  const calls: Array<[string, unknown]> = [
    ['/v1/get/card/list', {}],
    ['/v1/get/card/list/unbind', {}],
    ['/v1/bind/card', { iccid: READY }],
    ['/v1/bind/card/batch', { iccids: [READY] }],
    ['/v1/esim/slot/add', { eid: DEMO_EID }],
    ['/v1/set/card', { iccid: BOUND, name: 'x' }],
    ['/v1/unbind/card', { iccid: BOUND }],
  ];
  it.each(calls)('%s answers 10013 without a receipt and with an unknown one', async (path, body) => {
    for (const options of [API, { ...API, token: 'not-a-receipt' }]) {
      const { status, body: answer } = await post(t.app, path, body, options);
      expect(status).toBe(200);
      expect(answer).toMatchObject({ code: 10013, data: null });
    }
    expect(await owner(READY)).toBeNull();
  });
});

describe('getCardList', () => {
  it('answers the caller SIM cards, eSIM cards, slots and pools in the entity shapes', async () => {
    const { status, body } = await post<CardList>(t.app, '/v1/get/card/list', {}, { ...API, token: demo.token });
    expect(status).toBe(200);
    expect(body.code).toBe(10000);
    expect(body.data.card.map((card) => card.iccid)).toEqual([BOUND, SUSPENDED, IN_POOL]);
    expect(body.data.esim.map((card) => [card.iccid, card.action])).toEqual([
      [PROFILE, null],
      [INSTALL_FAIL, 'install_fail'],
      [DELETED, 'delete'],
    ]);
    const bound = body.data.card[0];
    expect(bound).toMatchObject({
      name: 'Travel SIM',
      status_str: 'Activated',
      card_status_str: 'Activated',
      total_str: '20GB',
      remain_str: '14.8GB',
      total: 20480,
      is_third_party: false,
      action: null,
    });
    expect(bound?.expire_date).toBe(new Date((bound?.expire_timestamp ?? 0) * 1000).toISOString().slice(0, 10));
    expect(bound?.available_days).toBeGreaterThanOrEqual(20);
    expect(bound?.total_active).toBe(10);
    expect(body.data.card[2]).toMatchObject({ warn: '2 days' });
    expect(body.data.eid).toEqual([
      { eid: DEMO_EID, iccid: PROFILE, name: 'My phone', status: 'Activated', total_slot: 8, usage_slot: 1 },
    ]);
    expect(body.data.pool).toEqual([
      expect.objectContaining({
        id: DEMO_POOL_ID,
        name: 'Family plan',
        total_str: '50GB',
        total: 51200,
        remain_str: '31.5GB',
        used_pool_lines: 2,
        pool_lines: 5,
        status_str: 'Activated',
        total_active: 13,
      }),
    ]);
  });

  it('works under /eshop too and shows the second user only their own card', async () => {
    const { body } = await post<CardList>(t.app, '/v1/get/card/list', {}, { token: other.token });
    expect(body.data).toMatchObject({ esim: [], eid: [], pool: [] });
    expect(body.data.card.map((card) => card.iccid)).toEqual([OTHERS]);
    expect(JSON.stringify(body)).not.toMatch(/demo@example\.com|89880000000000000001|demo-pool/);
  });
});

describe('getUnbindList', () => {
  it('lists unbound cards with the user e-mail or bought by the user, never another account list', async () => {
    const empty = await post<{ list: string[] }>(t.app, '/v1/get/card/list/unbind', {}, { ...API, token: demo.token });
    expect(empty.body).toEqual({ code: 10000, message: 'success', data: { list: DEMO_UNBOUND } });
    await t.db.query(`UPDATE cards SET email = 'Demo@Example.com' WHERE iccid = $1`, [READY]);
    await t.db.query(
      `INSERT INTO orders (user_id, iccid, package_id, amount, currency, status, provider)
       VALUES ($1, $2, (SELECT min(id) FROM packages), 100, 'USD', 'paid', 'sandbox')`,
      [demo.user_id, UNLIMITED],
    );
    const { body } = await post<{ list: string[] }>(
      t.app,
      '/v1/get/card/list/unbind',
      {},
      { ...API, token: demo.token },
    );
    expect(body.data.list).toEqual([READY, UNLIMITED, ...DEMO_UNBOUND]);
    const others = await post<{ list: string[] }>(t.app, '/v1/get/card/list/unbind', {}, { token: other.token });
    expect(others.body.data.list).toEqual([]);
  });
});

describe('bindCard', () => {
  it('answers 10102 for an unknown ICCID', async () => {
    const { body } = await post(t.app, '/v1/bind/card', { iccid: UNKNOWN }, { ...API, token: demo.token });
    expect(body).toEqual({ code: 10102, message: 'card not found', data: null });
  });

  it('refuses a card bound to another account with 10024 and a clear message', async () => {
    const { body } = await post(t.app, '/v1/bind/card', { iccid: OTHERS }, { ...API, token: demo.token });
    expect(body).toEqual({ code: 10024, message: 'this card is already bound to another account', data: null });
    expect(await owner(OTHERS)).toBe(other.user_id);
    const back = await post(t.app, '/v1/bind/card', { iccid: BOUND }, { ...API, token: other.token });
    expect(back.body.code).toBe(10024);
    expect(JSON.stringify(back.body)).not.toContain('demo');
    expect(await owner(BOUND)).toBe(demo.user_id);
  });

  it('is idempotent on the caller own card and binds an unbound one', async () => {
    expect((await post(t.app, '/v1/bind/card', { iccid: BOUND }, { ...API, token: demo.token })).body.code).toBe(10000);
    expect((await post(t.app, '/v1/bind/card', { iccid: READY }, { ...API, token: demo.token })).body.code).toBe(10000);
    expect(await owner(READY)).toBe(demo.user_id);
    const { body } = await post<{ list: string[] }>(
      t.app,
      '/v1/get/card/list/unbind',
      {},
      { ...API, token: demo.token },
    );
    expect(body.data.list).toEqual([UNLIMITED, ...DEMO_UNBOUND]);
  });
});

describe('bindCardList', () => {
  it('does nothing for an empty list', async () => {
    const { body } = await post(t.app, '/v1/bind/card/batch', { iccids: [] }, { ...API, token: demo.token });
    expect(body).toEqual({ code: 10000, message: 'success', data: null });
  });

  it('binds every ICCID of the list', async () => {
    const { body } = await post(
      t.app,
      '/v1/bind/card/batch',
      { iccids: [UNLIMITED, SPEED_LIMITED, UNLIMITED] },
      { ...API, token: demo.token },
    );
    expect(body.code).toBe(10000);
    expect([await owner(UNLIMITED), await owner(SPEED_LIMITED)]).toEqual([demo.user_id, demo.user_id]);
  });

  it('binds nothing when one ICCID is taken or unknown', async () => {
    const taken = await post(t.app, '/v1/bind/card/batch', { iccids: [THIRD_PARTY, OTHERS] }, { token: demo.token });
    expect(taken.body).toMatchObject({ code: 10024, data: null });
    expect(taken.body.message).toContain(OTHERS);
    const unknown = await post(t.app, '/v1/bind/card/batch', { iccids: [THIRD_PARTY, UNKNOWN] }, { token: demo.token });
    expect(unknown.body.code).toBe(10102);
    expect(await owner(THIRD_PARTY)).toBeNull();
    expect(await owner(OTHERS)).toBe(other.user_id);
  });
});

describe('setCard and unbindCard', () => {
  it('renames the caller card; empty restores the default name', async () => {
    const rename = await post(t.app, '/v1/set/card', { iccid: READY, name: '  Work phone ' }, { token: demo.token });
    expect(rename.body.code).toBe(10000);
    let list = await post<CardList>(t.app, '/v1/get/card/list', {}, { token: demo.token });
    expect(list.body.data.card.find((card) => card.iccid === READY)?.name).toBe('Work phone');
    await post(t.app, '/v1/set/card', { iccid: READY, name: '' }, { token: demo.token });
    list = await post<CardList>(t.app, '/v1/get/card/list', {}, { token: demo.token });
    expect(list.body.data.card.find((card) => card.iccid === READY)?.name).toBe('');
  });

  it('refuses another account card, an unbound card and an unknown one', async () => {
    const others = await post(t.app, '/v1/set/card', { iccid: BOUND, name: 'Mine now' }, { token: other.token });
    expect(others.body).toEqual({ code: 10024, message: 'this belongs to another account', data: null });
    const unbound = await post(t.app, '/v1/set/card', { iccid: THIRD_PARTY, name: 'x' }, { token: demo.token });
    expect(unbound.body.code).toBe(10024);
    expect((await post(t.app, '/v1/set/card', { iccid: UNKNOWN, name: 'x' }, { token: demo.token })).body.code).toBe(
      10102,
    );
    const row = await t.db.one<{ name: string }>(`SELECT name FROM cards WHERE iccid = $1`, [BOUND]);
    expect(row?.name).toBe('Travel SIM');
  });

  it('unbinds the caller card (and takes it out of the caller pool) but never another account card', async () => {
    const refused = await post(t.app, '/v1/unbind/card', { iccid: IN_POOL }, { token: other.token });
    expect(refused.body.code).toBe(10024);
    expect(await owner(IN_POOL)).toBe(demo.user_id);
    const { body } = await post(t.app, '/v1/unbind/card', { iccid: IN_POOL }, { ...API, token: demo.token });
    expect(body.code).toBe(10000);
    expect(await owner(IN_POOL)).toBeNull();
    const list = await post<CardList>(t.app, '/v1/get/card/list', {}, { token: demo.token });
    expect(list.body.data.card.map((card) => card.iccid)).not.toContain(IN_POOL);
    expect(list.body.data.pool[0]).toMatchObject({ used_pool_lines: 1 });
    // Its e-mail is still the caller's, but a card the user removed is not offered for binding again ...
    const unbound = await post<{ list: string[] }>(t.app, '/v1/get/card/list/unbind', {}, { token: demo.token });
    expect(unbound.body.data.list).not.toContain(IN_POOL);
    // ... until they bind it again themselves.
    expect((await post(t.app, '/v1/bind/card', { iccid: IN_POOL }, { token: demo.token })).body.code).toBe(10000);
    expect(await owner(IN_POOL)).toBe(demo.user_id);
  });
});

describe('bindEid', () => {
  it('answers 10025 for an unknown slot and 10024 for another account slot', async () => {
    const unknown = await post(t.app, '/v1/esim/slot/add', { eid: UNKNOWN_EID }, { ...API, token: demo.token });
    expect(unknown.body).toEqual({ code: 10025, message: 'eSIM slot not found', data: null });
    const taken = await post(t.app, '/v1/esim/slot/add', { eid: DEMO_EID }, { ...API, token: other.token });
    expect(taken.body).toEqual({
      code: 10024,
      message: 'this eSIM slot is already bound to another account',
      data: null,
    });
    const own = await post(t.app, '/v1/esim/slot/add', { eid: DEMO_EID }, { ...API, token: demo.token });
    expect(own.body.code).toBe(10000);
  });

  it('binds a free slot with its unbound profiles', async () => {
    const eid = '89049032000000000000000000000077';
    const iccid = '89880000000000000777';
    await t.db.query(`INSERT INTO esim_slots (eid, agent_flag, name) VALUES ($1, '2', NULL)`, [eid]);
    await t.db.query(`INSERT INTO cards (iccid, agent_flag, card_kind, eid) VALUES ($1, '2', 2, $2)`, [iccid, eid]);
    await t.db.query(`INSERT INTO esim_profiles (eid, iccid, action) VALUES ($1, $2, 'enable')`, [eid, iccid]);
    expect((await post(t.app, '/v1/esim/slot/add', { eid }, { ...API, token: other.token })).body.code).toBe(10000);
    const { body } = await post<CardList>(t.app, '/v1/get/card/list', {}, { token: other.token });
    expect(body.data.eid).toEqual([{ eid, iccid, name: '', status: 'Ready', total_slot: 8, usage_slot: 1 }]);
    expect(body.data.esim.map((card) => card.iccid)).toEqual([iccid]);
  });
});

describe('unlock', () => {
  const IN_SERVICE = AGENT_1;
  const unlockCount = async (iccid: string) =>
    (await t.db.one<{ unlock_count: number }>(`SELECT unlock_count FROM cards WHERE iccid = $1`, [iccid]))
      ?.unlock_count;

  it('says there is nothing to unlock on a card in service, and counts nothing', async () => {
    expect((await post(t.app, '/card/unlock', { iccid: IN_SERVICE })).body).toEqual({
      code: 10000,
      message: 'success',
      data: { result: 'not_suspended', status_str: 'Activated' },
    });
    expect(await unlockCount(IN_SERVICE)).toBe(0);
  });

  it('lifts the network suspension and says so, and answers 10005 after the maximum', async () => {
    for (let i = 0; i < 3; i += 1) {
      await t.app.connectivity.provider.setSuspended(IN_SERVICE, true);
      expect((await post(t.app, '/card/unlock', { iccid: IN_SERVICE })).body.data).toEqual({
        result: 'unsuspended',
        status_str: 'Activated',
      });
      expect((await t.app.connectivity.provider.snapshot(IN_SERVICE)).status).toBe('Activated');
    }
    await t.app.connectivity.provider.setSuspended(IN_SERVICE, true);
    expect((await post(t.app, '/card/unlock', { iccid: IN_SERVICE })).body).toEqual({
      code: 10005,
      message: 'max unlock error',
      data: null,
    });
    expect((await t.app.connectivity.provider.snapshot(IN_SERVICE)).status).toBe('Suspension');
    expect(await unlockCount(IN_SERVICE)).toBe(3);
  });

  it('lets only the owner unlock a bound card', async () => {
    expect((await post(t.app, '/card/unlock', { iccid: SUSPENDED }, { token: other.token })).body.code).toBe(10024);
    expect((await post(t.app, '/card/unlock', { iccid: SUSPENDED })).body.code).toBe(10024);
    const mine = await post(t.app, '/card/unlock', { iccid: SUSPENDED }, { token: demo.token });
    expect(mine.body).toMatchObject({ code: 10000, data: { result: 'unsuspended', status_str: 'Activated' } });
    expect((await post(t.app, '/card/unlock', { iccid: UNKNOWN })).body.code).toBe(10102);
    expect(await unlockCount(SUSPENDED)).toBe(1);
  });
});

describe('setEmail and eidSetEmail', () => {
  it('binds a checked, lower-cased e-mail to the card', async () => {
    const { body } = await post(t.app, '/set/email', { email: 'Traveller@Example.org', iccid: SHORT });
    expect(body.code).toBe(10000);
    const row = await t.db.one<{ email: string }>(`SELECT email FROM cards WHERE iccid = $1`, [SHORT]);
    expect(row?.email).toBe('traveller@example.org');
  });

  it('rejects e-mails that break the rules with 10002', async () => {
    for (const email of ['no-at-sign', 'a@b', 'a@b.c', `${'a'.repeat(60)}@example.com`]) {
      const { status, body } = await post(t.app, '/set/email', { email, iccid: SHORT });
      expect([status, body.code]).toEqual([400, 10002]);
    }
  });

  it('refuses another account card and slot', async () => {
    const card = await post(t.app, '/set/email', { email: 'x@example.com', iccid: BOUND }, { token: other.token });
    expect(card.body.code).toBe(10024);
    const slot = await post(t.app, '/eid/setEmail', { email: 'x@example.com', eid: DEMO_EID }, { token: other.token });
    expect(slot.body.code).toBe(10024);
    const visitor = await post(t.app, '/eid/setEmail', { email: 'x@example.com', eid: DEMO_EID });
    expect(visitor.body.code).toBe(10024);
    const row = await t.db.one<{ email: string }>(`SELECT email FROM esim_slots WHERE eid = $1`, [DEMO_EID]);
    expect(row?.email).toBe('demo@example.com');
    expect((await post(t.app, '/eid/setEmail', { email: 'x@example.com', eid: UNKNOWN_EID })).body.code).toBe(10025);
  });

  it('lets the owner set the slot e-mail', async () => {
    const { body } = await post(t.app, '/eid/setEmail', { email: 'phone@example.com', eid: DEMO_EID }, demo);
    expect(body.code).toBe(10000);
    const row = await t.db.one<{ email: string }>(`SELECT email FROM esim_slots WHERE eid = $1`, [DEMO_EID]);
    expect(row?.email).toBe('phone@example.com');
  });
});

describe('sendEmail', () => {
  const orderId = async () =>
    String((await t.db.one<{ id: number }>(`SELECT id FROM orders WHERE provider_ref = 'demo-order-1'`))?.id);

  it('mails the order to the owner through the mailer and logs it', async () => {
    const before = t.mailer.sent.length;
    const { body } = await post(
      t.app,
      '/send/email',
      { id: await orderId(), email: 'me@example.com', lang: 'en' },
      { token: demo.token },
    );
    expect(body.code).toBe(10000);
    const mail = t.mailer.sent[before];
    expect(mail).toMatchObject({ to: 'me@example.com', template: 'order' });
    // The package as the shop titles it (payments/package-name.ts).
    expect(mail?.text).toContain('Package: 20 GB');
    expect(mail?.text).toContain(BOUND);
    expect(mail?.text).toContain('$39.00');
    const log = await t.db.one(`SELECT 1 FROM mail_log WHERE to_address = 'me@example.com' AND sent_at IS NOT NULL`);
    expect(log).toBeDefined();
  });

  it('answers 10025 errorOrderId for a missing or malformed order id', async () => {
    for (const id of ['999999', 'abc', ' ']) {
      const { body } = await post(t.app, '/send/email', { id, email: 'me@example.com', lang: 'en' }, demo);
      expect(body).toEqual({ code: 10025, message: 'errorOrderId', data: null });
    }
  });

  it('refuses another account order and mails nothing', async () => {
    const before = t.mailer.sent.length;
    const id = await orderId();
    const others = await post(t.app, '/send/email', { id, email: 'x@example.com', lang: 'en' }, other);
    expect(others.body).toEqual({ code: 10024, message: 'this belongs to another account', data: null });
    const visitor = await post(t.app, '/send/email', { id, email: 'demo@example.com', lang: 'en' });
    expect(visitor.body.code).toBe(10024);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('lets a visitor resend an order of an unbound card to the address on file only', async () => {
    const row = await t.db.one<{ id: number }>(
      `INSERT INTO orders (iccid, package_id, amount, currency, status, provider, email)
       VALUES ($1, (SELECT min(id) FROM packages), 500, 'USD', 'fulfilled', 'sandbox', 'buyer@example.com') RETURNING id`,
      [AGENT_1],
    );
    const id = String(row?.id);
    expect((await post(t.app, '/send/email', { id, email: 'buyer@example.com', lang: 'de' })).body.code).toBe(10000);
    expect((await post(t.app, '/send/email', { id, email: 'thief@example.com', lang: 'en' })).body.code).toBe(10024);
  });
});

describe('pkgRecord', () => {
  it('splits the records into active, init and stop/invalid with formatted expiry', async () => {
    const { body } = await post<Records>(t.app, '/pkg/record', { iccid: BOUND, lang: 'de' }, demo);
    expect(body.code).toBe(10000);
    expect(body.data.list1).toEqual([
      expect.objectContaining({ name: '20 GB', status_str: 'active', total_str: '20GB' }),
    ]);
    expect(body.data.list1[0]?.expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.data.list2).toEqual([expect.objectContaining({ status_str: 'init', expire_date: '' })]);
    expect(body.data.list3).toEqual([expect.objectContaining({ status_str: 'stop' })]);
    const invalid = await post<Records>(t.app, '/pkg/record', { iccid: SUSPENDED, lang: 'en' }, demo);
    expect(invalid.body.data.list3.map((record) => record.status_str)).toEqual(['invalid']);
  });

  it('names each package as the shop, pay page and orders do, in the language asked for', async () => {
    const names = (records: Records) =>
      [...records.list1, ...records.list2, ...records.list3].map((record) => record.name);
    // The version-2 card page's list shows the package cards' titles: '20 GB', never 'Europa 20 GB monatlich'
    // (the record bought through an order and the two without one alike).
    const german = await post<Records>(t.app, '/pkg/record', { iccid: BOUND, lang: 'de' }, demo);
    expect(names(german.body.data)).toEqual(['20 GB', '5 GB', '1 GB']);
    const english = await post<Records>(t.app, '/pkg/record', { iccid: BOUND, lang: 'en' }, demo);
    expect(names(english.body.data)).toEqual(['20 GB', '5 GB', '1 GB']);
    expect(JSON.stringify(german.body.data)).not.toMatch(/Europa|monatlich|Starter/);
    const orders = await post<{ list: Array<{ name: string }> }>(
      t.app,
      '/pay/order/list',
      { iccid: BOUND, lang: 'de' },
      demo,
    );
    expect(orders.body.data.list.map((order) => order.name)).toContain(german.body.data.list1[0]?.name);
    // The version-1 card page lists names only: its records keep that name, in the language asked for.
    const old = await post<Records>(t.app, '/pkg/record', { iccid: AGENT_1, lang: 'de' });
    expect(names(old.body.data)).toEqual(['Starter 1 GB']);
    const spanish = await post<Records>(t.app, '/pkg/record', { iccid: SUSPENDED, lang: 'es' }, demo);
    expect(names(spanish.body.data)).toEqual(['5 GB']);
    // An eSIM profile's records as the eSIM shop titled its package: '3 GB', not 'eSIM Weltweit 3 GB'.
    const profile = await post<Records>(t.app, '/pkg/record', { iccid: PROFILE, lang: 'de' }, demo);
    expect(names(profile.body.data)).toEqual(['3 GB']);
  });

  it('shows an unbound card to the ICCID holder and a bound one to its owner only', async () => {
    const visitor = await post<Records>(t.app, '/pkg/record', { iccid: THIRD_PARTY, lang: 'en' });
    expect(visitor.body).toEqual({ code: 10000, message: 'success', data: { list1: [], list2: [], list3: [] } });
    expect((await post(t.app, '/pkg/record', { iccid: BOUND, lang: 'en' }, other)).body.code).toBe(10024);
    expect((await post(t.app, '/pkg/record', { iccid: BOUND, lang: 'en' })).body).toEqual({
      code: 10024,
      message: 'log in with the account this belongs to',
      data: null,
    });
    expect((await post(t.app, '/pkg/record', { iccid: UNKNOWN, lang: 'en' })).body.code).toBe(10102);
  });
});

describe('a second user on the first user cards', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['/v1/bind/card', { iccid: BOUND }],
    ['/v1/bind/card/batch', { iccids: [BOUND, SUSPENDED] }],
    ['/v1/set/card', { iccid: BOUND, name: 'stolen' }],
    ['/v1/unbind/card', { iccid: BOUND }],
    ['/v1/esim/slot/add', { eid: DEMO_EID }],
    ['/card/unlock', { iccid: BOUND }],
    ['/set/email', { email: 'thief@example.com', iccid: BOUND }],
    ['/eid/setEmail', { email: 'thief@example.com', eid: DEMO_EID }],
    ['/pkg/record', { iccid: BOUND, lang: 'en' }],
    ['/message/activity/linkData', { id: 1, iccid: BOUND }],
    ['/message/activity/cardAlert', { iccid: BOUND, lang: 'en' }],
    ['/event', { name: 'banner', iccid: BOUND }],
    ['/echat/click', { iccid: BOUND }],
  ];
  it.each(calls)('%s is refused with 10024 and leaks nothing', async (path, body) => {
    const { status, body: answer } = await post(t.app, path, body, { token: other.token });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ code: 10024, data: null });
    expect(JSON.stringify(answer)).not.toMatch(/demo|Travel SIM|My phone/);
  });

  it('left the first user cards as they were', async () => {
    const row = await t.db.one<{ user_id: number; name: string; email: string; unlock_count: number }>(
      `SELECT user_id, name, email, unlock_count FROM cards WHERE iccid = $1`,
      [BOUND],
    );
    expect(row).toEqual({ user_id: demo.user_id, name: 'Travel SIM', email: 'demo@example.com', unlock_count: 0 });
    const list = await post<CardList>(t.app, '/v1/get/card/list', {}, { token: demo.token });
    expect(list.body.data.card.map((card) => card.iccid)).toContain(BOUND);
  });
});
