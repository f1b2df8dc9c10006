import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { API_ROOT } from '../../src/config';
import { createDb, pgliteWorkerUrl, type Db } from '../../src/db/index';
import { migrate } from '../../src/db/migrate';

jest.setTimeout(60_000);

// The embedded database keeps its data folder: what one start wrote, the next start reads.
describe('PGlite data folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-pglite-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('survives a restart', async () => {
    const first = await createDb({ pgliteDir: dir });
    expect(first.kind).toBe('pglite');
    expect(await migrate(first)).toContain(1);
    await first.query(`INSERT INTO config (key, value) VALUES ('restart_probe', '"written before restart"')`);
    await first.close();

    const second = await createDb({ pgliteDir: dir });
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await second.one(`SELECT value FROM config WHERE key = 'restart_probe'`)).toEqual({
        value: 'written before restart',
      });
    } finally {
      await second.close();
    }
  });
});

// ---- the wire server (src/db/pglite-worker.ts) ----

/** A minimal PostgreSQL wire client: sends raw frontend messages and collects the backend's, to control interleaving. */
class WireClient {
  private received = Buffer.alloc(0);
  private readonly messages: Array<{ type: string; body: Buffer }> = [];
  private waiter: (() => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (data: Buffer) => {
      this.received = Buffer.concat([this.received, data]);
      while (this.received.length >= 5) {
        const length = 1 + this.received.readInt32BE(1);
        if (this.received.length < length) break;
        this.messages.push({
          type: String.fromCharCode(this.received[0] ?? 0),
          body: this.received.subarray(5, length),
        });
        this.received = this.received.subarray(length);
      }
      this.waiter?.();
    });
  }

  /** Connects and sends the startup packet; `connect` also waits until the session is ready. */
  static async open(db: Db): Promise<WireClient> {
    const { host, port } = db.pool.options as { host: string; port: number };
    const socket = net.connect(port, host);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const client = new WireClient(socket);
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + params.length, 0);
    startup.writeInt32BE(196608, 4); // protocol 3.0
    socket.write(Buffer.concat([startup, params]));
    return client;
  }

  static async connect(db: Db): Promise<WireClient> {
    const client = await WireClient.open(db);
    await client.until('Z');
    return client;
  }

  /** Messages received so far (and not yet taken). */
  get count(): number {
    return this.messages.length;
  }

  /** Waits for a message of this type (or one of these) and takes every message up to it. */
  async until(type: string, timeoutMs = 10_000): Promise<Array<{ type: string; body: Buffer }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex((message) => type.includes(message.type));
      if (index !== -1) return this.messages.splice(0, index + 1);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no '${type}' within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  close(): void {
    this.socket.destroy();
  }
}

function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (value: number) => Buffer.from([(value >> 8) & 0xff, value & 0xff]);
const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};
/** Parse + Bind (one text parameter) of the unnamed statement and portal, then Describe + Execute. */
const parseBind = (sql: string, param: string) => [
  message('P', Buffer.concat([cstring(''), cstring(sql), int16(0)])),
  message(
    'B',
    Buffer.concat([
      cstring(''),
      cstring(''),
      int16(0), // parameter formats: all text
      int16(1),
      int32(Buffer.byteLength(param)),
      Buffer.from(param),
      int16(0), // result formats: all text
    ]),
  ),
];
const describeExecute = () => [message('D', Buffer.from('P\0')), message('E', Buffer.concat([cstring(''), int32(0)]))];
const sync = () => message('S');
const flush = () => message('H');
/** The text values of the DataRow messages (one column). */
const rows = (messages: Array<{ type: string; body: Buffer }>) =>
  messages
    .filter((m) => m.type === 'D')
    .map((m) => {
      const length = m.body.readInt32BE(2);
      return m.body.subarray(6, 6 + length).toString();
    });
const errors = (messages: Array<{ type: string; body: Buffer }>) =>
  messages.filter((m) => m.type === 'E').map((m) => m.body.toString().replace(/\0/g, ' '));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Regression tests for the reason our wire server exists: upstream pglite-socket interleaves the extended-protocol
 * messages of concurrent connections on PGlite's one session (https://github.com/electric-sql/pglite/issues/1046,
 * https://github.com/electric-sql/pglite/pull/977). Always PGlite, whether or not DATABASE_URL is set.
 */
describe('PGlite wire server: concurrent connections', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({ memory: true, maxConnections: 8 });
    await db.query('CREATE TABLE probe (id serial PRIMARY KEY, who text NOT NULL)');
  });
  afterAll(async () => db.close());

  it('starts the worker from source through the loader, and from pglite-worker.js when compiled', () => {
    expect(pgliteWorkerUrl('file:///srv/api/src/db/index.ts').pathname).toBe(
      '/srv/api/src/db/pglite-worker-loader.mjs',
    );
    expect(pgliteWorkerUrl('file:///srv/api/dist/db/index.js').pathname).toBe('/srv/api/dist/db/pglite-worker.js');
  });

  it("never runs another connection's statement between one connection's Parse/Bind and its Execute", async () => {
    const a = await WireClient.connect(db);
    const b = await WireClient.connect(db);
    try {
      // A: Parse + Bind now, Execute + Sync later. Nothing of A runs before its Sync, so B is not held up.
      a.send(...parseBind('SELECT $1::text AS who', 'from A'));
      await sleep(50);
      b.send(...parseBind('SELECT $1::text || $1::text AS who', 'from B'), ...describeExecute(), sync());
      expect(rows(await b.until('Z'))).toEqual(['from Bfrom B']);
      a.send(...describeExecute(), sync());
      const answer = await a.until('Z');
      expect(errors(answer)).toEqual([]);
      expect(rows(answer)).toEqual(['from A']);
    } finally {
      a.close();
      b.close();
    }
  });

  it('keeps an exchange left open by Flush to its connection until its Sync', async () => {
    const a = await WireClient.connect(db);
    const b = await WireClient.connect(db);
    try {
      a.send(...parseBind('SELECT $1::text AS who', 'from A'), flush());
      await a.until('2'); // ParseComplete, BindComplete: A's unnamed portal now exists on the session
      b.send(...parseBind('SELECT $1::text AS who', 'from B'), ...describeExecute(), sync());
      await sleep(100);
      expect(b.count).toBe(0); // B waits for A's exchange
      a.send(...describeExecute(), sync());
      const answerA = await a.until('Z');
      expect(errors(answerA)).toEqual([]);
      expect(rows(answerA)).toEqual(['from A']);
      expect(rows(await b.until('Z'))).toEqual(['from B']);
    } finally {
      a.close();
      b.close();
    }
  });

  it('rolls back what an exchange executed when its connection leaves it open and goes away', async () => {
    const a = await WireClient.connect(db);
    a.send(...parseBind('INSERT INTO probe (who) VALUES ($1) RETURNING who', 'abandoned exchange'));
    a.send(...describeExecute(), flush());
    expect(rows(await a.until('C'))).toEqual(['abandoned exchange']); // executed, not yet synced
    a.close();
    expect(await db.query(`SELECT who FROM probe WHERE who = 'abandoned exchange'`)).toEqual([]);
    expect(await db.query('SELECT $1::text AS next', ['served'])).toEqual([{ next: 'served' }]);
  });

  it('answers a connection over its limit like PostgreSQL (53300), and serves the others on', async () => {
    const clients: WireClient[] = [];
    try {
      let refusal: string[] = [];
      for (let i = 0; i < 40 && refusal.length === 0; i += 1) {
        const client = await WireClient.open(db);
        clients.push(client);
        refusal = errors(await client.until('ZE'));
      }
      expect(refusal).toEqual([expect.stringContaining('53300')]);
      expect(clients.length).toBeGreaterThan(8); // room beyond the pool's size (8 here)
    } finally {
      for (const client of clients) client.close();
    }
    expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('answers many concurrent parameterised queries of different shapes, each with its own rows', async () => {
    const work = Array.from({ length: 240 }, async (_, i) => {
      switch (i % 3) {
        case 0:
          return expect(await db.query('SELECT $1::int AS n', [i])).toEqual([{ n: i }]);
        case 1:
          return expect(await db.query('SELECT $1::text AS s, $2::int * 2 AS m', [`q${i}`, i])).toEqual([
            { s: `q${i}`, m: i * 2 },
          ]);
        default:
          return expect(
            (await db.query<{ g: number }>('SELECT generate_series(1, $1::int) AS g', [i % 7])).map((row) => row.g),
          ).toEqual(Array.from({ length: i % 7 }, (_unused, k) => k + 1));
      }
    });
    await Promise.all(work);
  });

  // pg's Pool drops a connection whose query failed and opens another: the server must not refuse the new one
  // while the old one is still closing (it did, with a limit of exactly the pool's size).
  it('keeps a failing statement to its own connection', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => db.query<{ q: number }>('SELECT 60 / $1::int AS q', [i % 2])),
    );
    results.forEach((result, i) => {
      if (i % 2 === 0) {
        expect(result).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      } else {
        expect(result).toEqual({ status: 'fulfilled', value: [{ q: 60 }] });
      }
    });
    expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it("runs no other connection's query inside an open transaction", async () => {
    const a = await db.pool.connect();
    try {
      await a.query('BEGIN');
      await a.query(`INSERT INTO probe (who) VALUES ('uncommitted')`);
      let seen: unknown;
      const other = db
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM probe WHERE who = 'uncommitted'`)
        .then((result) => {
          seen = result;
          return result;
        });
      await sleep(100);
      expect(seen).toBeUndefined(); // held until A ends its transaction, never run inside it
      await a.query('ROLLBACK');
      expect(await other).toEqual([{ n: 0 }]);
    } finally {
      a.release();
    }
  });

  it('rolls back the transaction of a connection that goes away, and serves the others on', async () => {
    const a = await db.pool.connect();
    await a.query('BEGIN');
    await a.query(`INSERT INTO probe (who) VALUES ('abandoned')`);
    a.release(new Error('drop this connection')); // pg closes the socket
    expect(await db.query(`SELECT count(*)::int AS n FROM probe WHERE who = 'abandoned'`)).toEqual([{ n: 0 }]);
  }, 15_000); // a clean-up that waits on PGlite's own lock hangs every later query

  it('commits concurrent transactions one after another', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.tx(async (q) => {
          await q.query('INSERT INTO probe (who) VALUES ($1)', [`tx${i}`]);
          const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE who = $1', [`tx${i}`]);
          expect(row).toEqual({ n: 1 });
        }),
      ),
    );
    expect(await db.one(`SELECT count(*)::int AS n FROM probe WHERE who LIKE 'tx%'`)).toEqual({ n: 20 });
  });

  it('carries messages larger than one network read both ways', async () => {
    const big = 'x'.repeat(2_000_000);
    const [row] = await db.query<{ length: number; tail: string }>(
      'SELECT length($1::text) AS length, right($1::text, 3) AS tail',
      [big],
    );
    expect(row).toEqual({ length: 2_000_000, tail: 'xxx' });
    expect((await db.one<{ echo: string }>('SELECT $1::text AS echo', [big]))?.echo).toBe(big);
  });
});

// A follow-up compiles the api with tsc: the compiled index.js must start pglite-worker.js beside it with plain Node
// (no tsx, no loader). Emitted here the way tsc emits each file (transpileModule), into a folder without the loader.
describe('PGlite worker of a compiled api', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-compiled-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('starts pglite-worker.js with plain Node', async () => {
    await symlink(path.join(API_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
    await mkdir(path.join(dir, 'db'));
    for (const name of ['index', 'pglite-worker']) {
      const source = await readFile(path.join(API_ROOT, 'src', 'db', `${name}.ts`), 'utf8');
      const { outputText } = ts.transpileModule(source, {
        fileName: `${name}.ts`,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      await writeFile(path.join(dir, 'db', `${name}.js`), outputText);
    }
    await writeFile(
      path.join(dir, 'run.mjs'),
      `import { createDb } from './db/index.js';
const db = await createDb({ memory: true });
const rows = await db.query('SELECT $1::text AS hello', ['from compiled JavaScript']);
await db.close();
process.stdout.write(JSON.stringify(rows));
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['run.mjs'], {
      cwd: dir,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(JSON.parse(stdout)).toEqual([{ hello: 'from compiled JavaScript' }]);
  });
});
