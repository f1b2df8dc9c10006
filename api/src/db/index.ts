import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { PgliteWorkerData, PgliteWorkerMessage, PgliteWorkerRequest } from './pglite-worker';

// int8 (bigint) and numeric come back as strings by default; our ids, byte counts and minor-unit amounts all fit
// comfortably in a double, so parse them once here instead of at every call site.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** A result row; repositories name its columns with an interface. */
export type Row = object;

/** The part of a connection that repositories need: plain parameterised SQL. */
export interface Queryable {
  query<R extends Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  one<R extends Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
}

export interface Db extends Queryable {
  /** 'pglite' when the embedded database is in use, 'postgres' for a DATABASE_URL server. */
  readonly kind: 'pglite' | 'postgres';
  readonly pool: pg.Pool;
  /**
   * The same connections for statements that only touch tables no row cache keeps (the job queue's own: pg-boss
   * polls several times a second): they are not announced to onChange, so they never drop the card page's rows.
   */
  readonly untracked: Queryable;
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: writes the data folder as a tar file that `loadFrom` can start from (test templates). */
  snapshot?(file: string): Promise<void>;
  /**
   * Runs `listener` whenever the data may have changed: when this process sends a statement that is not a SELECT
   * and when it completes, when a transaction begins and when it commits, and on PostgreSQL when another process
   * commits a change the tables announce (migration 010, channel esim_change). Returns the unsubscribe function.
   */
  onChange(listener: () => void): () => void;
  /**
   * Whether a change made by another process reaches onChange now: always on PGlite (no other process opens its data
   * folder); on PostgreSQL while the listening connection is up.
   */
  hearsOthers(): boolean;
}

/** The channel migration 010's triggers notify. */
export const CHANGE_CHANNEL = 'esim_change';
/** A statement that only reads (may change nothing another read would see); anything else counts as a write. */
const READ_ONLY = /^\s*select\b/i;

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' (or undefined with memory: true) for a throw-away database. */
  pgliteDir?: string;
  /** Use an in-memory PGlite (tests). */
  memory?: boolean;
  /**
   * PostgreSQL only: a schema to create and put first on every connection's search_path, so that parallel test
   * files get their own tables on one server. Dropped again by close() when dropSchemaOnClose is set.
   */
  schema?: string;
  dropSchemaOnClose?: boolean;
  /** PGlite only: start from this data-folder snapshot (see Db.snapshot) instead of an empty cluster. */
  pgliteLoadFrom?: string;
  maxConnections?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Names for parameterised statements on PostgreSQL, one per SQL text: each pooled connection then parses and plans
 * a statement once and afterwards only binds and executes it (planning the card page's query cost more than running
 * it: bench:api). Capped, so SQL built at run time could never grow the server's statement caches without end.
 * On PGlite every pooled connection shares its one session; its worker answers a repeated Parse of a statement that
 * is already there (pglite-worker.ts), so that planning happens once there too.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = 500) {}

  nameFor(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < this.max) {
      name = `q${this.names.size + 1}`;
      this.names.set(sql, name);
    }
    return name;
  }
}

/** The server refused the connection before any statement ran (starting up, shutting down, not listening). */
const NEVER_SENT = new Set(['57P03', 'ECONNREFUSED']);
/** The connection went away; a read can simply be asked again, a write might have happened. */
const CONNECTION_LOST = new Set(['57P01', '57P02', '08006', 'ECONNRESET', 'EPIPE']);
/** How long a statement outside a transaction waits for the database to come back (a restart, a failover). */
const OUTAGE_WAIT_MS = 5_000;

/**
 * Whether a statement that failed this way can be sent again: always when it never reached the server, and a read
 * also when the connection was lost under it.
 */
export function worthRetrying(error: unknown, sql: string, idempotent = false): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NEVER_SENT.has(code)) return true;
  if (!idempotent && !READ_ONLY.test(sql)) return false;
  if (typeof code === 'string' && CONNECTION_LOST.has(code)) return true;
  return error instanceof Error && /^Connection terminated/.test(error.message);
}

/**
 * Runs `attempt` again (100 ms, then doubling up to 1 s apart) while it fails in a way worthRetrying allows;
 * `idempotent`: a write that may safely happen twice (a rate-limit counter) counts as a read.
 */
export async function duringOutage<T>(
  attempt: () => Promise<T>,
  sql: string,
  waitMs: number,
  idempotent = false,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1_000)) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() + delay > deadline || !worthRetrying(error, sql, idempotent)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function wrap(
  client: { query: pg.Pool['query'] },
  statements?: StatementNames,
  changed?: () => void,
  /** Pool statements (no transaction): sent again while the database restarts (see worthRetrying). */
  outageWaitMs = 0,
): Queryable {
  // Only statements with parameters: they are single statements by construction (a multi-statement text, e.g. a
  // migration, has none and must stay on the simple protocol).
  const sendOnce = (sql: string, params: readonly unknown[]) => {
    const name = statements && params.length > 0 ? statements.nameFor(sql) : undefined;
    return name === undefined
      ? client.query(sql, params as unknown[])
      : client.query({ name, text: sql, values: params as unknown[] });
  };
  const send = (sql: string, params: readonly unknown[]) =>
    duringOutage(() => sendOnce(sql, params), sql, outageWaitMs);
  // A write is announced as it is sent and again once it is done: a read that started before it ends either way
  // (what it saw cannot be kept), and one in between is dropped by the second announcement.
  const run = async (sql: string, params: readonly unknown[]) => {
    if (!changed || READ_ONLY.test(sql)) return send(sql, params);
    changed();
    try {
      return await send(sql, params);
    } finally {
      changed();
    }
  };
  return {
    async query<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const result = await run(sql, params);
      return result.rows as R[];
    },
    async one<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<R | undefined> {
      const result = await run(sql, params);
      return result.rows[0] as R | undefined;
    },
  };
}

/** Others' changes heard by a database (PostgreSQL's LISTEN): started with the first listener, stopped on close. */
export interface OthersFeed {
  start(announce: () => void): void;
  hears(): boolean;
  stop(): Promise<void>;
}

const PGLITE_FEED: OthersFeed = { start: () => undefined, hears: () => true, stop: async () => undefined };

function makeDb(kind: Db['kind'], pool: pg.Pool, onClose: () => Promise<void>, others: OthersFeed = PGLITE_FEED): Db {
  const statements = new StatementNames();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const base = wrap(pool, statements, changed, OUTAGE_WAIT_MS);
  let closed = false;
  return {
    kind,
    pool,
    ...base,
    untracked: wrap(pool, statements, undefined, OUTAGE_WAIT_MS),
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A checked-out connection has no listener of the pool's: the server going away (a restart, a failover) would
      // be an unhandled 'error' event and end the process. The transaction's next query fails instead, and the
      // broken connection is dropped rather than returned to the pool.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      changed();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client, statements, changed));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken ??= rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
        changed();
      }
    },
    onChange(listener) {
      listeners.add(listener);
      others.start(changed);
      return () => void listeners.delete(listener);
    },
    hearsOthers: () => others.hears(),
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await others.stop();
      await onClose();
    },
  };
}

/** How long the listening connection waits for its own probe to come back before it counts as not hearing. */
const PROBE_WAIT_MS = 5_000;

/**
 * PostgreSQL's notifications of other processes' changes (LISTEN esim_change) on a connection of its own. It counts
 * as hearing only once a probe sent from another connection (`probe`, a NOTIFY through the pool) has come back to it:
 * a connection that accepts LISTEN but is never told (a transaction-mode pooler between the api and PostgreSQL)
 * never counts. While it does not hear (not yet connected, broken, the probe late: it tries again a second later)
 * hears() is false, and every drop and every start of hearing counts as a change: nothing read before may be kept.
 */
export function postgresFeed(config: pg.ClientConfig, probe: (payload: string) => Promise<unknown>): OthersFeed {
  let client: pg.Client | null = null;
  let up = false;
  let stopped = false;
  let started = false;
  let retry: NodeJS.Timeout | undefined;
  let announce: () => void = () => undefined;
  const connect = () => {
    if (stopped) return;
    const listening = new pg.Client(config);
    const token = `probe ${process.pid} ${Date.now()} ${Math.random()}`;
    let late: NodeJS.Timeout | undefined;
    client = listening;
    const down = () => {
      clearTimeout(late);
      if (client !== listening) return;
      client = null;
      up = false;
      announce();
      listening.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(connect, 1_000).unref();
    };
    listening.on('error', down);
    listening.on('end', down);
    listening.on('notification', (message) => {
      if (message.payload === token && client === listening && !up) {
        clearTimeout(late);
        up = true;
      }
      announce();
    });
    listening
      .connect()
      .then(() => listening.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(() => {
        if (client !== listening) return;
        late = setTimeout(down, PROBE_WAIT_MS).unref();
        return probe(token);
      })
      .catch(down);
  };
  return {
    start(onChange) {
      announce = onChange;
      if (started) return;
      started = true;
      connect();
    },
    hears: () => up,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      up = false;
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

// A pooled connection that breaks while idle must not crash the process; the pool replaces it.
function quietPool(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  return pool;
}

async function createPostgresDb(options: CreateDbOptions & { databaseUrl: string }): Promise<Db> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = quietPool(
    new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    }),
  );
  return makeDb(
    'postgres',
    pool,
    async () => {
      if (schema && options.dropSchemaOnClose) {
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      }
      await pool.end();
    },
    postgresFeed({ connectionString: options.databaseUrl }, (payload) =>
      pool.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, payload]),
    ),
  );
}

/**
 * The worker's entry file, beside this module. Compiled (this module is index.js): pglite-worker.js, run by plain
 * Node, no tsx needed. From source (index.ts, under tsx or jest): pglite-worker-loader.mjs, which loads
 * pglite-worker.ts through tsx, because Node 20 cannot start a worker from a .ts file (see the loader).
 */
export function pgliteWorkerUrl(moduleUrl: string = import.meta.url): URL {
  return new URL(moduleUrl).pathname.endsWith('.ts')
    ? new URL('./pglite-worker-loader.mjs', moduleUrl)
    : new URL('./pglite-worker.js', moduleUrl);
}

function nextMessage(worker: Worker, types: PgliteWorkerMessage['type'][]): Promise<PgliteWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: PgliteWorkerMessage) => {
      if (!types.includes(message.type)) return;
      cleanup();
      resolve(message);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`PGlite worker exited with code ${code}`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

async function createPgliteDb(options: CreateDbOptions): Promise<Db> {
  const dataDir = options.memory || options.pgliteDir?.startsWith('memory://') ? undefined : options.pgliteDir;
  if (dataDir) await mkdir(path.resolve(dataDir), { recursive: true });
  const max = options.maxConnections ?? 8;
  // PGlite is one connection; our wire server (pglite-worker.ts, in a worker thread so that the WASM engine never
  // blocks this event loop) multiplexes the pool's connections onto it, so the rest of the api talks to it exactly
  // as to PostgreSQL.
  const workerData: PgliteWorkerData = {
    dataDir: dataDir ? path.resolve(dataDir) : undefined,
    maxConnections: max,
    loadFrom: options.pgliteLoadFrom,
  };
  const worker = new Worker(pgliteWorkerUrl(), { workerData });
  const started = await nextMessage(worker, ['ready', 'error']).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if (started.type !== 'ready') {
    await worker.terminate();
    throw new Error(`PGlite failed to start: ${started.type === 'error' ? started.message : 'unknown reason'}`);
  }
  const [host, port] = started.address.split(':');
  const pool = quietPool(
    new pg.Pool({ host, port: Number(port), user: 'postgres', database: 'postgres', max, idleTimeoutMillis: 0 }),
  );
  const db = makeDb('pglite', pool, async () => {
    await pool.end();
    const closed = nextMessage(worker, ['closed']).catch(() => undefined);
    const request: PgliteWorkerRequest = { type: 'close' };
    worker.postMessage(request);
    // Closing flushes the data folder; give it time, but never hang a shutdown on it.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await worker.terminate();
  });
  return {
    ...db,
    async snapshot(file: string) {
      const done = nextMessage(worker, ['snapshot']);
      const request: PgliteWorkerRequest = { type: 'snapshot', file };
      worker.postMessage(request);
      const answer = await done;
      if (answer.type === 'snapshot' && answer.error) throw new Error(`PGlite snapshot failed: ${answer.error}`);
    },
  };
}

/** DATABASE_URL → PostgreSQL; otherwise the embedded PGlite (data folder or in memory) behind a local socket. */
export async function createDb(options: CreateDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) return createPostgresDb({ ...options, databaseUrl: options.databaseUrl });
  return createPgliteDb(options);
}
