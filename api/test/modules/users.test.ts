import {
  createTestApp,
  lastCodeTo,
  loginDemo,
  post,
  signUp,
  testClock,
  type AuthSession,
  type TestApp,
} from '../helpers/app';

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, sessionTtlHours: 24 });
});
afterAll(async () => t.close());

describe('sign-up', () => {
  const email = 'new.user@example.com';
  const password = 'correct horse battery';

  it('checks the address, mails a code, and signs up with it', async () => {
    const check = await post<{ registered: boolean }>(t.app, '/user/auth/signup/check', { email });
    expect(check.body).toEqual({ code: 10000, message: 'success', data: { registered: false } });

    const getcode = await post(t.app, '/user/auth/getcode', { email, scene: 'signup' });
    expect(getcode.body).toEqual({ code: 10000, message: 'success', data: null });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: email, template: 'code-signup' });

    const wrongCode = lastCodeTo(t.mailer, email) === '000000' ? '111111' : '000000';
    const wrong = await post(t.app, '/user/auth/signup', { email, password, code: wrongCode });
    expect(wrong.body.code).toBe(11023);

    const code = lastCodeTo(t.mailer, email);
    const vcode = await post(t.app, '/user/auth/vcode', { email, code, scene: 'signup' });
    expect(vcode.body.code).toBe(10000);

    const signup = await post<AuthSession>(t.app, '/user/auth/signup', { email, password, code });
    expect(signup.body.code).toBe(10000);
    expect(signup.body.data).toMatchObject({ email, user_id: expect.any(Number) });
    expect(signup.body.data.token.length).toBeGreaterThanOrEqual(40);

    const info = await post(t.app, '/v1/user/info', {}, { token: signup.body.data.token });
    expect(info.body).toEqual({
      code: 10000,
      message: 'success',
      data: { email, user_id: signup.body.data.user_id, area: 'US', ccy: 'USD' },
    });

    // The code works once.
    const again = await post(t.app, '/user/auth/signup', { email: 'x' + email, password, code });
    expect(again.body.code).toBe(11023);
  });

  it('stores an argon2id hash and only the SHA-256 of the token', async () => {
    const login = await post<AuthSession>(t.app, '/user/auth/login', { email, password });
    const user = await t.db.one<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = $1`, [email]);
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(user?.password_hash).not.toContain(password);
    const dump = JSON.stringify(await t.db.query(`SELECT * FROM sessions`));
    expect(dump).not.toContain(login.body.data.token);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(login.body.data.token).digest('hex');
    expect(await t.db.one(`SELECT 1 AS found FROM sessions WHERE token_hash = $1`, [hash])).toEqual({ found: 1 });
  });

  it('makes no second account for the same address (any case), answering as for a new one', async () => {
    const other = 'New.User@Example.com';
    expect((await post(t.app, '/user/auth/signup/check', { email: other })).body.data).toEqual({ registered: false });
    clock.advance(61_000);
    const sent = t.mailer.sent.length;
    expect((await post(t.app, '/user/auth/getcode', { email: other, scene: 'signup' })).body).toEqual({
      code: 10000,
      message: 'success',
      data: null,
    });
    // The owner of the address is told, without a code; a code then given is simply wrong.
    expect(t.mailer.sent.slice(sent)).toEqual([
      expect.objectContaining({ to: email, template: 'notice-signup_existing' }),
    ]);
    expect(t.mailer.sent.at(-1)?.text).not.toMatch(/\b\d{6}\b/);
    const signup = await post(t.app, '/user/auth/signup', { email: other, password, code: '123456' });
    expect(signup.body.code).toBe(11023);
    expect(await t.db.one(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email])).toEqual({ n: 1 });
  });

  it('rejects short passwords and malformed codes with 10002', async () => {
    const short = await post(t.app, '/user/auth/signup', { email: 'a@example.com', password: 'short', code: '123456' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe(10002);
    const code = await post(t.app, '/user/auth/signup', {
      email: 'a@example.com',
      password: 'long enough!',
      code: '12ab',
    });
    expect(code.body.code).toBe(10002);
  });
});

describe('login', () => {
  it('logs the demo user in', async () => {
    const session = await loginDemo(t.app);
    expect(session).toMatchObject({ email: 'demo@example.com', user_id: expect.any(Number) });
  });

  it('answers 10026 for a wrong password and for an unknown user alike', async () => {
    const wrong = await post(t.app, '/user/auth/login', { email: 'demo@example.com', password: 'wrong-password' });
    expect(wrong.body).toEqual({ code: 10026, message: 'wrong e-mail or password', data: null });
    const unknown = await post(t.app, '/user/auth/login', { email: 'nobody@example.com', password: 'whatever-1' });
    expect(unknown.body).toEqual({ code: 10026, message: 'wrong e-mail or password', data: null });
  });
});

describe('session end', () => {
  it('answers 10013 without a receipt or with an unknown one', async () => {
    expect((await post(t.app, '/v1/user/info', {})).body).toEqual({
      code: 10013,
      message: 'please log in',
      data: null,
    });
    expect((await post(t.app, '/v1/user/info', {}, { token: 'not-a-token' })).body.code).toBe(10013);
  });

  it('answers 10013 once the receipt expired (the clock moved past its lifetime)', async () => {
    const { token } = await loginDemo(t.app);
    expect((await post(t.app, '/v1/user/info', {}, { token })).body.code).toBe(10000);
    clock.advance(23 * 3600_000);
    expect((await post(t.app, '/v1/user/info', {}, { token })).body.code).toBe(10000);
    clock.advance(3600_000);
    const { body } = await post(t.app, '/v1/user/info', {}, { token, prefix: '/eshop/api' });
    expect(body).toEqual({ code: 10013, message: 'please log in', data: null });
  });

  it('revokes the receipt on logout (10013 afterwards) and leaves other receipts alone', async () => {
    const first = await loginDemo(t.app);
    const second = await loginDemo(t.app);
    const logout = await post(t.app, '/user/auth/logout', {}, { token: first.token });
    expect(logout.body).toEqual({ code: 10000, message: 'success', data: null });
    const row = await t.db.one<{ revoked_reason: string }>(
      `SELECT revoked_reason FROM sessions WHERE revoked_at IS NOT NULL AND user_id = $1 ORDER BY id DESC LIMIT 1`,
      [first.user_id],
    );
    expect(row?.revoked_reason).toBe('logout');
    expect((await post(t.app, '/v1/user/info', {}, { token: first.token })).body.code).toBe(10013);
    expect((await post(t.app, '/user/auth/logout', {}, { token: first.token })).body.code).toBe(10013);
    expect((await post(t.app, '/v1/user/info', {}, { token: second.token })).body.code).toBe(10000);
  });

  it('logs in with the reset and ends every other receipt (10021); the new password works', async () => {
    const email = 'reset.me@example.com';
    const { token } = await signUp(t, email);

    // An address without an account: "sent" like any, the mail says there is no account.
    expect((await post(t.app, '/user/auth/getcode', { email: 'ghost@example.com', scene: 'reset' })).body.code).toBe(
      10000,
    );
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'ghost@example.com', template: 'notice-reset_unknown' });
    await post(t.app, '/user/auth/getcode', { email, scene: 'reset' });
    expect(t.mailer.sent.at(-1)?.template).toBe('code-reset');
    const reset = await post<AuthSession>(t.app, '/user/auth/reset', {
      email,
      code: lastCodeTo(t.mailer, email),
      password: 'second-password',
    });
    expect(reset.body).toEqual({
      code: 10000,
      message: 'success',
      data: { token: expect.any(String), email, user_id: expect.any(Number) },
    });

    expect((await post(t.app, '/v1/user/info', {}, { token })).body.code).toBe(10021);
    const info = await post(t.app, '/v1/user/info', {}, { token: reset.body.data.token });
    expect(info.body.data).toMatchObject({ email, user_id: reset.body.data.user_id });
    expect((await post(t.app, '/user/auth/login', { email, password: 'first-password' })).body.code).toBe(10026);
    expect((await post(t.app, '/user/auth/login', { email, password: 'second-password' })).body.code).toBe(10000);
  });
});

describe('settings and e-mail change', () => {
  it('syncs area and currency', async () => {
    const { token } = await loginDemo(t.app);
    const set = await post(t.app, '/v1/user/set', { area: 'DE', ccy: 'EUR' }, { token });
    expect(set.body).toEqual({ code: 10000, message: 'success', data: { area: 'DE', ccy: 'EUR' } });
    const info = await post<{ area: string; ccy: string }>(t.app, '/v1/user/info', {}, { token });
    expect(info.body.data).toMatchObject({ area: 'DE', ccy: 'EUR' });
    await post(t.app, '/v1/user/set', { area: 'US', ccy: 'USD' }, { token });
  });

  it('changes the e-mail with a code sent to the new address', async () => {
    const email = 'changer@example.com';
    const { token, user_id: userId } = await signUp(t, email, 'changer-password');
    expect(
      (await post(t.app, '/user/auth/getcode', { email: 'new.address@example.com', scene: 'email' })).body.code,
    ).toBe(10013);
    // Another account's address: "sent" like any, its owner gets a notice, and no code exists to take it with.
    expect(
      (await post(t.app, '/user/auth/getcode', { email: 'demo@example.com', scene: 'email' }, { token })).body.code,
    ).toBe(10000);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'demo@example.com', template: 'notice-email_taken' });
    const take = await post(t.app, '/v1/user/update/email', { email: 'demo@example.com', code: '123456' }, { token });
    expect(take.body.code).toBe(11023);
    await post(t.app, '/user/auth/getcode', { email: 'new.address@example.com', scene: 'email' }, { token });
    const update = await post(
      t.app,
      '/v1/user/update/email',
      { email: 'new.address@example.com', code: lastCodeTo(t.mailer, 'new.address@example.com') },
      { token },
    );
    expect(update.body).toEqual({
      code: 10000,
      message: 'success',
      data: { email: 'new.address@example.com', user_id: userId },
    });
  });
});
