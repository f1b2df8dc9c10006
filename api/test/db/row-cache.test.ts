import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Card } from 'shared-contracts';
import { CHANGE_CHANNEL, postgresFeed } from '../../src/db/index';
import { createRowCache } from '../../src/db/row-cache';
import { createTestApp, loginDemo, post, type TestApp } from '../helpers/app';

/** A database's change feed as the cache sees it, moved by the test. */
function feed() {
  const listeners = new Set<() => void>();
  let hears = true;
  return {
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    hearsOthers: () => hears,
    change: () => listeners.forEach((listener) => listener()),
    deaf(value: boolean) {
      hears = !value;
    },
  };
}

describe('the row cache', () => {
  it('reads a row once until a change is announced, and hands out copies', async () => {
    const db = feed();
    const cache = createRowCache<{ name: string }>(db);
    let reads = 0;
    const read = async () => ({ name: `read ${(reads += 1)}` });
    const first = await cache.get('a', read);
    expect(first).toEqual({ name: 'read 1' });
    first!.name = 'changed by a caller';
    expect(await cache.get('a', read)).toEqual({ name: 'read 1' });
    db.change();
    expect(await cache.get('a', read)).toEqual({ name: 'read 2' });
    // A missing row is remembered too, until a change.
    expect(await cache.get('none', async () => ((reads += 1), undefined))).toBeUndefined();
    expect(await cache.get('none', async () => ((reads += 1), { name: 'new' }))).toBeUndefined();
    db.change();
    expect(await cache.get('none', async () => ({ name: 'new' }))).toEqual({ name: 'new' });
  });

  it('keeps no read that was under way when a change was announced', async () => {
    const db = feed();
    const cache = createRowCache<{ v: number }>(db);
    let finish: (row: { v: number }) => void = () => undefined;
    const slow = cache.get('a', () => new Promise((resolve) => (finish = resolve)));
    db.change();
    finish({ v: 1 });
    expect(await slow).toEqual({ v: 1 });
    expect(await cache.get('a', async () => ({ v: 2 }))).toEqual({ v: 2 });
  });

  it('reads every time while other processes’ changes cannot be heard, and after its time', async () => {
    const db = feed();
    let clock = 0;
    const cache = createRowCache<{ v: number }>(db, { ttlMs: 1_000, now: () => clock });
    let reads = 0;
    const read = async () => ({ v: (reads += 1) });
    db.deaf(true);
    await cache.get('a', read);
    await cache.get('a', read);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
    db.deaf(false);
    await cache.get('a', read);
    await cache.get('a', read);
    expect(reads).toBe(3);
    clock = 1_000;
    expect(await cache.get('a', read)).toEqual({ v: 4 });
  });

  it('reads a row again from the time it stops being true, and copies it as asked', async () => {
    const db = feed();
    let clock = 0;
    const cache = createRowCache<{ rows: number[]; until: number | null }>(db, {
      now: () => clock,
      copy: structuredClone,
      keepUntil: (row) => row.until ?? undefined,
    });
    let reads = 0;
    const read = async () => ({ rows: [(reads += 1)], until: 500 });
    const first = await cache.get('a', read);
    first!.rows.push(99);
    clock = 499;
    expect(await cache.get('a', read)).toEqual({ rows: [1], until: 500 });
    clock = 500;
    expect(await cache.get('a', read)).toEqual({ rows: [2], until: 500 });
    // No end by the clock: the time to live still ends it.
    expect(await cache.get('b', async () => ({ rows: [], until: null }))).toEqual({ rows: [], until: null });
    clock = 500 + 29_999;
    expect(await cache.get('b', async () => ({ rows: [1], until: null }))).toEqual({ rows: [], until: null });
    clock = 500 + 30_000;
    expect(await cache.get('b', async () => ({ rows: [1], until: null }))).toEqual({ rows: [1], until: null });
  });

  it('keeps at most max rows, the oldest going first', async () => {
    const cache = createRowCache<{ k: string }>(feed(), { max: 2 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => ({ k }));
    expect(cache.size).toBe(2);
    let read = false;
    await cache.get('a', async () => ((read = true), { k: 'a' }));
    expect(read).toBe(true);
  });
});

const ICCID = '89880000000000000001';
const card = async (t: TestApp) =>
  (await post<Card>(t.app, '/get/card', { flag: '2', iccid: ICCID, lang: 'en' })).body.data;

describe("the card page's rows and the database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers a change this process made at once, in a statement or a transaction', async () => {
    expect((await card(t)).name).toBe('Travel SIM');
    await t.db.query(`UPDATE cards SET name = $1 WHERE iccid = $2`, ['Renamed', ICCID]);
    expect((await card(t)).name).toBe('Renamed');
    await t.db.tx(async (q) => {
      await q.query(`UPDATE cards SET name = $1 WHERE iccid = $2`, ['In a transaction', ICCID]);
    });
    expect((await card(t)).name).toBe('In a transaction');
    await t.db.query(`UPDATE cards SET name = 'Travel SIM' WHERE iccid = $1`, [ICCID]);
    expect((await card(t)).name).toBe('Travel SIM');
  });

  // Another process (another api instance, a job, an operator's SQL) writes on its own connection: PostgreSQL tells
  // this one (LISTEN esim_change). PGlite's data folder has no other process.
  (process.env.DATABASE_URL ? it : it.skip)('hears another process’s change on PostgreSQL', async () => {
    // The listening connection comes up beside the app.
    for (let i = 0; i < 100 && !t.db.hearsOthers(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.db.hearsOthers()).toBe(true);
    expect((await card(t)).name).toBe('Travel SIM');
    const schema = (await t.db.one<{ schema: string }>(`SELECT current_schema() AS schema`))?.schema;
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${schema}` });
    await other.connect();
    try {
      await other.query(`UPDATE cards SET name = 'Elsewhere' WHERE iccid = $1`, [ICCID]);
      const deadline = Date.now() + 3_000;
      let seen = (await card(t)).name;
      while (seen !== 'Elsewhere' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = (await card(t)).name;
      }
      expect(seen).toBe('Elsewhere');
    } finally {
      await other.query(`UPDATE cards SET name = 'Travel SIM' WHERE iccid = $1`, [ICCID]);
      await other.end();
    }
  });
});

interface NoticeList {
  list: Array<{ title: string }>;
}
interface PackageList {
  newList: Array<{ id: number; price: number }>;
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the shop's lists, adverts and notices kept in memory", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const notices = async () =>
    (await post<NoticeList>(t.app, '/get/notice', { iccid: '89880000000000000002', lang: 'en' })).body.data.list.map(
      (notice) => notice.title,
    );
  const packages = async () =>
    (await post<PackageList>(t.app, '/get/pkg', { iccid: '89880000000000000002', lang: 'en', ccy: 'USD' })).body.data
      .newList;

  it('shows a price changed in this process at once', async () => {
    const [first] = await packages();
    expect(first).toBeDefined();
    const before = await t.db.one<{ amount: number }>(
      `SELECT amount FROM package_prices WHERE package_id = $1 AND currency = 'USD'`,
      [first!.id],
    );
    await t.db.query(`UPDATE package_prices SET amount = amount + 1 WHERE package_id = $1 AND currency = 'USD'`, [
      first!.id,
    ]);
    try {
      const after = (await packages()).find((pkg) => pkg.id === first!.id);
      expect(after?.price).toBe(first!.price + 1);
    } finally {
      await t.db.query(`UPDATE package_prices SET amount = $2 WHERE package_id = $1 AND currency = 'USD'`, [
        first!.id,
        before!.amount,
      ]);
    }
  });

  it('shows a notice from its start and hides it from its end, with no write in between', async () => {
    const start = Date.now() + 1_000;
    const inserted = await t.db.one<{ id: number }>(
      `INSERT INTO notices (title, content, starts_at, ends_at) VALUES ('Soon', 'For a second', $1, $2) RETURNING id`,
      [new Date(start), new Date(start + 1_000)],
    );
    try {
      expect(await notices()).not.toContain('Soon');
      expect(await notices()).not.toContain('Soon');
      await wait(start - Date.now() + 50);
      expect(await notices()).toContain('Soon');
      await wait(start + 1_000 - Date.now() + 50);
      expect(await notices()).not.toContain('Soon');
    } finally {
      await t.db.query(`DELETE FROM notices WHERE id = $1`, [inserted!.id]);
    }
  });

  (process.env.DATABASE_URL ? it : it.skip)('hears another process’s notice on PostgreSQL', async () => {
    for (let i = 0; i < 100 && !t.db.hearsOthers(); i += 1) await wait(20);
    expect(await notices()).not.toContain('From elsewhere');
    const schema = (await t.db.one<{ schema: string }>(`SELECT current_schema() AS schema`))?.schema;
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${schema}` });
    await other.connect();
    try {
      await other.query(`INSERT INTO notices (title, content) VALUES ('From elsewhere', 'Another instance')`);
      const deadline = Date.now() + 3_000;
      let seen = await notices();
      while (!seen.includes('From elsewhere') && Date.now() < deadline) {
        await wait(20);
        seen = await notices();
      }
      expect(seen).toContain('From elsewhere');
    } finally {
      await other.query(`DELETE FROM notices WHERE title = 'From elsewhere'`);
      await other.end();
    }
  });
});

// A connection that accepts LISTEN but is never told (a transaction-mode pooler) must not count as hearing.
(process.env.DATABASE_URL ? describe : describe.skip)("PostgreSQL's change feed", () => {
  const config = { connectionString: process.env.DATABASE_URL };

  it('hears once its probe, sent on another connection, has come back', async () => {
    const sender = new pg.Client(config);
    await sender.connect();
    const feed = postgresFeed(config, (payload) => sender.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, payload]));
    let changes = 0;
    try {
      feed.start(() => (changes += 1));
      for (let i = 0; i < 100 && !feed.hears(); i += 1) await wait(20);
      expect(feed.hears()).toBe(true);
      const before = changes;
      await sender.query(`NOTIFY ${CHANGE_CHANNEL}, 'cards'`);
      for (let i = 0; i < 100 && changes === before; i += 1) await wait(20);
      expect(changes).toBeGreaterThan(before);
    } finally {
      await feed.stop();
      await sender.end();
    }
    expect(feed.hears()).toBe(false);
  });

  it('does not hear while its probe never comes back', async () => {
    const feed = postgresFeed(config, async () => undefined);
    try {
      feed.start(() => undefined);
      await wait(500);
      expect(feed.hears()).toBe(false);
    } finally {
      await feed.stop();
    }
  });
});

interface CardList {
  card: Array<{ iccid: string; name: string }>;
  eid: Array<{ eid: string; name: string }>;
}

describe('the card list and the receipt kept in memory', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await loginDemo(t.app));
  });
  afterAll(async () => t.close());

  const list = async () => (await post<CardList>(t.app, '/v1/get/card/list', {}, { prefix: '/eshop/api', token })).body;
  const unbound = async () =>
    (await post<{ list: string[] }>(t.app, '/v1/get/card/list/unbind', {}, { prefix: '/eshop/api', token })).body.data
      .list;
  const info = async () => (await post(t.app, '/v1/user/info', {}, { token })).body.code;
  const tokenHash = () => createHash('sha256').update(token).digest('hex');

  it('answers a card renamed, a card unbound and a receipt ended in this process at once', async () => {
    const [first] = (await list()).data.card;
    expect(first).toBeDefined();
    await t.db.query(`UPDATE cards SET name = 'Renamed here' WHERE iccid = $1`, [first!.iccid]);
    expect((await list()).data.card.find((c) => c.iccid === first!.iccid)?.name).toBe('Renamed here');
    await t.db.query(`UPDATE cards SET name = $2 WHERE iccid = $1`, [first!.iccid, first!.name]);

    const offered = await unbound();
    expect(offered.length).toBeGreaterThan(0);
    const user = await t.db.one<{ id: number }>(`SELECT id FROM users WHERE email = 'demo@example.com'`);
    await t.db.query(`INSERT INTO card_unbinds (user_id, iccid) VALUES ($1, $2)`, [user!.id, offered[0]]);
    expect(await unbound()).not.toContain(offered[0]);
    await t.db.query(`DELETE FROM card_unbinds WHERE user_id = $1 AND iccid = $2`, [user!.id, offered[0]]);
    expect(await unbound()).toEqual(offered);

    expect(await info()).toBe(10000);
    await t.db.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'all' WHERE token_hash = $1`, [
      tokenHash(),
    ]);
    try {
      expect(await info()).toBe(10021);
      expect((await list()).code).toBe(10021);
    } finally {
      await t.db.query(`UPDATE sessions SET revoked_at = NULL, revoked_reason = NULL WHERE token_hash = $1`, [
        tokenHash(),
      ]);
    }
    expect(await info()).toBe(10000);
  });

  // Another api instance ends the receipt (logout everywhere) or renames the user's eSIM slot: this one hears it
  // (migration 021's tables announce their changes) and stops answering from memory.
  (process.env.DATABASE_URL ? it : it.skip)('hears another process end the receipt and rename a slot', async () => {
    for (let i = 0; i < 100 && !t.db.hearsOthers(); i += 1) await wait(20);
    expect(t.db.hearsOthers()).toBe(true);
    const [slot] = (await list()).data.eid;
    expect(slot).toBeDefined();
    expect(await info()).toBe(10000);
    const schema = (await t.db.one<{ schema: string }>(`SELECT current_schema() AS schema`))?.schema;
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${schema}` });
    await other.connect();
    const until = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 3_000;
      while (!(await check()) && Date.now() < deadline) await wait(20);
      return check();
    };
    try {
      await other.query(`UPDATE esim_slots SET name = 'Elsewhere' WHERE eid = $1`, [slot!.eid]);
      expect(await until(async () => (await list()).data.eid[0]?.name === 'Elsewhere')).toBe(true);
      await other.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'all' WHERE token_hash = $1`, [
        tokenHash(),
      ]);
      expect(await until(async () => (await info()) === 10021)).toBe(true);
    } finally {
      await other.query(`UPDATE esim_slots SET name = $2 WHERE eid = $1`, [slot!.eid, slot!.name]);
      await other.query(`UPDATE sessions SET revoked_at = NULL, revoked_reason = NULL WHERE token_hash = $1`, [
        tokenHash(),
      ]);
      await other.end();
    }
  });
});
