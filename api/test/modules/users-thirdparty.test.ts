import { randomBytes } from 'node:crypto';
import { facebookId } from '@esim/oidc-demo/facebook-id';
import { RECEIPT_COOKIE } from '../../src/modules/users/receipt-cookie';
import { createThirdPartyLogin } from '../../src/modules/users/thirdparty';
import { createTestApp, loginDemo, post, testClock, type AuthSession, type TestApp } from '../helpers/app';
import { signInAtProvider, startLocalProvider, type LocalProvider } from '../helpers/oidc';

const CALLBACK = 'http://localhost:8080/user/login/callback';
const GOOGLE = { client_id: 'shop-google', client_secret: randomBytes(16).toString('hex') };
const FACEBOOK = { client_id: 'shop-facebook', client_secret: randomBytes(16).toString('hex') };

let provider: LocalProvider;
let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  provider = await startLocalProvider([
    { ...GOOGLE, redirect_uris: [CALLBACK] },
    { ...FACEBOOK, redirect_uris: [CALLBACK] },
  ]);
  t = await createTestApp({
    clock: clock.now,
    thirdParty: {
      // Google's configuration pointed at the local provider: discovery, code + PKCE, ID token with nonce.
      google: { issuer: provider.issuer, clientId: GOOGLE.client_id, clientSecret: GOOGLE.client_secret },
      // Facebook's: OAuth 2 endpoints and the Graph-shaped `me`.
      facebook: {
        clientId: FACEBOOK.client_id,
        clientSecret: FACEBOOK.client_secret,
        authorizationUrl: `${provider.issuer}/auth`,
        tokenUrl: `${provider.issuer}/token`,
        userinfoUrl: `${provider.issuer}/graph/me?fields=id,name,email`,
      },
      redirectUris: [CALLBACK],
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

async function start(providerName: 'google' | 'facebook', redirect_uri = CALLBACK) {
  return post<{ url: string; state: string }>(t.app, '/user/auth/login/thirdparty/start', {
    provider: providerName,
    redirect_uri,
  });
}

/** The whole round trip as a browser makes it: start, sign in at the provider, back to our callback. */
async function signIn(providerName: 'google' | 'facebook', email: string) {
  const started = await start(providerName);
  expect(started.body.code).toBe(10000);
  const callback = await signInAtProvider(started.body.data.url, email);
  return {
    started: started.body.data,
    callback,
    finish: (overrides: Record<string, string> = {}) =>
      post<AuthSession>(t.app, '/user/auth/login/thirdparty', {
        provider: providerName,
        code: callback.searchParams.get('code') ?? '',
        state: callback.searchParams.get('state') ?? '',
        redirect_uri: CALLBACK,
        ...(callback.searchParams.get('iss') ? { iss: callback.searchParams.get('iss') } : {}),
        ...overrides,
      }),
  };
}

describe('getConfig', () => {
  it('names the configured providers (their client ids)', async () => {
    const { body } = await post<{ google: string; facebook: string }>(t.app, '/get/config', {
      url: 'http://localhost:8080/',
    });
    expect(body.data).toMatchObject({ google: GOOGLE.client_id, facebook: FACEBOOK.client_id });
  });
});

describe('Google (OpenID Connect) login', () => {
  it('starts with PKCE (S256), state and nonce at the configured provider', async () => {
    const { body } = await start('google');
    expect(body.code).toBe(10000);
    const url = new URL(body.data.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(GOOGLE.client_id);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBe(body.data.state);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('creates an account for a new verified e-mail and logs it in', async () => {
    const flow = await signIn('google', 'new.google@example.com');
    const { body, headers } = await flow.finish();
    expect(body.code).toBe(10000);
    expect(body.data.email).toBe('new.google@example.com');
    // The receipt cookie for the site's server rendering, as at any login (users-receipt-cookie.test.ts).
    expect(String(headers['set-cookie'])).toMatch(
      new RegExp(`^${RECEIPT_COOKIE}=${encodeURIComponent(body.data.token)}; .*HttpOnly; SameSite=Lax`),
    );

    const info = await post<{ email: string }>(t.app, '/v1/user/info', {}, { token: body.data.token });
    expect(info.body.data.email).toBe('new.google@example.com');

    // The same identity next time: the same account.
    const again = await (await signIn('google', 'new.google@example.com')).finish();
    expect(again.body.data.user_id).toBe(body.data.user_id);
  });

  it('links an existing account by its verified e-mail', async () => {
    const demo = await loginDemo(t.app);
    const { body } = await (await signIn('google', 'demo@example.com')).finish();
    expect(body.code).toBe(10000);
    expect(body.data.user_id).toBe(demo.user_id);
    const rows = await t.db.query<{ provider: string; user_id: number }>(
      `SELECT provider, user_id FROM user_identities WHERE email = 'demo@example.com'`,
    );
    expect(rows).toEqual([{ provider: 'google', user_id: demo.user_id }]);
  });

  it('checks the issuer the provider names in its response (RFC 9207 mix-up defence)', async () => {
    const flow = await signIn('google', 'mixup@example.com');
    expect(flow.callback.searchParams.get('iss')).toBe(provider.issuer);
    expect((await flow.finish({ iss: 'https://accounts.example' })).body.code).toBe(11023);
  });

  it('uses a state once: a replayed callback answers 11023', async () => {
    const flow = await signIn('google', 'replay@example.com');
    expect((await flow.finish()).body.code).toBe(10000);
    expect((await flow.finish()).body.code).toBe(11023);
  });

  it('refuses a state it never issued, one for another provider, and a forged code', async () => {
    const flow = await signIn('google', 'forged@example.com');
    expect((await flow.finish({ state: 'not-a-state-we-issued' })).body.code).toBe(11023);
    const otherProvider = await post(t.app, '/user/auth/login/thirdparty', {
      provider: 'facebook',
      code: flow.callback.searchParams.get('code'),
      state: flow.started.state,
      redirect_uri: CALLBACK,
    });
    expect(otherProvider.body.code).toBe(11023);
    // The state is still unused (the two calls above did not match it), but the provider refuses a wrong code.
    expect((await flow.finish({ code: 'forged-code' })).body.code).toBe(11023);
  });

  it("never logs one person in with another's sign-in: a state with someone else's code answers 11023", async () => {
    const first = await signIn('google', 'first.person@example.com');
    const second = await signIn('google', 'second.person@example.com');
    // The first browser's state (its PKCE verifier and nonce) with the second person's code: the exchange fails.
    const mixed = await first.finish({ code: second.callback.searchParams.get('code') ?? '' });
    expect(mixed.body.code).toBe(11023);
    const own = await second.finish();
    expect(own.body.data.email).toBe('second.person@example.com');
    const firstAgain = await (await signIn('google', 'first.person@example.com')).finish();
    expect(firstAgain.body.data.email).toBe('first.person@example.com');
    expect(firstAgain.body.data.user_id).not.toBe(own.body.data.user_id);
  });

  it('lets a started sign-in expire after 10 minutes', async () => {
    const flow = await signIn('google', 'slow@example.com');
    clock.advance(10 * 60_000 + 1_000);
    try {
      expect((await flow.finish()).body.code).toBe(11023);
    } finally {
      clock.advance(-(10 * 60_000 + 1_000));
    }
  });

  it('only sends the browser back to a callback page of this site', async () => {
    const { body } = await start('google', 'https://evil.example/user/login/callback');
    expect(body.code).toBe(10002);
    expect(JSON.stringify(body)).not.toContain('evil.example/user');
  });

  it('stores the state hashed, never as issued', async () => {
    const { body } = await start('google');
    const rows = await t.db.query<{ state_hash: string }>(`SELECT state_hash FROM oauth_logins`);
    expect(rows.some((row) => row.state_hash === body.data.state)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.state_hash))).toBe(true);
  });
});

describe('Facebook (OAuth 2) login', () => {
  it('asks for the e-mail scope without openid and logs in with the Graph identity', async () => {
    const flow = await signIn('facebook', 'fb.user@example.com');
    expect(new URL(flow.started.url).searchParams.get('scope')).toBe('email');
    expect(new URL(flow.started.url).searchParams.get('nonce')).toBeNull();
    const { body } = await flow.finish();
    expect(body.code).toBe(10000);
    expect(body.data.email).toBe('fb.user@example.com');
    const identity = await t.db.one<{ subject: string }>(
      `SELECT subject FROM user_identities WHERE provider = 'facebook' AND user_id = $1`,
      [body.data.user_id],
    );
    expect(identity?.subject).toBe(facebookId('fb.user@example.com'));
  });
});

describe('a provider that is not configured or not reachable', () => {
  it('answers 10002 for a provider without configuration', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      const config = await post<{ google: string; facebook: string }>(bare.app, '/get/config', {
        url: 'http://localhost:8080/',
      });
      expect(config.body.data).toMatchObject({ google: '', facebook: '' });
      const { body } = await post(bare.app, '/user/auth/login/thirdparty/start', {
        provider: 'google',
        redirect_uri: CALLBACK,
      });
      expect(body.code).toBe(10002);
      const finish = await post(bare.app, '/user/auth/login/thirdparty', {
        provider: 'facebook',
        code: 'x',
        state: 'y',
        redirect_uri: CALLBACK,
      });
      expect([finish.status, finish.body.code]).toEqual([200, 10002]);
    } finally {
      await bare.close();
    }
  });

  it('answers 10003 when the provider cannot be reached, without a stack trace', async () => {
    const down = await createTestApp({
      seed: false,
      thirdParty: { google: { issuer: 'http://127.0.0.1:9/', clientId: 'x' }, redirectUris: [CALLBACK] },
    });
    try {
      const { status, body } = await post(down.app, '/user/auth/login/thirdparty/start', {
        provider: 'google',
        redirect_uri: CALLBACK,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ code: 10003, message: 'system error', data: null });
    } finally {
      await down.close();
    }
  });

  it('rejects malformed input with 10002', async () => {
    const finish = { provider: 'google', code: 'x', state: 'y', redirect_uri: CALLBACK };
    for (const [path, body] of [
      ['/user/auth/login/thirdparty', { ...finish, provider: 'myspace' }],
      ['/user/auth/login/thirdparty', { ...finish, code: '' }],
      ['/user/auth/login/thirdparty', { ...finish, state: 's'.repeat(513) }],
      ['/user/auth/login/thirdparty', { ...finish, user_id: 1 }],
      ['/user/auth/login/thirdparty/start', { provider: 'myspace', redirect_uri: CALLBACK }],
      ['/user/auth/login/thirdparty/start', { provider: 'google' }],
      ['/user/auth/login/thirdparty/start', { provider: 'google', redirect_uri: CALLBACK, extra: true }],
    ] as const) {
      const answer = await post(t.app, path, body);
      expect({ path, body, status: answer.status, code: answer.body.code }).toEqual({
        path,
        body,
        status: 400,
        code: 10002,
      });
    }
  });
});

describe('linking rules', () => {
  it('never links or creates an account from an unverified or missing e-mail', async () => {
    const login = createThirdPartyLogin(t.db, { redirectUris: [CALLBACK] });
    const unverified = { provider: 'google' as const, subject: 'u-1', email: 'demo@example.com', emailVerified: false };
    await expect(login.userFor(unverified)).rejects.toMatchObject({ code: 10002 });
    await expect(login.userFor({ ...unverified, email: null })).rejects.toMatchObject({ code: 10002 });
    const linked = await t.db.one(`SELECT 1 FROM user_identities WHERE subject = 'u-1'`);
    expect(linked).toBeUndefined();
  });

  it('logs a user created by a provider in with no password until a reset sets one', async () => {
    await (await signIn('google', 'nopassword@example.com')).finish();
    const { body } = await post(t.app, '/user/auth/login', {
      email: 'nopassword@example.com',
      password: 'any password at all',
    });
    expect(body.code).toBe(10026);
  });
});
