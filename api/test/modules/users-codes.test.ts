import {
  createTestApp,
  lastCodeTo,
  post,
  signUp as signUpIn,
  testClock,
  type AuthSession,
  type TestApp,
} from '../helpers/app';

// Verification codes (issue 8): 6 digits, stored hashed, valid 10 minutes, once, five wrong tries, a new one at most
// every 60 s. Time is the app's clock, moved forward instead of sleeping.

const MINUTE = 60_000;
let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

function code(to: string): string {
  return lastCodeTo(t.mailer, to);
}
/** A six-digit code other than the right one. */
function wrong(right: string): string {
  return right === '000000' ? '111111' : '000000';
}
async function getCode(email: string, scene: 'signup' | 'reset' | 'email', token?: string) {
  return (await post(t.app, '/user/auth/getcode', { email, scene }, { token })).body;
}
async function vcode(email: string, value: string, scene: 'signup' | 'reset' = 'signup') {
  return (await post(t.app, '/user/auth/vcode', { email, code: value, scene })).body.code;
}
async function signUp(email: string): Promise<AuthSession> {
  const session = await signUpIn(t, email);
  clock.advance(MINUTE); // past the resend cool-down of this address
  return session;
}
/** An e-mail change request of the account with `token`. */
function asAccount(token: string) {
  return {
    vcode: (email: string, value: string) =>
      post(t.app, '/user/auth/vcode', { email, code: value, scene: 'email' }, { token }),
    updateEmail: (email: string, value: string) =>
      post(t.app, '/v1/user/update/email', { email, code: value }, { token }),
  };
}

describe('issuing', () => {
  it('mails six digits, stores only a hash, valid for ten minutes', async () => {
    const email = 'hash.check@example.com';
    expect(await getCode(email, 'signup')).toEqual({ code: 10000, message: 'success', data: null });
    const mailed = code(email);
    expect(mailed).toMatch(/^\d{6}$/);
    expect(t.mailer.sent.at(-1)?.text).toContain('valid for 10 minutes');
    const row = await t.db.one<{ code_hash: string; ttl_seconds: number; attempts: number }>(
      `SELECT code_hash, extract(epoch FROM expires_at - created_at)::int AS ttl_seconds, attempts
         FROM verification_codes WHERE email = $1`,
      [email],
    );
    expect(row).toMatchObject({ ttl_seconds: 600, attempts: 0 });
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await t.db.query(`SELECT * FROM verification_codes`))).not.toContain(mailed);
  });

  it('refuses a second code for the same address and scene within 60 s (429/10007), then replaces the first', async () => {
    const email = 'cool.down@example.com';
    await getCode(email, 'signup');
    const first = code(email);
    const sent = t.mailer.sent.length;
    clock.advance(59_000);
    const again = await post(t.app, '/user/auth/getcode', { email, scene: 'signup' });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ code: 10007, message: 'too many requests, please try again later', data: null });
    expect(t.mailer.sent).toHaveLength(sent);
    expect(await vcode(email, first)).toBe(10000);

    clock.advance(1_000);
    expect((await getCode(email, 'signup')).code).toBe(10000);
    const second = code(email);
    if (second !== first) expect(await vcode(email, first)).toBe(11023);
    expect(await vcode(email, second)).toBe(10000);
  });

  it('keeps the cool-down per scene: a reset code right after sign-up', async () => {
    const email = 'two.scenes@example.com';
    await getCode(email, 'signup');
    await post(t.app, '/user/auth/signup', { email, password: 'first-password', code: code(email) });
    expect((await getCode(email, 'reset')).code).toBe(10000);
  });
});

describe('checking', () => {
  it('answers 11023 for a wrong code, and the right one still works', async () => {
    const email = 'wrong.once@example.com';
    await getCode(email, 'signup');
    expect(await vcode(email, wrong(code(email)))).toBe(11023);
    const signup = await post(t.app, '/user/auth/signup', { email, password: 'first-password', code: code(email) });
    expect(signup.body.code).toBe(10000);
  });

  it('expires a code after ten minutes', async () => {
    const email = 'expires@example.com';
    await getCode(email, 'signup');
    const value = code(email);
    clock.advance(10 * MINUTE - 1_000);
    expect(await vcode(email, value)).toBe(10000);
    clock.advance(1_000);
    expect(await vcode(email, value)).toBe(11023);
    const signup = await post(t.app, '/user/auth/signup', { email, password: 'first-password', code: value });
    expect(signup.body.code).toBe(11023);
    expect((await getCode(email, 'signup')).code).toBe(10000);
    expect(await vcode(email, code(email))).toBe(10000);
  });

  it('works once: a used code is refused', async () => {
    const email = 'used.once@example.com';
    await signUp(email);
    await getCode(email, 'reset');
    const value = code(email);
    const first = await post(t.app, '/user/auth/reset', { email, code: value, password: 'second-password' });
    expect(first.body.code).toBe(10000);
    const again = await post(t.app, '/user/auth/reset', { email, code: value, password: 'third-password' });
    expect(again.body.code).toBe(11023);
    expect((await post(t.app, '/user/auth/login', { email, password: 'second-password' })).body.code).toBe(10000);
  });

  it('kills the code after five wrong tries: the right one then fails too, a new code is needed', async () => {
    const email = 'five.tries@example.com';
    await getCode(email, 'signup');
    const value = code(email);
    for (let i = 0; i < 5; i += 1) expect(await vcode(email, wrong(value))).toBe(11023);
    expect(await vcode(email, value)).toBe(11023);
    const signup = await post(t.app, '/user/auth/signup', { email, password: 'first-password', code: value });
    expect(signup.body.code).toBe(11023);

    clock.advance(MINUTE);
    await getCode(email, 'signup');
    expect(await vcode(email, code(email))).toBe(10000);
  });

  it('counts the sixth wrong try as dead even after four wrong and right checks in between', async () => {
    const email = 'mixed.tries@example.com';
    await getCode(email, 'signup');
    const value = code(email);
    for (let i = 0; i < 4; i += 1) expect(await vcode(email, wrong(value))).toBe(11023);
    // A right check gives its try back: checking the code before signing up costs nothing.
    for (let i = 0; i < 3; i += 1) expect(await vcode(email, value)).toBe(10000);
    expect(await vcode(email, wrong(value))).toBe(11023);
    expect(await vcode(email, value)).toBe(11023);
  });

  it('does not let parallel guesses past five tries', async () => {
    const email = 'parallel@example.com';
    await getCode(email, 'signup');
    const value = code(email);
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '9')).filter((g) => g !== value);
    const answers = await Promise.all(guesses.map((guess) => vcode(email, guess)));
    expect(new Set(answers)).toEqual(new Set([11023]));
    const row = await t.db.one<{ attempts: number }>(`SELECT attempts FROM verification_codes WHERE email = $1`, [
      email,
    ]);
    expect(row?.attempts).toBe(5);
    expect(await vcode(email, value)).toBe(11023);
  });

  it('gives a code to one of two requests racing with it', async () => {
    const email = 'race@example.com';
    await getCode(email, 'signup');
    const value = code(email);
    const answers = await Promise.all(
      ['race-password-1', 'race-password-2'].map(
        async (password) => (await post(t.app, '/user/auth/signup', { email, password, code: value })).body.code,
      ),
    );
    expect(answers.sort()).toEqual([10000, 11023]);
  });
});

describe('e-mail change codes', () => {
  it('mails the new address and only the account that asked may use the code', async () => {
    const owner = await signUp('owner.change@example.com');
    const intruder = await signUp('intruder.change@example.com');
    const target = 'owner.new@example.com';

    expect((await getCode(target, 'email', owner.token)).code).toBe(10000);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: target, template: 'code-email_update' });
    const value = code(target);

    // The intruder neither spends the owner's code nor cancels it by asking for one of its own.
    const intruderAsks = asAccount(intruder.token);
    expect((await intruderAsks.updateEmail(target, value)).body.code).toBe(11023);
    expect((await intruderAsks.vcode(target, value)).body.code).toBe(11023);
    expect((await getCode(target, 'email', intruder.token)).code).toBe(10000);
    const intruderInfo = await post(t.app, '/v1/user/info', {}, { token: intruder.token });
    expect(intruderInfo.body.data).toMatchObject({ email: 'intruder.change@example.com' });

    const ownerAsks = asAccount(owner.token);
    expect((await ownerAsks.vcode(target, value)).body.code).toBe(10000);
    const update = await ownerAsks.updateEmail(target, value);
    expect(update.body).toEqual({ code: 10000, message: 'success', data: { email: target, user_id: owner.user_id } });
    // The intruder's own code for the now-taken address does not take it over.
    expect((await intruderAsks.updateEmail(target, code(target))).body.code).toBe(10023);
  });

  it('asks for a login to check an e-mail change code', async () => {
    const body = await post(t.app, '/user/auth/vcode', { email: 'x@example.com', code: '123456', scene: 'email' });
    expect(body.body.code).toBe(10013);
  });
});
