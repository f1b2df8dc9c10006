import { loadConfig, trustedProxyList } from '../../src/config';
import { createTestApp, post, testClock, type TestApp } from '../helpers/app';

// Rate limits of the account calls (issue 8): per IP and call (@fastify/rate-limit, counted in PostgreSQL) and per
// address and call, whichever IPs the requests come from. Both answer 429/10007.

let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    authRateLimit: { max: 4, timeWindowMs: 60_000 },
    addressRateLimit: { max: 3, timeWindowMs: 60_000 },
  });
});
afterAll(async () => t.close());

const login = (email: string, password: string, ip: string) =>
  post(t.app, '/user/auth/login', { email, password }, { ip });
const getCode = (email: string, ip: string) => post(t.app, '/user/auth/getcode', { email, scene: 'signup' }, { ip });

describe('per address', () => {
  it('limits logins to one address from many IPs, leaves other addresses alone, and resets with the window', async () => {
    const attempt = (email: string, ip: string) => login(email, 'wrong-password', ip);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await attempt('demo@example.com', ip)).body.code).toBe(10026);
    }
    const limited = await attempt('Demo@Example.com', '10.0.0.4');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 10007, message: 'too many requests, please try again later', data: null });
    // Even the right password waits for the window: a guess that happens to be right learns nothing.
    expect((await login('demo@example.com', 'demo-password-1', '10.0.0.5')).body.code).toBe(10007);
    expect((await attempt('other@example.com', '10.0.0.6')).body.code).toBe(10026);

    clock.advance(60_000);
    expect((await attempt('demo@example.com', '10.0.0.7')).body.code).toBe(10026);
  });

  it('limits codes mailed to one address', async () => {
    const email = 'many.codes@example.com';
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      // the first is mailed; the next two fall in its 60 s cool-down
      expect((await getCode(email, ip)).body.code).toBe(ip === '10.1.0.1' ? 10000 : 10007);
    }
    clock.advance(59_000);
    const limited = await getCode(email, '10.1.0.4');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(10007);
  });
});

describe('per IP', () => {
  it('limits code requests per client, whatever the address, and leaves other clients alone', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 4; i += 1) {
      expect((await getCode(`ip.${i}@example.com`, ip)).body.code).toBe(10000);
    }
    const limited = await getCode('ip.4@example.com', ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 10007, message: 'too many requests, please try again later', data: null });
    expect((await getCode('ip.4@example.com', '10.2.0.2')).body.code).toBe(10000);
  });
});

// Issue 23: the client address comes only from trusted proxies, and the limits fail closed.
describe('trusted proxies', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      trustProxy: trustedProxyList('10.9.0.1, 10.8.0.0/16'),
      authRateLimit: { max: 2, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => proxied.close());

  const loginFrom = (remoteAddress: string, forwardedFor?: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/eshop/user/auth/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: JSON.stringify({ email: 'demo@example.com', password: 'wrong-password' }),
    });

  it("ignores an untrusted client's X-Forwarded-For: a new one per request does not get a new counter", async () => {
    const codes = [];
    for (const spoofed of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      codes.push((await loginFrom('198.51.100.20', spoofed)).json<{ code: number }>().code);
    }
    expect(codes).toEqual([10026, 10026, 10007]);
  });

  it('takes the client address from a trusted proxy (the last hop it did not add itself)', async () => {
    for (const client of ['192.0.2.10', '192.0.2.11']) {
      expect((await loginFrom('10.9.0.1', client)).json<{ code: number }>().code).toBe(10026);
    }
    // Through two trusted hops; what the client itself sent on the left is not believed.
    expect((await loginFrom('10.9.0.1', 'spoofed, 192.0.2.12, 10.8.3.4')).json<{ code: number }>().code).toBe(10026);
    expect((await loginFrom('10.9.0.1', 'other, 192.0.2.12, 10.8.3.4')).json<{ code: number }>().code).toBe(10026);
    expect((await loginFrom('10.9.0.1', 'again, 192.0.2.12, 10.8.3.4')).json<{ code: number }>().code).toBe(10007);
  });

  it('is configured as a list of addresses and CIDRs, default loopback; never "trust everyone"', () => {
    const env = { NODE_ENV: 'test' };
    expect(loadConfig(env).TRUSTED_PROXIES).toBe('loopback');
    expect(
      trustedProxyList(loadConfig({ ...env, TRUSTED_PROXIES: ' 10.0.0.1 , fd00::/8,loopback' }).TRUSTED_PROXIES),
    ).toEqual(['10.0.0.1', 'fd00::/8', 'loopback']);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => loadConfig({ ...env, TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    }
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: renamed TRUSTED_PROXIES/);
  });
});

describe('a counter store that fails', () => {
  /** Every write to the counters fails, as when the table is unreachable; undone by the returned function. */
  async function breakCounters(db: TestApp['db']): Promise<() => Promise<void>> {
    await db.query(`CREATE OR REPLACE FUNCTION test_counters_down() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'counters unreachable'; END $$`);
    await db.query(`CREATE TRIGGER test_counters_down BEFORE INSERT OR UPDATE ON rate_limits
      FOR EACH ROW EXECUTE FUNCTION test_counters_down()`);
    return async () => {
      await db.query(`DROP TRIGGER test_counters_down ON rate_limits`);
    };
  }

  it('refuses the account calls (503/10007) instead of letting them through uncounted', async () => {
    const restore = await breakCounters(t.db);
    try {
      const answers = [
        await login('demo@example.com', 'demo-password-1', '10.3.0.1'),
        await getCode('closed@example.com', '10.3.0.2'),
        await post(t.app, '/check/card', { flag: '2', iccid: '89880000000000000001' }, { ip: '10.3.0.3' }),
      ];
      for (const answer of answers) {
        expect([answer.status, answer.body]).toEqual([
          503,
          { code: 10007, message: 'too many requests, please try again later', data: null },
        ]);
      }
      expect(t.mailer.sent.filter((mail) => mail.to === 'closed@example.com')).toEqual([]);
    } finally {
      await restore();
    }
    expect((await login('demo@example.com', 'demo-password-1', '10.3.0.4')).body.code).toBe(10000);
  });
});
