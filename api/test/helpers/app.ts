import './esm-interop';
import { createHash, randomBytes } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FastifyInstance } from 'fastify';
import { type CallResponse } from 'shared-contracts/schemas';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { createDb, type Db } from '../../src/db/index';
import { loadMigrations, migrate } from '../../src/db/migrate';
import { API_ROOT } from '../../src/config';
import { createMemoryMailer, type MailMessage, type Mailer } from '../../src/mail';
import { seed } from '../../src/seed';

// PGlite needs a few seconds to start; one database and one app per test file keeps the suite fast.
jest.setTimeout(60_000);

/**
 * A migrated PGlite data folder as a tar file in the temp folder, keyed by the migrations and the PGlite version:
 * starting from it skips initdb and the migrations (about 1 s instead of 3-7 s per test file).
 */
async function migratedTemplate(): Promise<string> {
  const migrations = await loadMigrations();
  const pgliteVersion = JSON.parse(
    await readFile(path.join(API_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  const key = createHash('sha256')
    .update(pgliteVersion.version)
    .update(JSON.stringify(migrations))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `esim-api-pglite-template-${key}.tar`);
  try {
    await access(file);
    return file;
  } catch {
    const db = await createDb({ memory: true });
    try {
      await migrate(db);
      await db.snapshot?.(file);
    } finally {
      await db.close();
    }
    return file;
  }
}

/**
 * In-memory PGlite by default. With DATABASE_URL, the PostgreSQL server at that URL, in a fresh schema of its own
 * (dropped on close), so parallel test files never see each other's rows. `migrated` starts from the current schema.
 */
export async function createTestDb(options: { migrated?: boolean } = {}): Promise<Db> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const db = await createDb({
      databaseUrl,
      schema: `test_${randomBytes(6).toString('hex')}`,
      dropSchemaOnClose: true,
      maxConnections: 4,
    });
    if (options.migrated) await migrate(db);
    return db;
  }
  if (options.migrated) return createDb({ memory: true, pgliteLoadFrom: await migratedTemplate() });
  return createDb({ memory: true });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  mailer: Mailer & { sent: MailMessage[] };
  close(): Promise<void>;
}

/** buildApp's options but the database and the mailer (the test's own), and whether to seed (default yes). */
export type TestAppOptions = { seed?: boolean } & Partial<Omit<BuildAppOptions, 'db' | 'mailer'>>;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { seed: withSeed = true, ...appOptions } = options;
  const db = await createTestDb({ migrated: true });
  await migrate(db);
  if (withSeed) await seed(db);
  const mailer = createMemoryMailer();
  const app = await buildApp({
    db,
    mailer,
    authRateLimit: { max: 1000, timeWindowMs: 60_000 },
    addressRateLimit: { max: 1000, timeWindowMs: 60_000 },
    // No load shedding unless a test asks for it: on a busy machine (CI's two cores while a build or other test files
    // run) a second's event-loop lag would answer a test's first requests 503/10007, as a busy server should.
    ...appOptions,
    observability: { maxEventLoopDelayMs: 0, ...appOptions.observability },
  });
  return {
    app,
    db,
    mailer,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** A clock for buildApp's `clock` that tests move forward instead of sleeping (real time plus an offset). */
export function testClock(): { now: () => Date; advance(ms: number): void } {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  prefix?: '/eshop' | '/eshop/api';
  ip?: string;
}

/** POSTs a JSON body the way the shared client does and returns the HTTP status with the parsed envelope. */
export async function post<T = unknown>(
  app: FastifyInstance,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const response = await app.inject({
    method: 'POST',
    url: `${options.prefix ?? '/eshop'}${path}`,
    headers,
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>(), headers: response.headers };
}

/** The six-digit code of the latest mail to the address (the memory mailer keeps every mail). */
export function lastCodeTo(mailer: { sent: MailMessage[] }, to: string): string {
  const mail = [...mailer.sent].reverse().find((message) => message.to === to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** What login, sign-up, reset and third-party login answer: the receipt, the e-mail and the user id. */
export type AuthSession = CallResponse<'login'>;

/** A new account, signed up with the code mailed to it; answers its receipt. */
export async function signUp(t: Pick<TestApp, 'app' | 'mailer'>, email: string, password = 'first-password') {
  const asked = await post(t.app, '/user/auth/getcode', { email, scene: 'signup' });
  if (asked.body.code !== 10000) throw new Error(`getcode failed: ${asked.body.code} ${asked.body.message}`);
  const code = lastCodeTo(t.mailer, email);
  const { body } = await post<AuthSession>(t.app, '/user/auth/signup', { email, password, code });
  if (body.code !== 10000) throw new Error(`sign-up failed: ${body.code} ${body.message}`);
  return body.data;
}

export async function loginDemo(app: FastifyInstance, email = 'demo@example.com', password = 'demo-password-1') {
  const { body } = await post<AuthSession>(app, '/user/auth/login', {
    email,
    password,
  });
  if (body.code !== 10000) throw new Error(`demo login failed: ${body.code} ${body.message}`);
  return body.data;
}
