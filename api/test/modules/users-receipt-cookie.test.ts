import { RECEIPT_COOKIE } from '../../src/modules/users/receipt-cookie';
import { createTestApp, lastCodeTo, post, signUp, testClock, type AuthSession, type TestApp } from '../helpers/app';

// The receipt cookie (modules/users/receipt-cookie.ts): set at every login for the site host's server rendering,
// cleared at logout and when a call finds the session ended, and never a login at the api itself.

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, sessionTtlHours: 24 });
});
afterAll(async () => t.close());

/** A call as the browser makes it through the site host: any cookies, a bearer or none, http or https. */
async function call(path: string, body: unknown, o: { token?: string; cookie?: string; https?: boolean } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.cookie) headers.cookie = o.cookie;
  // The site host's proxy says how the browser came (trusted from loopback, where inject comes from).
  if (o.https) headers['x-forwarded-proto'] = 'https';
  const response = await t.app.inject({ method: 'POST', url: `/eshop${path}`, headers, payload: JSON.stringify(body) });
  const setCookie = response.headers['set-cookie'];
  return {
    body: response.json<{ code: number; data: AuthSession & { email: string } }>(),
    cookie: Array.isArray(setCookie) ? setCookie.join('\n') : setCookie,
  };
}

const attributesOf = (cookie: string | undefined) => (cookie ?? '').split('; ').slice(1).sort();

const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };

describe('at login', () => {
  it('sets the receipt as an HttpOnly, SameSite=Lax cookie for the whole site, ending with the session', async () => {
    const login = await call('/user/auth/login', DEMO);
    expect(login.body.code).toBe(10000);
    expect(login.cookie).toMatch(new RegExp(`^${RECEIPT_COOKIE}=${encodeURIComponent(login.body.data.token)}; `));
    // Development over http: not Secure (the browser would drop it).
    expect(attributesOf(login.cookie)).toEqual(['HttpOnly', 'Max-Age=86400', 'Path=/', 'SameSite=Lax']);
  });

  it('marks it Secure when the browser came over https', async () => {
    const login = await call('/user/auth/login', DEMO, { https: true });
    expect(attributesOf(login.cookie)).toEqual(['HttpOnly', 'Max-Age=86400', 'Path=/', 'SameSite=Lax', 'Secure']);
  });

  it('sets none for a failed login', async () => {
    const wrong = await call('/user/auth/login', { ...DEMO, password: 'wrong-password' });
    expect(wrong.body.code).toBe(10026);
    expect(wrong.cookie).toBeUndefined();
  });

  it('sets it at sign-up and at a password reset too', async () => {
    const email = 'cookie.signup@example.com';
    await post(t.app, '/user/auth/getcode', { email, scene: 'signup' });
    const signup = await call('/user/auth/signup', {
      email,
      password: 'first-password',
      code: lastCodeTo(t.mailer, email),
    });
    expect(signup.body.code).toBe(10000);
    expect(signup.cookie).toContain(`${RECEIPT_COOKIE}=${encodeURIComponent(signup.body.data.token)};`);

    clock.advance(61_000);
    await post(t.app, '/user/auth/getcode', { email, scene: 'reset' });
    const reset = await call('/user/auth/reset', {
      email,
      code: lastCodeTo(t.mailer, email),
      password: 'second-password',
    });
    expect(reset.body.code).toBe(10000);
    expect(reset.cookie).toContain(`${RECEIPT_COOKIE}=${encodeURIComponent(reset.body.data.token)};`);
    expect(attributesOf(reset.cookie)).toContain('HttpOnly');
  });
});

describe('the cookie is no login', () => {
  it('a call with the cookie alone is a visitor: 10013 where a login is required', async () => {
    const { body } = await call('/user/auth/login', DEMO);
    const cookie = `${RECEIPT_COOKIE}=${encodeURIComponent(body.data.token)}`;
    const info = await call('/v1/user/info', {}, { cookie });
    expect(info.body.code).toBe(10013);
    // The same receipt as the bearer header is a login.
    const withBearer = await call('/v1/user/info', {}, { token: body.data.token, cookie });
    expect(withBearer.body.code).toBe(10000);
    expect(withBearer.body.data.email).toBe(DEMO.email);
    expect(withBearer.cookie).toBeUndefined();
  });
});

describe('at the end of a session', () => {
  it('logout and logout everywhere clear it', async () => {
    for (const path of ['/user/auth/logout', '/user/auth/logout/all']) {
      const { body } = await call('/user/auth/login', DEMO);
      const cookie = `${RECEIPT_COOKIE}=${encodeURIComponent(body.data.token)}`;
      const out = await call(path, {}, { token: body.data.token, cookie, https: true });
      expect(out.body.code).toBe(10000);
      expect(out.cookie).toMatch(new RegExp(`^${RECEIPT_COOKIE}=; `));
      expect(attributesOf(out.cookie)).toEqual(['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax', 'Secure']);
    }
  });

  it('a call that finds the session ended clears it; one without the cookie gets no Set-Cookie', async () => {
    const { token } = await signUp(t, 'cookie.ended@example.com');
    await post(t.app, '/user/auth/logout/all', {}, { token });
    const ended = await call('/v1/user/info', {}, { token, cookie: `${RECEIPT_COOKIE}=${encodeURIComponent(token)}` });
    expect(ended.body.code).toBe(10021);
    expect(ended.cookie).toMatch(new RegExp(`^${RECEIPT_COOKIE}=; .*Max-Age=0`));
    const withoutCookie = await call('/v1/user/info', {}, { token });
    expect(withoutCookie.body.code).toBe(10021);
    expect(withoutCookie.cookie).toBeUndefined();
  });
});
