import './helpers/esm-interop';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { DEMO_USER } from '../src/seed';
import { startApi, type StartedApi } from '../src/start';
import { createTestDb } from './helpers/app';
import { PRODUCTION } from './helpers/production';

const API_DIR = path.join(__dirname, '..');

jest.setTimeout(60_000);

// The start-up path of `pnpm start` (src/server.ts → startApi) on an empty database: the demo data only where
// config.seedDemo says so. Runs on PGlite, or on the DATABASE_URL server in a schema of its own.
describe('start-up and the demo data', () => {
  let outbox: string;
  beforeAll(async () => {
    outbox = await mkdtemp(path.join(os.tmpdir(), 'api-start-outbox-'));
  });
  afterAll(async () => rm(outbox, { recursive: true, force: true }));

  async function start(env: Record<string, string>): Promise<StartedApi> {
    const config = loadConfig({ API_PORT: '0', HOST: '127.0.0.1', MAIL_OUTBOX: outbox, ...env });
    return startApi(config, { db: await createTestDb(), logger: false });
  }

  async function counts(api: StartedApi) {
    return api.db.one<{ users: number; cards: number }>(
      'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM cards)::int AS cards',
    );
  }

  async function login(api: StartedApi): Promise<number> {
    const response = await fetch(`${api.address}/eshop/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_USER),
    });
    return ((await response.json()) as { code: number }).code;
  }

  it('creates no demo users in production (NODE_ENV=production, SEED_DEMO unset)', async () => {
    // The injected test database stands in for DATABASE_URL's.
    const api = await start(PRODUCTION);
    try {
      expect(api.seeded).toBe(false);
      expect(api.migrationsApplied.length).toBeGreaterThan(0); // it did start on the empty database
      expect(await counts(api)).toEqual({ users: 0, cards: 0 });
      const health = await fetch(`${api.address}/eshop/health`);
      expect(health.status).toBe(200);
      expect(await login(api)).not.toBe(10000);
    } finally {
      await api.close();
    }
  });

  it('loads the demo data outside production (pnpm start)', async () => {
    const api = await start({ NODE_ENV: 'development' });
    try {
      expect(api.seeded).toBe(true);
      const loaded = await counts(api);
      expect(loaded?.users).toBeGreaterThan(0);
      expect(loaded?.cards).toBeGreaterThan(0);
      expect(await login(api)).toBe(10000);
    } finally {
      await api.close();
    }
  });

  it('refuses a production start on a database that holds the demo data', async () => {
    const db = await createTestDb();
    const demo = await startApi(loadConfig({ API_PORT: '0', MAIL_OUTBOX: outbox, NODE_ENV: 'development' }), {
      db,
      logger: false,
    });
    expect(demo.seeded).toBe(true);
    await demo.app.close(); // the database stays open for the production start
    const config = loadConfig({ ...PRODUCTION, API_PORT: '0', MAIL_OUTBOX: outbox });
    await expect(startApi(config, { db, logger: false })).rejects.toThrow(
      /refusing a production start: the database holds demo data:\n {2}the demo account demo@example.com/,
    );
  });
});

// The process itself, as a deploy starts it (`node dist/server.js`; here its source through tsx): a start that names
// no environment is a production start, and with the demo's configuration it stops before opening anything.
describe('the production start command', () => {
  it('refuses an unsafe configuration with a clear message and exit code 1', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'api-start-refused-'));
    const pgliteDir = path.join(dir, 'pglite');
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', PGLITE_DIR: pgliteDir };
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'src', 'server.ts')], {
      cwd: API_DIR,
      env: { ...env, PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'api failed to start: refusing a production start (NODE_ENV unset, or anything but development or test)',
    );
    expect(result.stderr).toContain('PAYMENT_PROVIDER: the sandbox marks orders paid');
    expect(result.stderr).toContain('SEED_DEMO: the demo accounts have public passwords');
    expect(result.stdout).not.toContain('api ready');
    // Nothing was opened: no embedded database was created.
    expect(existsSync(pgliteDir)).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });
});
