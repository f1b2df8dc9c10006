// The api as `pnpm start` starts it (api's `serve` script: node dist/server.js, compiled first), on a database of its own: a
// fresh PGlite folder, or with DATABASE_URL a fresh schema on that server, dropped again at the end.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { onCleanup, startNode, waitForUrl } from './processes.mjs';
import { API_BUILD, API_SERVER, apiRequire, DEMO, ROOT } from './workspace.mjs';

/** A database nobody else uses: env for the api, undone by the run's cleanup. */
async function freshDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-bench-db-'));
    onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
    return { kind: 'pglite', env: { PGLITE_DIR: dir } };
  }
  // pg at the api's own version; the schema goes first on the api's search_path, like the e2e set-up does.
  const { Client } = apiRequire('pg');
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  onCleanup(async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return { kind: `postgresql (schema ${schema})`, env: { DATABASE_URL: withSchema.toString() } };
}

/**
 * Starts the api on `port` with the demo data and waits for /eshop/health.
 * The api is compiled first (about a second, so it is never stale) and runs as `pnpm start` runs it: plain Node on
 * dist/server.js, nodeFlags (e.g. --cpu-prof) passed to that node.
 * @param {{ port: number, logDir: string, shellOrigin?: string, nodeFlags?: string[], env?: Record<string,string> }} o
 */
export async function startApi({ port, logDir, shellOrigin, nodeFlags, env = {} }) {
  const database = await freshDatabase();
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-bench-mail-'));
  onCleanup(() => fs.rmSync(outbox, { recursive: true, force: true }));
  const startedAt = Date.now();
  const built = spawnSync(process.execPath, [API_BUILD], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the api did not compile (api/scripts/build.mjs)');
  const args = [...(nodeFlags ?? []), API_SERVER];
  const child = startNode('api', args, {
    cwd: path.join(ROOT, 'api'),
    logDir,
    env: {
      // The demo's settings (a production start refuses the sandbox and the demo data the benchmarks buy and read
      // with), without the demo sign-in provider; production differs from this only in what it refuses at start.
      NODE_ENV: 'development',
      SEED_DEMO: '1',
      OIDC_DEMO: '0',
      HOST: '127.0.0.1',
      API_PORT: String(port),
      MAIL_OUTBOX: outbox,
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL || 'info',
      // The benchmark logs the demo user in once per run; keep a second run within a minute from a 429.
      AUTH_RATE_LIMIT: '1000',
      ADDRESS_RATE_LIMIT: '1000',
      // The load comes from one address: the card-lookup limits stay on (their cost is measured) but out of reach.
      LOOKUP_LIMIT_PER_IP: '1000000',
      LOOKUP_LIMIT_PER_ACCOUNT: '1000000',
      LOOKUP_MISS_LIMIT_PER_IP: '1000000',
      LOOKUP_MISS_LIMIT_PER_ACCOUNT: '1000000',
      ...(shellOrigin ? { SHELL_ORIGIN: shellOrigin } : {}),
      ...database.env,
      ...env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForUrl(`${origin}/eshop/health`, { child, timeoutMs: 120_000 });
  return { child, origin, database: database.kind, startMs: Date.now() - startedAt };
}

/** POST one call and return its envelope; anything but code 10000 is an error. */
export async function call(origin, urlPath, body, token) {
  const response = await fetch(`${origin}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.code !== 10000) {
    throw new Error(`${urlPath}: HTTP ${response.status} ${JSON.stringify(envelope).slice(0, 200)}`);
  }
  return envelope;
}

/** The demo user's login receipt (token, email, user_id). */
export async function loginDemo(origin) {
  const { data } = await call(origin, '/eshop/user/auth/login', { email: DEMO.email, password: DEMO.password });
  return data;
}
