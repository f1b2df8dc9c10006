import { createHash } from 'node:crypto';
import { createTestApp, loginDemo, post, testClock, type TestApp } from '../helpers/app';

// A receipt's last use is kept to within a few minutes, without a write on every call.

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

const lastUsed = async (token: string) => {
  const row = await t.db.one<{ last_used_at: Date | null }>(`SELECT last_used_at FROM sessions WHERE token_hash = $1`, [
    createHash('sha256').update(token).digest('hex'),
  ]);
  return row?.last_used_at?.getTime() ?? null;
};

it('records the first use, skips the write for the next minutes, and records again after five', async () => {
  const { token } = await loginDemo(t.app);
  expect((await post(t.app, '/v1/user/info', {}, { token })).body.code).toBe(10000);
  const first = await lastUsed(token);
  expect(first).not.toBeNull();

  clock.advance(60_000);
  expect((await post(t.app, '/v1/user/info', {}, { token })).body.code).toBe(10000);
  expect(await lastUsed(token)).toBe(first);

  clock.advance(5 * 60_000);
  expect((await post(t.app, '/v1/user/info', {}, { token })).body.code).toBe(10000);
  expect(await lastUsed(token)).toBeGreaterThan(first!);
});
