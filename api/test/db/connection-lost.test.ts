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
