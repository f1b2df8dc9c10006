import { duringOutage, worthRetrying } from '../../src/db/index';
import { createTestDb } from '../helpers/app';

// The database server ending a connection in the middle of a transaction (a restart, a failover, an operator's
// pg_terminate_backend): the transaction fails, the process goes on, and the next transaction gets a working
// connection. PostgreSQL only (PGlite runs in this process and never drops a connection).
(process.env.DATABASE_URL ? describe : describe.skip)('a connection lost during a transaction', () => {
  it('rejects that transaction without an unhandled error, and the pool carries on', async () => {
    const db = await createTestDb();
    const unhandled: unknown[] = [];
    const note = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', note);
    try {
      const lost = db.tx(async (q) => {
        const me = await q.one<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Another connection ends this one, as a server restart would.
        await db.query('SELECT pg_terminate_backend($1)', [me?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await q.query('SELECT 1');
      });
      await expect(lost).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
      expect(await db.tx(async (q) => q.one<{ ok: number }>('SELECT 1 AS ok'))).toEqual({ ok: 1 });
    } finally {
      process.off('uncaughtException', note);
      await db.close();
    }
  });
});

describe('statements sent again while the database restarts', () => {
  it('sends again what never reached the server, and a read whose connection was lost, never a write', () => {
    const refused = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(worthRetrying(refused, 'UPDATE cards SET x = 1')).toBe(true);
    expect(worthRetrying(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), 'INSERT INTO t')).toBe(true);
    expect(worthRetrying(terminated, 'SELECT 1')).toBe(true);
    expect(worthRetrying(new Error('Connection terminated unexpectedly'), ' select * from cards')).toBe(true);
    expect(worthRetrying(terminated, 'UPDATE cards SET x = 1')).toBe(false);
    expect(worthRetrying(Object.assign(new Error('duplicate key'), { code: '23505' }), 'SELECT 1')).toBe(false);
    // A write that may safely happen twice (a rate-limit counter) is sent again like a read.
    expect(worthRetrying(terminated, 'INSERT INTO rate_limits', true)).toBe(true);
  });

  it('waits out a restart: a statement refused at connect, then answered', async () => {
    const refused = Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
    let attempts = 0;
    const attempt = async () => {
      attempts += 1;
      if (attempts < 3) throw refused;
      return 'answered';
    };
    await expect(duringOutage(attempt, 'UPDATE cards SET x = 1', 5_000)).resolves.toBe('answered');
    expect(attempts).toBe(3);
    // A write whose connection was lost might have happened: the caller hears of it at once.
    const lost = Object.assign(new Error('terminating connection'), { code: '57P01' });
    let writes = 0;
    const write = async () => {
      writes += 1;
      throw lost;
    };
    await expect(duringOutage(write, 'UPDATE cards SET x = 1', 5_000)).rejects.toBe(lost);
    expect(writes).toBe(1);
    // And the wait has an end.
    const started = Date.now();
    await expect(duringOutage(async () => Promise.reject(refused), 'SELECT 1', 400)).rejects.toBe(refused);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
