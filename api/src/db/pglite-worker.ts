// PGlite behind a PostgreSQL wire-protocol socket, in a worker thread of its own: our own server, not
// @electric-sql/pglite-socket's PGLiteSocketServer.
//
// Why a worker: the WASM engine computes on this thread, so a long query never stalls the api's event loop, and the
// api reaches it like any PostgreSQL server (one `pg` Pool, the same code path as DATABASE_URL).
//
// Why our own server: PGlite is one backend session, and pglite-socket's multiplexer schedules single protocol
// messages across connections, pinning the session to one connection only while a SQL transaction is open. The
// Parse/Bind/Execute/Sync of two connections then interleave on that one session: one connection binds or
// executes the other's unnamed statement ("portal does not exist", "unnamed prepared statement does not exist", or
// silently wrong rows), and one internal throw can stall its queue for good.
//   upstream issue: https://github.com/electric-sql/pglite/issues/1046
//   proposed fix (open, unreleased at the time of writing): https://github.com/electric-sql/pglite/pull/977
// Here a connection's messages up to Sync (or one simple Query) run as one unit; after a Flush without Sync the
// exchange stays open and only that connection runs until its Sync; while a transaction is open only its connection
// runs; a unit PGlite fails on drops that connection only. Framing follows the pglite-socket handler (SSL and GSS
// encryption refused with 'N', the startup packet handed to PGlite). The regression tests are in
// api/test/db/pglite.test.ts. Once a fixed pglite-socket is released, it may replace this file if those pass.
//
// Limits of one session (PostgreSQL itself has none of these): a connection that opens a transaction holds every
// other connection until it commits or rolls back, so code inside `db.tx()` must use the transaction's own
// connection, never the pool (it would wait for itself); session state (SET, named prepared statements, LISTEN,
// temporary tables) is shared by all connections.
//
// How it is loaded: compiled, index.js starts pglite-worker.js beside it with plain Node. From source (tsx, jest),
// Node 20 cannot start a worker from a .ts file, so index.ts starts pglite-worker-loader.mjs, which imports this file
// through tsx (see there).
import { readFile, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** What index.ts hands the worker. */
export interface PgliteWorkerData {
  /** Data folder (absolute); undefined: in memory. */
  dataDir?: string;
  /**
   * The pool's size. The server accepts up to CONNECTION_HEADROOM times as many connections: pg's Pool drops a
   * connection whose query failed and opens a new one at once, before this thread has seen the old one close.
   */
  maxConnections: number;
  /** A data-folder snapshot (tar) to start from instead of running initdb, e.g. a migrated template. */
  loadFrom?: string;
}

/** Requests from index.ts. */
export type PgliteWorkerRequest = { type: 'snapshot'; file: string } | { type: 'close' };

/** Answers to index.ts. */
export type PgliteWorkerMessage =
  | { type: 'ready'; address: string }
  | { type: 'error'; message: string }
  | { type: 'closed'; error?: string }
  | { type: 'snapshot'; file?: string; error?: string };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = 0x53; // 'S'
const PARSE = 0x50; // 'P'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const TERMINATE = 0x58; // 'X'
const PARSE_COMPLETE = 0x31; // '1'
/** The backend's answer to a Parse: type '1', length 4, no body. */
const PARSE_COMPLETE_MESSAGE = Uint8Array.of(PARSE_COMPLETE, 0, 0, 0, 4);
const CONNECTION_HEADROOM = 4;

/** One client connection. */
class Session {
  /** Bytes received and not yet framed into messages. */
  buffer: Buffer = Buffer.alloc(0);
  /** The startup packet has been read; from now on every message is type byte + length. */
  started = false;
  /** Extended-protocol messages received since the last Sync/Flush. */
  pending: Uint8Array[] = [];
  /** A Flush without Sync leaves an extended-protocol exchange open: keep the session until its Sync. */
  openExchange = false;
  closed = false;

  constructor(readonly socket: net.Socket) {}

  write(data: Uint8Array): void {
    if (!this.closed && this.socket.writable) this.socket.write(Buffer.isBuffer(data) ? data : Buffer.from(data));
  }
}

/** The messages of one exchange, run on PGlite's session without another connection's in between. */
interface Unit {
  session: Session;
  messages: Uint8Array[];
  /** Sync or Query: the exchange is over. Flush: it stays open and the connection keeps the session. */
  endsExchange: boolean;
}

/** A protocol message: type byte, length, body. */
function protocolMessage(type: number, body: string): Uint8Array {
  const text = Buffer.from(body, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message[0] = type;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/**
 * Ends an exchange its connection left open (Flush, then gone): a Parse that cannot succeed makes the backend abort
 * the exchange's implicit transaction (and skip to the Sync), so nothing it executed is committed; Sync ends it.
 */
const ABORT_EXCHANGE = [protocolMessage(PARSE, '\0abandoned exchange\0\0\0'), protocolMessage(SYNC, '')];
const ROLLBACK = protocolMessage(QUERY, 'ROLLBACK\0');
/** What PostgreSQL answers a connection over max_connections (SQLSTATE 53300), before closing it. */
const TOO_MANY_CONNECTIONS = protocolMessage(
  0x45, // 'E' ErrorResponse (same framing as a frontend message)
  'SFATAL\0VFATAL\0C53300\0Msorry, too many clients already\0\0',
);

/**
 * Units of work on the one PGlite session, in arrival order, owner-first while a transaction or an exchange is open.
 * Everything that touches the session runs inside db.runExclusive (PGlite's query lock, FIFO), and the owner is
 * updated inside it too, so a connection's clean-up always sees the state its last unit left. Inside the lock only
 * the raw protocol calls are used: PGlite's exec/query take the same lock and would wait for ever.
 */
class Scheduler {
  private queue: Unit[] = [];
  /**
   * Named statements prepared on the session, by name, with the Parse message that made them. Every pooled
   * connection is a `pg` client that parses a named statement once per connection, but here they all share one
   * session, where the second Parse of a name would fail ("already exists"). A Parse identical to one that already
   * succeeded is answered ParseComplete without running it: the statement is there, planned once for everyone.
   */
  private readonly prepared = new Map<string, Buffer>();
  private owner: Session | null = null;
  private running = false;
  closing = false;

  constructor(private readonly db: PGlite) {}

  private holdsSession(session: Session): boolean {
    return this.owner === session && (this.db.isInTransaction() || session.openExchange);
  }

  /**
   * Runs one unit's messages and answers them in one socket write: PGlite hands its output over in many small
   * chunks, and a write per chunk (and a file-system sync per message) cost more than the query (bench:api
   * --cpu-prof). The file system is synced once, after the unit's last message.
   */
  private async run(messages: Uint8Array[], session: Session): Promise<void> {
    const chunks: Uint8Array[] = [];
    const onRawData = (data: Uint8Array) => void chunks.push(data.slice());
    try {
      for (const [index, message] of messages.entries()) {
        const statement = message[0] === PARSE ? statementName(message) : '';
        if (statement !== '' && this.prepared.get(statement)?.equals(message)) {
          chunks.push(PARSE_COMPLETE_MESSAGE);
          continue;
        }
        const before = chunks.length;
        await this.db.execProtocolRawStream(message, { onRawData, syncToFs: index === messages.length - 1 });
        if (statement !== '' && chunks[before]?.[0] === PARSE_COMPLETE) {
          this.prepared.set(statement, Buffer.from(message));
        }
      }
    } finally {
      if (chunks.length > 0) session.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    }
  }

  push(session: Session, messages: Uint8Array[], endsExchange: boolean): void {
    this.queue.push({ session, messages, endsExchange });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.running || this.closing) return;
    this.running = true;
    try {
      while (this.queue.length > 0 && !this.closing) {
        let index = 0;
        if (this.owner && !this.owner.closed && this.holdsSession(this.owner)) {
          const owner = this.owner;
          index = this.queue.findIndex((unit) => unit.session === owner);
          if (index === -1) break; // the transaction's (or exchange's) next message has not arrived yet
        }
        const [unit] = this.queue.splice(index, 1);
        if (!unit || unit.session.closed) continue;
        await this.db.runExclusive(async () => {
          try {
            await this.run(unit.messages, unit.session);
          } catch (error) {
            // A protocol failure PGlite could not answer: drop that connection, keep serving the others.
            unit.session.socket.destroy(error instanceof Error ? error : new Error(String(error)));
          }
          unit.session.openExchange = !unit.endsExchange;
          this.owner = unit.session;
        });
      }
    } finally {
      this.running = false;
    }
  }

  /** A connection closed: forget its queued work, end an exchange it left open and roll back its transaction. */
  release(session: Session): void {
    this.queue = this.queue.filter((unit) => unit.session !== session);
    if (this.closing) return;
    // Called from the socket's close event, so this clean-up is queued on the lock before any later unit.
    void this.db
      .runExclusive(async () => {
        if (this.owner !== session) return;
        this.owner = null;
        // The connection is gone: its answers go nowhere (a closed session drops writes).
        if (session.openExchange) await this.run(ABORT_EXCHANGE, session);
        session.openExchange = false;
        if (this.db.isInTransaction()) await this.run([ROLLBACK], session);
      })
      .catch(() => undefined)
      .then(() => this.pump());
  }
}

/** The statement name of a Parse message (type, length, then the name as a C string); '' for the unnamed one. */
function statementName(message: Uint8Array): string {
  const end = message.indexOf(0, 5);
  return end <= 5 ? '' : Buffer.from(message.subarray(5, end)).toString('utf8');
}

/** Frames the bytes received so far into messages and queues every complete exchange. */
function readMessages(session: Session, scheduler: Scheduler): void {
  for (;;) {
    const buffer = session.buffer;
    if (!session.started) {
      if (buffer.length < 8) return;
      const length = buffer.readInt32BE(0);
      const code = buffer.readInt32BE(4);
      if (length === 8 && (code === SSL_REQUEST || code === GSSENC_REQUEST)) {
        session.buffer = buffer.subarray(8);
        session.socket.write('N');
        continue;
      }
      if (length === 16 && code === CANCEL_REQUEST) {
        session.socket.end(); // PGlite has no backend to signal
        return;
      }
      if (buffer.length < length) return;
      session.buffer = buffer.subarray(length);
      session.started = true;
      scheduler.push(session, [Uint8Array.from(buffer.subarray(0, length))], true);
      continue;
    }
    if (buffer.length < 5) return;
    const length = 1 + buffer.readInt32BE(1);
    if (buffer.length < length) return;
    const type = buffer[0];
    const message = Uint8Array.from(buffer.subarray(0, length));
    session.buffer = buffer.subarray(length);
    if (type === TERMINATE) {
      session.socket.end();
      return;
    }
    session.pending.push(message);
    if (type === SYNC || type === QUERY || type === FLUSH) {
      scheduler.push(session, session.pending, type !== FLUSH);
      session.pending = [];
    }
  }
}

async function snapshot(db: PGlite, file: string): Promise<void> {
  const tar = await db.dumpDataDir('none');
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await writeFile(partial, Buffer.from(await tar.arrayBuffer()));
  await rename(partial, file);
}

async function serve(port: MessagePort, { dataDir, maxConnections, loadFrom }: PgliteWorkerData): Promise<void> {
  const answer = (message: PgliteWorkerMessage) => port.postMessage(message);
  const loadDataDir = loadFrom ? new Blob([await readFile(loadFrom)]) : undefined;
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const scheduler = new Scheduler(db);
  const sessions = new Set<Session>();
  const server = net.createServer((socket) => {
    if (sessions.size >= maxConnections * CONNECTION_HEADROOM) {
      socket.end(TOO_MANY_CONNECTIONS);
      return;
    }
    socket.setNoDelay(true);
    const session = new Session(socket);
    sessions.add(session);
    socket.on('data', (data: Buffer) => {
      session.buffer = session.buffer.length === 0 ? data : Buffer.concat([session.buffer, data]);
      readMessages(session, scheduler);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      session.closed = true;
      sessions.delete(session);
      scheduler.release(session);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port: tcpPort } = server.address() as net.AddressInfo;

  const close = async () => {
    scheduler.closing = true;
    await db.runExclusive(async () => undefined); // let the running unit finish
    for (const session of sessions) session.socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  };

  port.on('message', (request: PgliteWorkerRequest) => {
    if (request.type === 'snapshot') {
      snapshot(db, request.file).then(
        () => answer({ type: 'snapshot', file: request.file }),
        (error: unknown) => answer({ type: 'snapshot', error: String(error) }),
      );
    } else if (request.type === 'close') {
      close().then(
        () => answer({ type: 'closed' }),
        (error: unknown) => answer({ type: 'closed', error: String(error) }),
      );
    }
  });
  answer({ type: 'ready', address: `127.0.0.1:${tcpPort}` });
}

if (!parentPort) throw new Error('pglite-worker runs in a worker thread started by createDb()');
const port = parentPort;
await serve(port, workerData as PgliteWorkerData).catch((error: unknown) => {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  } satisfies PgliteWorkerMessage);
});
