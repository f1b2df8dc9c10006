import PgBoss from 'pg-boss';
import { type Db, type Queryable } from '../../db/index';

/**
 * Work that must survive a crash (fulfilling a stored provider event, the receipt e-mail, the sandbox's webhook
 * deliveries, renewals) goes through pg-boss: jobs are rows in PostgreSQL, taken with SKIP LOCKED, retried with
 * backoff, so several api instances share them and a restart picks up what a dead process left. pg-boss talks to
 * the database through our own Db (its `db` adapter), so the same code runs on PostgreSQL and on the embedded
 * PGlite wire server, and a job can be sent inside a transaction that also writes the rows it is about.
 */

export const QUEUES = {
  /** Fulfil (or close) the order a stored, verified provider event is about. */
  processEvent: 'payments-process-event',
  /** Mail the receipts of paid orders ({ orderIds }). */
  receipt: 'payments-receipt',
  /** The sandbox provider delivering one of its signed events to our webhook, with retries. */
  sandboxDelivery: 'payments-sandbox-delivery',
  /** Finds packages due for auto-renewal (every minute, and on demand). */
  renewalScan: 'payments-renewal-scan',
  /** Mails the reminders of renewals ({ renewalIds }), then queues their charges. */
  renewalRemind: 'payments-renewal-remind',
  /** Charges renewals ({ renewalIds }) with the saved payment methods (or mails pay links). */
  renewalCharge: 'payments-renewal-charge',
  /** Hands paid packages ({ cardPackageIds }) to the connectivity provider, each once. */
  connectivityApply: 'connectivity-apply',
  /** Writes the notices and mails of raised card alerts ({ alertIds }). */
  connectivityAlerts: 'connectivity-alerts',
  /** Every minute: stops packages at their end, raises expiry alerts. */
  connectivityExpire: 'connectivity-expire',
  /** Every minute: pulls figures of cards not heard of lately, queues packages left pending again. */
  connectivityPull: 'connectivity-pull',
  /** Every few minutes: reads the Stripe events our webhook missed and applies them (reconcile.ts). */
  reconcile: 'payments-reconcile',
  /** Tells the network a pool's lines and end, or that it stopped ({ poolIds }; connectivity/pool-sync.ts). */
  connectivityPoolSync: 'connectivity-pool-sync',
  /** Stops at the network the packages of orders whose money went back ({ cardPackageIds }; connectivity/revoke.ts). */
  connectivityRevoke: 'connectivity-revoke',
  /** Orders the eSIM profiles of paid eSIM shop orders from the connectivity provider ({ orderIds }). */
  esimProfileOrder: 'esim-profile-order',
} as const;

/** How long a job may run before it counts as lost (its worker died) and is run again, seconds. */
const DEFAULT_EXPIRY_SECONDS = 180;
const QUEUE_EXPIRY_SECONDS: Partial<Record<QueueName, number>> = {
  // One stored event or one delivery: seconds of work, so a lost one is taken over soon.
  [QUEUES.processEvent]: 60,
  [QUEUES.sandboxDelivery]: 60,
  // Lists of up to ITEMS_PER_JOB mails or outside charges, 16 at a time.
  [QUEUES.receipt]: 900,
  [QUEUES.renewalRemind]: 900,
  [QUEUES.renewalCharge]: 900,
  [QUEUES.reconcile]: 900,
};

/**
 * Items (renewals, receipts) per job for work done set-wise: a job's cost in the queue is paid once per list, and a
 * failed list is retried whole (its handler skips what an earlier run finished).
 */
export const ITEMS_PER_JOB = 500;

/** The ids of jobs that carry a list, or (as queued by an earlier version) one id. */
export function itemIds<K extends string>(jobs: ReadonlyArray<Partial<Record<K, unknown>>>, list: K, one: string) {
  return jobs.flatMap((job) => {
    const ids = job[list];
    if (Array.isArray(ids)) return ids.map(Number);
    const single = (job as Record<string, unknown>)[one];
    return typeof single === 'number' ? [single] : [];
  });
}
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface SendOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one job with this key waiting at a time. */
  singletonKey?: string;
}

export interface WorkOptions {
  /** Jobs fetched at once; the handler runs for each of them concurrently (handlers never throw for one job). */
  batchSize?: number;
  /** Independent pollers on this instance. */
  workers?: number;
}

export interface JobQueue {
  /** Installs or upgrades the queue's tables (idempotent) and creates the queues. */
  start(): Promise<void>;
  /** Adds a job on `q`: inside a transaction the job exists only if the transaction commits. */
  send(q: Queryable, name: QueueName, data: object, options?: SendOptions): Promise<void>;
  /** Adds many jobs of one queue in one statement. */
  sendMany(q: Queryable, name: QueueName, jobs: ReadonlyArray<{ data: object } & SendOptions>): Promise<void>;
  /** Runs `handler` for each job of the queue on this instance; a throw retries it later. */
  work<T extends object>(name: QueueName, handler: (data: T) => Promise<void>, options?: WorkOptions): Promise<void>;
  /**
   * Runs `handler` once per batch of fetched jobs (up to `batchSize`), for work done set-wise; a throw retries the
   * whole batch later, so the handler must skip what an earlier run of it finished.
   */
  workBatch<T extends object>(
    name: QueueName,
    handler: (data: T[]) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** A job of `name` on a cron schedule (pg-boss keeps one schedule for all instances). */
  schedule(name: QueueName, cron: string): Promise<void>;
  stop(): Promise<void>;
  /** Jobs waiting or running, by queue and state, with the age of the oldest (metrics). */
  stats(): Promise<Array<{ queue: string; state: string; count: number; oldestSeconds: number }>>;
  /** The queue's tables answer (readiness), opening the queue if nothing has yet; false after stop. */
  reachable(): Promise<boolean>;
}

function adapter(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      return { rows: await q.query(text, values ?? []) };
    },
  };
}

/** pg-boss's statements that complete or fail given jobs (plans.completeJobs, plans.failJobsById). */
const BY_JOB_ID = /id IN \(SELECT UNNEST\(\$2::uuid\[\]\)\)/;

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Run pg-boss's maintenance (expiring stuck jobs, archiving); on where workers run. */
  supervise?: boolean;
  onError?: (error: unknown) => void;
}

export function createJobQueue(db: Db, options: JobQueueOptions = {}): JobQueue {
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  // pg-boss completes or fails a job without awaiting it; one finishing after stop() would hit a closed database and
  // reject unhandled. After stop its own statements are dropped: such a job stays active and is retried on expiry.
  // A dropped statement answers no result at all (not an empty one): pg-boss reads a completion's or fetch's missing
  // result as nothing done, where an empty list of rows would throw in its unawaited completion.
  let stopped = false;
  /** pg-boss's schema, quoted (known once started). */
  let schemaName = 'pgboss';
  // The queue's own statements (polls, completions, maintenance) touch only its tables: not announced as changes.
  const own: PgBoss.Db = {
    async executeSql(text: string, values: unknown[]) {
      if (stopped) return undefined as unknown as { rows: unknown[] };
      try {
        return { rows: await db.untracked.query(text, values ?? []) };
      } catch (error) {
        // A job's completion or failure by id, which pg-boss sends without awaiting: failing (the database
        // restarting) it would reject unhandled and end the process. Answered as nothing done instead: the job
        // stays active and runs again once it expires (its handler is idempotent).
        if (!BY_JOB_ID.test(text)) throw error;
        options.onError?.(error);
        return undefined as unknown as { rows: unknown[] };
      }
    },
  };

  async function open(): Promise<PgBoss> {
    // A database whose connections put another schema first (each test file has its own) keeps the queue's tables
    // beside its own, so they go away together; otherwise pg-boss's usual schema.
    const row = await db.one<{ schema: string }>(`SELECT current_schema() AS schema`);
    const schema = row && row.schema !== 'public' ? row.schema : 'pgboss';
    schemaName = `"${schema.replace(/"/g, '""')}"`;
    const instance = new PgBoss({
      db: own,
      schema,
      supervise: options.supervise ?? false,
      // Cron schedules are kept where the workers run.
      schedule: options.supervise ?? false,
      migrate: true,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    });
    instance.on('error', (error: unknown) => options.onError?.(error));
    await instance.start();
    for (const name of Object.values(QUEUES)) {
      // Each handler is idempotent, so a job that fails or whose worker died is simply run again later: a job held
      // by an instance that was killed is given to another once it expires (pg-boss's default, 15 minutes, would
      // keep a paid order waiting that long). The options are applied to queues an earlier version created too.
      const options = {
        name,
        retryLimit: 12,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: QUEUE_EXPIRY_SECONDS[name] ?? DEFAULT_EXPIRY_SECONDS,
      };
      await instance.createQueue(name, options);
      await instance.updateQueue(name, options);
    }
    boss = instance;
    return instance;
  }

  const started = () => {
    starting ??= open();
    return starting;
  };

  const workBatch: JobQueue['workBatch'] = async (name, handler, workOptions = {}) => {
    const instance = boss ?? (await started());
    const batchSize = workOptions.batchSize ?? 1;
    for (let index = 0; index < (workOptions.workers ?? 1); index += 1) {
      let workerId = '';
      workerId = await instance.work<object>(name, { batchSize }, async (jobs) => {
        await handler(jobs.map((job) => job.data as never));
        // A full batch means more are waiting: fetch again at once instead of after the polling interval.
        if (jobs.length === batchSize) instance.notifyWorker(workerId);
      });
    }
  };

  return {
    async start() {
      await started();
    },
    async send(q, name, data, sendOptions = {}) {
      const instance = boss ?? (await started());
      await instance.send(name, data, {
        db: adapter(q),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    async sendMany(q, name, jobs) {
      if (jobs.length === 0) return;
      const instance = boss ?? (await started());
      await instance.insert(
        jobs.map((job) => ({
          name,
          data: job.data,
          ...(job.startAfterSeconds ? { startAfter: String(Math.ceil(job.startAfterSeconds)) } : {}),
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        })),
        { db: adapter(q) },
      );
    },
    async work(name, handler, workOptions = {}) {
      await workBatch(
        name,
        async (items) => {
          if (items.length === 1) await handler(items[0] as never);
          else await Promise.all(items.map((item) => handler(item as never)));
        },
        workOptions,
      );
    },
    workBatch,
    async schedule(name, cron) {
      const instance = boss ?? (await started());
      await instance.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async stats() {
      if (!boss || stopped) return [];
      const rows = await db.untracked.query<{ queue: string; state: string; count: number; oldest: number }>(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count,
                COALESCE(EXTRACT(EPOCH FROM now() - min(created_on)), 0)::float8 AS oldest
           FROM ${schemaName}.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
      );
      return rows.map((row) => ({ queue: row.queue, state: row.state, count: row.count, oldestSeconds: row.oldest }));
    },
    async reachable() {
      if (stopped) return false;
      try {
        // An instance that has sent nothing yet opens the queue here (as its first send would).
        await (boss ?? started());
        await db.untracked.query(`SELECT 1 FROM ${schemaName}.version LIMIT 1`);
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (!starting) return;
      const instance = await starting.catch(() => undefined);
      await instance?.stop({ graceful: true, wait: true, timeout: 5_000 });
      stopped = true;
    },
  };
}
