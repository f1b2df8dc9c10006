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
