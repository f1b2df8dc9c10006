import * as secrets from '../../src/lib/secrets';
import {
  createTestApp,
  lastCodeTo,
  loginDemo,
  post,
  signUp as signUpIn,
  testClock,
  type AuthSession,
  type TestApp,
} from '../helpers/app';

// Who may use an account call (issue 8): forged, expired and ended receipts, a second user, logout everywhere,
// and login answers that say no more than the catalogue codes. Issue 23: whether an address has an account is
// never told, by the answer or by the time it takes.

// The argon2 verification, watched: a login for an unknown address must run one too (its time is a login's).
jest.mock('../../src/lib/secrets', () => {
  const actual = jest.requireActual<typeof secrets>('../../src/lib/secrets');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});
const verifyPassword = secrets.verifyPassword as jest.MockedFunction<typeof secrets.verifyPassword>;

let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, sessionTtlHours: 1 });
});
afterAll(async () => t.close());

const signUp = (email: string) => signUpIn(t, email);
const login = (email: string) => loginDemo(t.app, email, 'first-password');

/** Every account call that needs a login, with a valid body. */
const ACCOUNT_CALLS: ReadonlyArray<[string, unknown]> = [
  ['/v1/user/info', {}],
  ['/v1/user/set', { area: 'DE', ccy: 'EUR' }],
  ['/v1/user/update/email', { email: 'someone.new@example.com', code: '123456' }],
  ['/user/auth/logout', {}],
  ['/user/auth/logout/all', {}],
  ['/user/auth/getcode', { email: 'someone.new@example.com', scene: 'email' }],
  ['/user/auth/vcode', { email: 'someone.new@example.com', code: '123456', scene: 'email' }],
];

describe('receipts', () => {
  it.each(ACCOUNT_CALLS)('%s answers 10013 without a receipt and with a forged one', async (path, body) => {
    expect((await post(t.app, path, body)).body).toEqual({ code: 10013, message: 'please log in', data: null });
    const forged = 'A'.repeat(43);
    expect((await post(t.app, path, body, { token: forged })).body.code).toBe(10013);
    expect((await post(t.app, path, body, { token: forged, prefix: '/eshop/api' })).body.code).toBe(10013);
  });

  it('answers 10013 on every account call once the receipt expired', async () => {
    const { token } = await signUp('expiring@example.com');
    expect((await post(t.app, '/v1/user/info', {}, { token })).body.code).toBe(10000);
    clock.advance(3600_000);
    for (const [path, body] of ACCOUNT_CALLS) {
      expect({ path, code: (await post(t.app, path, body, { token })).body.code }).toEqual({ path, code: 10013 });
    }
  });

  it('answers 10013 after logout on this device, and 10021 after logout everywhere', async () => {
    const email = 'two.devices@example.com';
    await signUp(email);
    const phone = await login(email);
    const laptop = await login(email);
    const tablet = await login(email);
    const stranger = await loginDemo(t.app);

    expect((await post(t.app, '/user/auth/logout', {}, { token: phone.token })).body.code).toBe(10000);
    expect((await post(t.app, '/v1/user/info', {}, { token: phone.token })).body.code).toBe(10013);
    expect((await post(t.app, '/v1/user/info', {}, { token: laptop.token })).body.code).toBe(10000);

    const all = await post(t.app, '/user/auth/logout/all', {}, { token: laptop.token });
    expect(all.body).toEqual({ code: 10000, message: 'success', data: null });
    for (const [path, body] of ACCOUNT_CALLS) {
      expect({ path, code: (await post(t.app, path, body, { token: tablet.token })).body.code }).toEqual({
        path,
        code: 10021,
      });
    }
    expect((await post(t.app, '/v1/user/info', {}, { token: laptop.token })).body).toEqual({
      code: 10021,
      message: 'signed out, please log in again',
      data: null,
    });
    // The phone had logged out itself before: it keeps its own answer.
    expect((await post(t.app, '/v1/user/info', {}, { token: phone.token })).body.code).toBe(10013);
    // Card list calls end the same way; another user's receipt is untouched.
    expect((await post(t.app, '/v1/get/card/list', {}, { token: tablet.token, prefix: '/eshop/api' })).body.code).toBe(
      10021,
    );
    expect((await post(t.app, '/v1/user/info', {}, { token: stranger.token })).body.code).toBe(10000);
    // A new login works again.
    const again = await login(email);
    expect((await post(t.app, '/v1/user/info', {}, { token: again.token })).body.code).toBe(10000);
  });

  it("a page's calls at once with one receipt share one read of it, each answering for the account", async () => {
    const email = 'many.calls@example.com';
    await signUp(email);
    const { token } = await login(email);
    const one = jest.spyOn(t.db, 'one');
    try {
      const answers = await Promise.all(
        ['/v1/user/info', '/v1/user/info', '/v1/user/info', '/v1/user/info'].map((path) =>
          post<{ email: string }>(t.app, path, {}, { token }),
        ),
      );
      expect(answers.map((answer) => [answer.body.code, answer.body.data?.email])).toEqual(
        Array.from({ length: 4 }, () => [10000, email]),
      );
      const sessionReads = one.mock.calls.filter(([sql]) => /FROM sessions s JOIN users u/.test(String(sql)));
      expect(sessionReads.length).toBeLessThan(4);
    } finally {
      one.mockRestore();
    }
    // Logged out, the next calls read it again: ended.
    expect((await post(t.app, '/user/auth/logout', {}, { token })).body.code).toBe(10000);
    const after = await Promise.all([1, 2].map(() => post(t.app, '/v1/user/info', {}, { token })));
    expect(after.map((answer) => answer.body.code)).toEqual([10013, 10013]);
  });

  it('reset logs in and ends every other receipt; a login that checked the old password gets none', async () => {
    const email = 'reset.race@example.com';
    const first = await signUp(email);
    const second = await login(email);
    clock.advance(60_000);
    await post(t.app, '/user/auth/getcode', { email, scene: 'reset' });
    const reset = await post<AuthSession>(t.app, '/user/auth/reset', {
      email,
      code: lastCodeTo(t.mailer, email),
      password: 'second-password',
    });
    expect(reset.body.data).toEqual({ token: expect.any(String), email, user_id: first.user_id });
    expect((await post(t.app, '/v1/user/info', {}, { token: first.token })).body.code).toBe(10021);
    expect((await post(t.app, '/v1/user/info', {}, { token: second.token })).body.code).toBe(10021);
    expect((await post(t.app, '/v1/user/info', {}, { token: reset.body.data.token })).body.code).toBe(10000);
    const live = await t.db.query(`SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [first.user_id]);
    expect(live).toHaveLength(1);

    // A session only opens while the password it was checked against is still the account's.
    const stale = await t.app.users.openSession(first.user_id, undefined, 'not-the-current-hash');
    expect(stale).toBeUndefined();
  });
});

describe('a second user', () => {
  it("cannot read or change the first user's data", async () => {
    const first = await signUp('first.user@example.com');
    const second = await signUp('second.user@example.com');
    const asFirst = (path: string, body: unknown) => post(t.app, path, body, { token: first.token });
    const asSecond = (path: string, body: unknown) => post(t.app, path, body, { token: second.token });
    await asFirst('/v1/user/set', { area: 'JP', ccy: 'JPY' });

    expect((await asSecond('/v1/user/info', {})).body.data).toEqual({
      email: 'second.user@example.com',
      user_id: second.user_id,
      area: 'US',
      ccy: 'USD',
    });
    // Fields naming another user are refused by the schema; the call only ever touches the caller.
    const foreign = await asSecond('/v1/user/set', { area: 'FR', ccy: 'EUR', user_id: first.user_id });
    expect([foreign.status, foreign.body.code]).toEqual([400, 10002]);
    await asSecond('/v1/user/set', { area: 'FR', ccy: 'EUR' });
    expect((await asFirst('/v1/user/info', {})).body.data).toEqual({
      email: 'first.user@example.com',
      user_id: first.user_id,
      area: 'JP',
      ccy: 'JPY',
    });

    // The first user's address is not the second's to take, with or without a code (and asking tells nothing).
    const code = await asSecond('/user/auth/getcode', { email: 'first.user@example.com', scene: 'email' });
    expect(code.body.code).toBe(10000);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'first.user@example.com', template: 'notice-email_taken' });
    const take = await asSecond('/v1/user/update/email', { email: 'first.user@example.com', code: '123456' });
    expect(take.body.code).toBe(11023);
    // Logging out everywhere ends only the caller's receipts.
    await asSecond('/user/auth/logout/all', {});
    expect((await asFirst('/v1/user/info', {})).body.code).toBe(10000);
  });
});

describe('login answers', () => {
  it('say no more than one catalogue code: 10026 for a wrong password and an unknown user alike', async () => {
    await signUp('broken.hash@example.com');
    await t.db.query(`UPDATE users SET password_hash = '$argon2id$broken' WHERE email = $1`, [
      'broken.hash@example.com',
    ]);
    const answers = [
      await post(t.app, '/user/auth/login', { email: 'broken.hash@example.com', password: 'first-password' }),
      await post(t.app, '/user/auth/login', { email: 'demo@example.com', password: 'not-the-password' }),
      await post(t.app, '/user/auth/login', { email: 'nobody.here@example.com', password: 'not-the-password' }),
    ];
    expect(answers.map((answer) => answer.body)).toEqual([
      { code: 10026, message: 'wrong e-mail or password', data: null },
      { code: 10026, message: 'wrong e-mail or password', data: null },
      { code: 10026, message: 'wrong e-mail or password', data: null },
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
  });

  it('verify a password hash for an unknown address too, so the answer takes as long', async () => {
    verifyPassword.mockClear();
    await post(t.app, '/user/auth/login', { email: 'demo@example.com', password: 'not-the-password' });
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    await post(t.app, '/user/auth/login', { email: 'nobody.at.all@example.com', password: 'not-the-password' });
    expect(verifyPassword).toHaveBeenCalledTimes(2);
    // Against a real argon2id hash (the decoy), never a shortcut.
    expect(verifyPassword.mock.calls[1]?.[0]).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
  });
});

describe('an address with an account or without: the same answers (issue 23)', () => {
  const KNOWN = 'known.address@example.com';
  const UNKNOWN = 'unknown.address@example.com';
  beforeAll(async () => {
    await signUp(KNOWN);
  });
  const bodies = async (path: string, body: (email: string) => unknown) => {
    clock.advance(61_000);
    const known = await post(t.app, path, body(KNOWN));
    const unknown = await post(t.app, path, body(UNKNOWN));
    return { known: [known.status, known.body], unknown: [unknown.status, unknown.body] };
  };

  it('sign-up check', async () => {
    const { known, unknown } = await bodies('/user/auth/signup/check', (email) => ({ email }));
    expect(known).toEqual(unknown);
    expect(known).toEqual([200, { code: 10000, message: 'success', data: { registered: false } }]);
  });

  it.each(['signup', 'reset'])('a %s code: "sent" for both, once a minute for both', async (scene) => {
    const sent = t.mailer.sent.length;
    const first = await bodies('/user/auth/getcode', (email) => ({ email, scene }));
    expect(first.known).toEqual(first.unknown);
    expect(first.known).toEqual([200, { code: 10000, message: 'success', data: null }]);
    // Each address got one mail: a code where one makes sense, a notice (no code) where not.
    const mails = t.mailer.sent.slice(sent);
    expect(mails.map((mail) => mail.to).sort()).toEqual([KNOWN, UNKNOWN]);
    const notice = mails.find((mail) => mail.template.startsWith('notice-'));
    expect(notice?.to).toBe(scene === 'signup' ? KNOWN : UNKNOWN);
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    // The same work for both (so the same time): a code row each, the notice's born used up, so nothing takes it.
    const rows = await t.db.query<{ email: string; live: boolean }>(
      `SELECT DISTINCT ON (email) email, consumed_at IS NULL AS live FROM verification_codes
        WHERE email = ANY($1) AND purpose = $2 ORDER BY email, created_at DESC, id DESC`,
      [[KNOWN, UNKNOWN], scene],
    );
    expect(Object.fromEntries(rows.map((row) => [row.email, row.live]))).toEqual({
      [KNOWN]: scene !== 'signup',
      [UNKNOWN]: scene === 'signup',
    });

    const again = [
      await post(t.app, '/user/auth/getcode', { email: KNOWN, scene }),
      await post(t.app, '/user/auth/getcode', { email: UNKNOWN, scene }),
    ];
    expect(again.map((answer) => [answer.status, answer.body])).toEqual([
      [429, { code: 10007, message: 'too many requests, please try again later', data: null }],
      [429, { code: 10007, message: 'too many requests, please try again later', data: null }],
    ]);
  });

  it('a code check, a reset and a sign-up with a code nobody was sent', async () => {
    for (const [path, body] of [
      ['/user/auth/vcode', (email: string) => ({ email, code: '123456', scene: 'reset' })],
      ['/user/auth/reset', (email: string) => ({ email, code: '123456', password: 'a-new-password' })],
      ['/user/auth/signup', (email: string) => ({ email, code: '123456', password: 'a-new-password' })],
    ] as const) {
      const { known, unknown } = await bodies(path, body);
      expect(known).toEqual(unknown);
      expect(known).toEqual([200, { code: 11023, message: 'the verification code is wrong or expired', data: null }]);
    }
  });
});

describe('OpenAPI', () => {
  it('lists logoutAll with the bearer receipt, the reset receipt and notifyDetail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/eshop/openapi.json' });
    const doc = response.json<{
      paths: Record<string, { post?: { operationId?: string; security?: unknown; requestBody?: unknown } }>;
    }>();
    expect(doc.paths['/eshop/user/auth/logout/all']?.post).toMatchObject({
      operationId: 'logoutAll',
      security: [{ bearer: [] }],
    });
    expect(doc.paths['/eshop/v1/message/notifyDetail']?.post?.operationId).toBe('notifyDetail');
    expect(JSON.stringify(doc.paths['/eshop/user/auth/reset'])).toContain('token');
  });
});
