import { buildApp } from '../../src/app';
import { DEFAULT_GUESSING_LIMITS, clientBucket, identifiersIn, type GuessingLimits } from '../../src/plugins/guessing';
import { sweepCounters } from '../../src/plugins/rate-limit-store';
import { DEMO_EID } from '../../src/seed';
import { createMemoryMailer } from '../../src/mail';
import { createTestApp, loginDemo, post, testClock, type TestApp } from '../helpers/app';

// Issue 23, guessing: the ICCID of an unbound card (the EID of an unbound slot) is its only secret. Every call that
// takes one is limited per client IP and per account (counted in PostgreSQL, so across instances); a miss costs
// more; get/card never says whose a card is; a batch bind is small.

const BOUND = '89880000000000000001';
const READY = '89880000000000000002';
const OTHERS = '89880000000000000008';
const UNKNOWN = '89880000000000009999';
const UNKNOWN_EID = '89049032000000000000000000000000';
const API = { prefix: '/eshop/api' } as const;
const LIMITED = { code: 10007, message: 'too many requests, please try again later', data: null };

const NO_LIMITS: GuessingLimits = {
  perIp: 0,
  perAccount: 0,
  windowMs: 60_000,
  missesPerIp: 0,
  missesPerAccount: 0,
  missWindowMs: 15 * 60_000,
};

let t: TestApp;
const clock = testClock();
/** The limits the app under test reads; each test sets the ones it is about. */
const limits: GuessingLimits = { ...NO_LIMITS };
let demo: { token: string; user_id: number };
let other: { token: string; user_id: number };
let ipCounter = 0;
/** A client address no earlier test used. */
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

beforeAll(async () => {
  // The app reads `limits` at each call (the object is the app's own), so a test changes them in place.
  t = await createTestApp({ clock: clock.now, guessing: limits });
  demo = await loginDemo(t.app);
  other = await loginDemo(t.app, 'other@example.com', 'other-password-1');
});
afterAll(async () => t.close());
beforeEach(() => {
  Object.assign(limits, NO_LIMITS);
  clock.advance(3600_000);
});

const checkCard = (iccid: string, ip: string, token?: string) =>
  post(t.app, '/check/card', { flag: '2', iccid }, { ip, token });

describe('get/card says whose a card is only to its owner', () => {
  const ownerOf = async (iccid: string, token?: string) =>
    (await post<{ user_id: number }>(t.app, '/get/card', { flag: '2', iccid, lang: 'en' }, { token })).body.data
      .user_id;

  it('0 unbound, the caller on their own card, -1 on anyone else’s (a visitor or another account)', async () => {
    expect(await ownerOf(READY)).toBe(0);
    expect(await ownerOf(READY, demo.token)).toBe(0);
    expect(await ownerOf(BOUND, demo.token)).toBe(demo.user_id);
    expect(await ownerOf(BOUND)).toBe(-1);
    expect(await ownerOf(BOUND, other.token)).toBe(-1);
    expect(await ownerOf(OTHERS, demo.token)).toBe(-1);
    expect(await ownerOf(OTHERS, other.token)).toBe(other.user_id);
  });
});

describe('per client IP', () => {
  it('limits lookups, leaves other clients alone, and resets with the window', async () => {
    limits.perIp = 3;
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await checkCard(BOUND, ip)).body.code).toBe(10000);
    const limited = await checkCard(BOUND, ip);
    expect([limited.status, limited.body]).toEqual([429, LIMITED]);
    expect((await checkCard(BOUND, freshIp())).body.code).toBe(10000);
    clock.advance(60_000);
    expect((await checkCard(BOUND, ip)).body.code).toBe(10000);
  });

  it('counts a miss more: once the misses are spent, a right guess waits too', async () => {
    limits.missesPerIp = 3;
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await checkCard(`898800000000000090${i}0`, ip)).body.code).toBe(10102);
    const rightGuess = await checkCard(READY, ip);
    expect([rightGuess.status, rightGuess.body]).toEqual([429, LIMITED]);
    // Successes do not spend the allowance of misses.
    const other = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await checkCard(READY, other)).body.code).toBe(10000);
    clock.advance(15 * 60_000);
    expect((await checkCard(READY, ip)).body.code).toBe(10000);
  });

  it('limits every call that takes an ICCID or EID, not just get/card', async () => {
    limits.perIp = 1;
    const calls: Array<[string, unknown, { prefix?: '/eshop/api'; token?: string }]> = [
      ['/get/card', { flag: '2', iccid: READY, lang: 'en' }, {}],
      ['/check/card', { flag: '2', iccid: READY }, {}],
      ['/refresh/card', { flag: '2', iccid: READY }, {}],
      ['/get/agent', { iccid: READY }, {}],
      ['/get/pkg', { iccid: READY, lang: 'en', ccy: 'USD' }, {}],
      ['/pkg/record', { iccid: READY, lang: 'en' }, {}],
      ['/card/unlock', { iccid: UNKNOWN }, {}],
      ['/eid/info', { eid: DEMO_EID }, {}],
      ['/eid/profileList', { eid: DEMO_EID }, {}],
      ['/v1/bind/card', { iccid: OTHERS }, { ...API, token: demo.token }],
      ['/v1/bind/card/batch', { iccids: [OTHERS] }, { ...API, token: demo.token }],
      ['/v1/esim/slot/add', { eid: UNKNOWN_EID }, { ...API, token: demo.token }],
    ];
    for (const [path, body, options] of calls) {
      const ip = freshIp();
      const first = await post(t.app, path, body, { ...options, ip });
      expect([path, first.body.code]).not.toEqual([path, 10007]);
      const second = await post(t.app, path, body, { ...options, ip });
      expect([path, second.status, second.body]).toEqual([path, 429, LIMITED]);
    }
  });
});

describe('per account', () => {
  it('limits an account whichever IPs it uses, and a visitor on the same IPs is not held', async () => {
    limits.perAccount = 3;
    for (let i = 0; i < 3; i += 1) expect((await checkCard(BOUND, freshIp(), demo.token)).body.code).toBe(10000);
    expect((await checkCard(BOUND, freshIp(), demo.token)).body).toEqual(LIMITED);
    expect((await checkCard(BOUND, freshIp(), other.token)).body.code).toBe(10000);
    expect((await checkCard(BOUND, freshIp())).body.code).toBe(10000);
  });

  it('counts bind misses per account: then even a bind of a real unbound card waits', async () => {
    limits.missesPerAccount = 2;
    const bind = (iccid: string) =>
      post(t.app, '/v1/bind/card', { iccid }, { ...API, token: other.token, ip: freshIp() });
    expect((await bind(UNKNOWN)).body.code).toBe(10102);
    expect((await bind('89880000000000009998')).body.code).toBe(10102);
    expect((await bind(READY)).body).toEqual(LIMITED);
    expect((await t.db.one(`SELECT user_id FROM cards WHERE iccid = $1`, [READY]))?.user_id).toBeNull();
  });

  it('counts EID misses on slot add the same way', async () => {
    limits.missesPerAccount = 1;
    const add = (eid: string) =>
      post(t.app, '/v1/esim/slot/add', { eid }, { ...API, token: other.token, ip: freshIp() });
    expect((await add(UNKNOWN_EID)).body.code).toBe(10025);
    expect((await add(DEMO_EID)).body).toEqual(LIMITED);
  });
});

describe('batch bind', () => {
  it('takes at most 20 ICCIDs a call', async () => {
    const iccids = Array.from({ length: 21 }, (_, i) => `8988000000000010${String(i).padStart(4, '0')}`);
    const tooMany = await post(t.app, '/v1/bind/card/batch', { iccids }, { ...API, token: demo.token });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 10002]);
  });

  it('counts each ICCID of a batch as a lookup, and a failed batch as a miss for each', async () => {
    limits.missesPerIp = 5;
    const ip = freshIp();
    const iccids = Array.from({ length: 5 }, (_, i) => `8988000000000020${String(i).padStart(4, '0')}`);
    const failed = await post(t.app, '/v1/bind/card/batch', { iccids }, { ...API, token: demo.token, ip });
    expect(failed.body.code).toBe(10102);
    expect((await checkCard(READY, ip)).body).toEqual(LIMITED);

    limits.missesPerIp = 0;
    limits.perIp = 4;
    const counted = await post(t.app, '/v1/bind/card/batch', { iccids }, { ...API, token: demo.token, ip: freshIp() });
    expect(counted.body).toEqual(LIMITED);
  });
});

describe('several instances', () => {
  it('share the counters (PostgreSQL), so a second api instance does not double the allowance', async () => {
    limits.perIp = 2;
    const second = await buildApp({ db: t.db, mailer: createMemoryMailer(), clock: clock.now, guessing: limits });
    try {
      const ip = freshIp();
      expect((await checkCard(BOUND, ip)).body.code).toBe(10000);
      expect((await post(second, '/check/card', { flag: '2', iccid: BOUND }, { ip })).body.code).toBe(10000);
      expect((await checkCard(BOUND, ip)).body).toEqual(LIMITED);
      expect((await post(second, '/check/card', { flag: '2', iccid: BOUND }, { ip })).body).toEqual(LIMITED);
    } finally {
      await second.close();
    }
  });
});

describe('the counters table', () => {
  it('keeps only recent clients: counters long over are dropped', async () => {
    const now = clock.now().getTime();
    await t.db.query(`INSERT INTO rate_limits (key, window_started_ms, hits) VALUES ($1, $2, 1), ($3, $4, 1)`, [
      'guess:ip:192.0.2.200',
      now - 3 * 86_400_000,
      'guess:ip:192.0.2.201',
      now - 60_000,
    ]);
    expect(await sweepCounters(t.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.db.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'guess:ip:192.0.2.20%'`);
    expect(left.map((row) => row.key)).toEqual(['guess:ip:192.0.2.201']);
  });
});

describe('defaults and parts', () => {
  it('limits by default: lookups for many card pages a minute, few misses', () => {
    expect(DEFAULT_GUESSING_LIMITS).toEqual({
      perIp: 600,
      perAccount: 600,
      windowMs: 60_000,
      missesPerIp: 30,
      missesPerAccount: 30,
      missWindowMs: 15 * 60_000,
    });
  });

  it('counts the ICCIDs and EIDs a body names', () => {
    expect(identifiersIn({ flag: '2', iccid: READY })).toBe(1);
    expect(identifiersIn({ eid: DEMO_EID, iccid: READY })).toBe(2);
    expect(identifiersIn({ iccids: [READY, READY, BOUND] })).toBe(2);
    expect(identifiersIn({ lang: 'en' })).toBe(0);
    expect(identifiersIn(null)).toBe(0);
  });

  it('buckets IPv6 clients by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(clientBucket('203.0.113.5')).toBe('203.0.113.5');
    expect(clientBucket('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
