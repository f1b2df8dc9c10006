import { type Db } from '../../src/db/index';
import { LeasedCounters, blockOf, type Allowance } from '../../src/plugins/leased-counters';
import { createTestDb, testClock } from '../helpers/app';

// The guessing limits' allowances, taken in blocks (issue 23, bench:api regression): a busy client's lookups run
// from memory, and yet instances sharing one PostgreSQL never hand out more than the maximum between them.

let db: Db;
const clock = testClock();
const now = () => clock.now().getTime();
let keyCounter = 0;
const allowance = (max: number, block: number, windowMs = 60_000): Allowance => ({
  key: `test:lease:${(keyCounter += 1)}`,
  max,
  windowMs,
  block,
});
const hits = async (key: string) =>
  Number((await db.one<{ hits: number }>(`SELECT hits FROM rate_limits WHERE key = $1`, [key]))?.hits ?? 0);

beforeAll(async () => {
  db = await createTestDb({ migrated: true });
});
afterAll(async () => db.close());

describe('LeasedCounters', () => {
  it('never hands out more than the maximum between instances, whatever the blocks', async () => {
    const a = new LeasedCounters(db, now);
    const b = new LeasedCounters(db, now);
    try {
      const limit = allowance(10, 4);
      const granted: boolean[] = [];
      for (let i = 0; i < 8; i += 1) {
        granted.push(await a.take([limit], 1), await b.take([limit], 1));
      }
      expect(granted.filter(Boolean)).toHaveLength(10);
      expect(await a.take([limit], 1)).toBe(false);
      expect(await b.take([limit], 1)).toBe(false);
      expect(await hits(limit.key)).toBe(10);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('lets exactly the maximum through when many calls take at once', async () => {
    const counters = new LeasedCounters(db, now);
    try {
      const limit = allowance(7, 3);
      const granted = await Promise.all(Array.from({ length: 50 }, () => counters.take([limit], 1)));
      expect(granted.filter(Boolean)).toHaveLength(7);
    } finally {
      await counters.close();
    }
  });

  it('writes the shared row once a block, not once a call', async () => {
    const counters = new LeasedCounters(db, now);
    try {
      const limit = allowance(1000, 100);
      for (let i = 0; i < 60; i += 1) expect(await counters.take([limit], 1)).toBe(true);
      // One block claimed: the row says 100 taken while 60 were handed out.
      expect(await hits(limit.key)).toBe(100);
    } finally {
      await counters.close();
    }
  });

  it('puts back what a call did not spend, and gives unused blocks back at close for other instances', async () => {
    const a = new LeasedCounters(db, now);
    const limit = allowance(5, 5);
    expect(await a.take([limit], 5)).toBe(true);
    a.put(limit.key, 3);
    expect(await hits(limit.key)).toBe(5);
    await a.close();
    expect(await hits(limit.key)).toBe(2);
    const b = new LeasedCounters(db, now);
    try {
      expect(await b.take([limit], 3)).toBe(true);
      expect(await b.take([limit], 1)).toBe(false);
    } finally {
      await b.close();
    }
  });

  it('takes all the allowances of a call or none', async () => {
    const counters = new LeasedCounters(db, now);
    try {
      const roomy = allowance(10, 1);
      const tight = allowance(1, 1);
      expect(await counters.take([roomy, tight], 1)).toBe(true);
      expect(await counters.take([roomy, tight], 1)).toBe(false);
      // What the refused call took of the first allowance went back to the block.
      await counters.close();
      expect(await hits(roomy.key)).toBe(1);
    } finally {
      await counters.close();
    }
  });

  it('starts over when the window is over: the old block is dropped, not given back', async () => {
    const counters = new LeasedCounters(db, now);
    try {
      const limit = allowance(3, 3, 60_000);
      expect(await counters.take([limit], 3)).toBe(true);
      expect(await counters.take([limit], 1)).toBe(false);
      clock.advance(60_001);
      expect(await counters.take([limit], 1)).toBe(true);
      expect(await hits(limit.key)).toBe(3);
    } finally {
      await counters.close();
    }
  });

  it('refuses a call larger than the maximum without touching the row', async () => {
    const counters = new LeasedCounters(db, now);
    try {
      const limit = allowance(3, 1);
      expect(await counters.take([limit], 4)).toBe(false);
      expect(await hits(limit.key)).toBe(0);
      expect(await counters.take([limit], 3)).toBe(true);
    } finally {
      await counters.close();
    }
  });

  it('sizes blocks as a share of the maximum, at least one', () => {
    expect(blockOf(600, 0.1, 1000)).toBe(60);
    expect(blockOf(30, 0.2, 100)).toBe(6);
    expect(blockOf(3, 0.1, 1000)).toBe(1);
    expect(blockOf(1_000_000, 0.1, 1000)).toBe(1000);
  });
});
