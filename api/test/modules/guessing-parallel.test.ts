import { type GuessingLimits } from '../../src/plugins/guessing';
import { createTestApp, post, testClock, type TestApp } from '../helpers/app';

// Guessing in parallel (issue 23 review): the miss allowance is taken before a lookup runs, in the statement that
// counts it, and given back when the lookup finds its card. Calls sent at once from one address cannot all run on
// one allowance (more lookups at once than the allowance wait, found or not); a right guess still waits once the
// misses are spent (refusing only unknown numbers would tell which ones exist).

const READY = '89880000000000000002';
const UNKNOWN_PREFIX = '8988000000000008';
const MISSES = 5;

let t: TestApp;
const clock = testClock();
const limits: GuessingLimits = {
  perIp: 0,
  perAccount: 0,
  windowMs: 60_000,
  missesPerIp: MISSES,
  missesPerAccount: 0,
  missWindowMs: 15 * 60_000,
};
let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1)}`;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, guessing: limits });
});
afterAll(async () => t.close());

const getCard = (iccid: string, ip: string) => post(t.app, '/get/card', { flag: '2', iccid, lang: 'en' }, { ip });

describe('misses counted before the lookup', () => {
  it('lets at most the allowance of lookups run when many unknown numbers come at once', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, index) => getCard(`${UNKNOWN_PREFIX}${String(index).padStart(4, '0')}`, ip)),
    );
    const codes = answers.map(({ body }) => body.code);
    // 10102: the lookup ran and found nothing. Only the allowance's worth ran; the rest were refused unrun.
    expect(codes.filter((code) => code === 10102).length).toBeLessThanOrEqual(MISSES);
    expect(codes.filter((code) => code === 10007).length).toBeGreaterThanOrEqual(120 - MISSES);
    expect(codes.every((code) => code === 10102 || code === 10007)).toBe(true);
  });

  it('gives the reserved miss back on a hit: a card page never runs out by finding its card', async () => {
    const ip = freshIp();
    // As many at once as the allowance (a card page makes about seven calls), again and again.
    for (let round = 0; round < 3; round += 1) {
      const found = await Promise.all(Array.from({ length: MISSES }, () => getCard(READY, ip)));
      expect(found.map(({ body }) => body.code)).toEqual(Array(MISSES).fill(10000));
    }
    // Spent on misses: the known card waits too, like any number.
    for (let i = 0; i < MISSES; i += 1) {
      expect((await getCard(`${UNKNOWN_PREFIX}9${String(i).padStart(3, '0')}`, ip)).body.code).toBe(10102);
    }
    expect((await getCard(READY, ip)).body.code).toBe(10007);
    // A new window: allowed again.
    clock.advance(limits.missWindowMs + 1000);
    expect((await getCard(READY, ip)).body.code).toBe(10000);
  });
});
