// PGlite behind a PostgreSQL wire-protocol socket, in a worker thread of its own. The WASM engine computes on this
// thread, so a long query never stalls the api's event loop, and the api reaches it like any PostgreSQL server
// (one `pg` Pool, the same code path as DATABASE_URL). Plain JavaScript on purpose: it runs in the worker as is,
// whatever loader or test runner started the api.
//
// Why not PGLiteSocketServer's multiplexer (@electric-sql/pglite-socket 0.2): it queues single protocol messages,
// so the Parse/Bind/Execute/Sync of two connections interleave on PGlite's one session; one connection then
// executes the other's unnamed statement ("portal does not exist", or silently wrong rows). Here a connection's
// messages up to Sync (or a simple Query) run as one unit, and while a transaction is open only its connection
// runs. Framing follows the pglite-socket handler (SSL refused with 'N', startup passed to PGlite).
import { readFile, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const TERMINATE = 0x58; // 'X'

const { dataDir, maxConnections, loadFrom } = workerData;

class Session {
  constructor(socket) {
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.started = false;
    this.pending = [];
    // A Flush without Sync leaves an extended-protocol exchange open: keep the session until its Sync.
    this.openExchange = false;
    this.closed = false;
  }

  write(data) {
    if (!this.closed && this.socket.writable) this.socket.write(Buffer.from(data));
  }
}

/** Units of work on the one PGlite session, in arrival order, owner-first while a transaction is open. */
class Scheduler {
  constructor(db) {
    this.db = db;
    this.queue = [];
    this.owner = null;
    this.running = false;
    this.closing = false;
  }

  holdsSession(session) {
    return this.owner === session && (this.db.isInTransaction() || session.openExchange);
  }

  push(session, messages, endsExchange) {
    this.queue.push({ session, messages, endsExchange });
    void this.pump();
  }

  async pump() {
    if (this.running || this.closing) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        let index = 0;
        if (this.owner && !this.owner.closed && this.holdsSession(this.owner)) {
          index = this.queue.findIndex((unit) => unit.session === this.owner);
          if (index === -1) break; // the transaction's next statement has not arrived yet
        }
        const [unit] = this.queue.splice(index, 1);
        if (unit.session.closed) continue;
        try {
          await this.db.runExclusive(async () => {
            for (const message of unit.messages) {
              await this.db.execProtocolRawStream(message, { onRawData: (data) => unit.session.write(data) });
            }
          });
        } catch (error) {
          // A protocol failure PGlite could not answer: drop that connection, keep serving the others.
          unit.session.socket.destroy(error instanceof Error ? error : new Error(String(error)));
        }
        unit.session.openExchange = !unit.endsExchange;
        this.owner = unit.session;
      }
    } finally {
      this.running = false;
    }
  }

  async release(session) {
    this.queue = this.queue.filter((unit) => unit.session !== session);
    if (this.closing) return;
    if (this.owner === session) {
      this.owner = null;
      if (this.db.isInTransaction()) {
        await this.db.runExclusive(() => this.db.exec('ROLLBACK')).catch(() => undefined);
      }
    }
    void this.pump();
  }
}

function readMessages(session, scheduler) {
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

try {
  // loadFrom: a data-folder snapshot (tar) to start from instead of running initdb, e.g. a migrated template.
  const loadDataDir = loadFrom ? new Blob([await readFile(loadFrom)]) : undefined;
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const scheduler = new Scheduler(db);
  const sessions = new Set();
  const server = net.createServer((socket) => {
    if (sessions.size >= maxConnections) {
      socket.end();
      return;
    }
    socket.setNoDelay(true);
    const session = new Session(socket);
    sessions.add(session);
    socket.on('data', (data) => {
      session.buffer = session.buffer.length === 0 ? data : Buffer.concat([session.buffer, data]);
      readMessages(session, scheduler);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      session.closed = true;
      sessions.delete(session);
      void scheduler.release(session);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();

  parentPort.on('message', async (message) => {
    if (message?.type === 'snapshot') {
      try {
        const tar = await db.dumpDataDir('none');
        const partial = `${message.file}.${process.pid}.${Date.now()}.partial`;
        await writeFile(partial, Buffer.from(await tar.arrayBuffer()));
        await rename(partial, message.file);
        parentPort.postMessage({ type: 'snapshot', file: message.file });
      } catch (error) {
        parentPort.postMessage({ type: 'snapshot', error: String(error) });
      }
      return;
    }
    if (message?.type !== 'close') return;
    try {
      scheduler.closing = true;
      await db.runExclusive(async () => undefined); // let the running unit finish
      for (const session of sessions) session.socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
      await db.close();
      parentPort.postMessage({ type: 'closed' });
    } catch (error) {
      parentPort.postMessage({ type: 'closed', error: String(error) });
    }
  });
  parentPort.postMessage({ type: 'ready', address: `127.0.0.1:${port}` });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
