import { createTestDb } from '../helpers/app';
import { createJobQueue, QUEUES } from '../../src/modules/payments/jobs';
import type { Db } from '../../src/db/index';

// The job queue's shutdown: a handler still running when the queue stops (its graceful wait is over) finishes into
// a stopped queue without a rejection nobody handles, and its job is
// given back to be run again (pg-boss fails what is still active when its wait is over).

let db: Db;
beforeAll(async () => {
  db = await createTestDb({ migrated: true });
});
afterAll(async () => db.close());

test('a job finishing after stop() neither throws nor is marked done: it is retried', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const queue = createJobQueue(db, { pollingIntervalSeconds: 0.5 });
    await queue.start();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    await queue.work(QUEUES.receipt, async () => {
      started();
      await held;
      finished = true;
    });
    await queue.send(db, QUEUES.receipt, { orderIds: [1] });
    await running;
    // stop() waits up to five seconds for the handler, then gives up on it.
    await queue.stop();
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(true);
    expect(unhandled).toEqual([]);
    // The queue's tables sit beside a test schema's own, or in pg-boss's schema.
    const current = await db.one<{ schema: string }>(`SELECT current_schema() AS schema`);
    const schema = current?.schema === 'public' ? 'pgboss' : current?.schema;
    const rows = await db.query<{ state: string }>(`SELECT state FROM ${schema}.job WHERE name = $1`, [QUEUES.receipt]);
    expect(rows.map((row) => row.state)).toEqual(['retry']);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
}, 20_000);

test("a job whose worker died is taken over within minutes, not pg-boss's 15", async () => {
  const queue = createJobQueue(db, { pollingIntervalSeconds: 0.5 });
  await queue.start();
  try {
    const current = await db.one<{ schema: string }>(`SELECT current_schema() AS schema`);
    const schema = current?.schema === 'public' ? 'pgboss' : current?.schema;
    const rows = await db.query<{ name: string; expire_seconds: number }>(
      `SELECT name, expire_seconds FROM ${schema}.queue WHERE name = ANY($1)`,
      [[QUEUES.processEvent, QUEUES.connectivityApply, QUEUES.renewalCharge]],
    );
    const expiry = Object.fromEntries(rows.map((row) => [row.name, row.expire_seconds]));
    expect(expiry).toEqual({
      [QUEUES.processEvent]: 60,
      [QUEUES.connectivityApply]: 180,
      [QUEUES.renewalCharge]: 900,
    });
  } finally {
    await queue.stop();
  }
});

test('a completion the database refuses (restarting) ends nothing: the job stays active, to run again', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  let restarting = false;
  const refusing: Db = {
    ...db,
    untracked: {
      ...db.untracked,
      async query(sql: string, params?: readonly unknown[]) {
        if (restarting && /UNNEST\(\$2::uuid\[\]\)/.test(sql)) {
          throw Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
        }
        return db.untracked.query(sql, params);
      },
    } as Db['untracked'],
  };
  const errors: unknown[] = [];
  const queue = createJobQueue(refusing, { pollingIntervalSeconds: 0.5, onError: (error) => errors.push(error) });
  try {
    await queue.start();
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    await queue.work(QUEUES.sandboxDelivery, async () => {
      restarting = true;
      ran();
    });
    await queue.send(db, QUEUES.sandboxDelivery, { eventId: 'e1' });
    await done;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(unhandled).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ code: '57P03' })]);
    const current = await db.one<{ schema: string }>(`SELECT current_schema() AS schema`);
    const schema = current?.schema === 'public' ? 'pgboss' : current?.schema;
    const rows = await db.query<{ state: string }>(`SELECT state FROM ${schema}.job WHERE name = $1`, [
      QUEUES.sandboxDelivery,
    ]);
    expect(rows.map((row) => row.state)).toEqual(['active']);
  } finally {
    restarting = false;
    await queue.stop();
    process.off('unhandledRejection', onUnhandled);
  }
});
