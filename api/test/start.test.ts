import './helpers/esm-interop';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { DEMO_USER } from '../src/seed';
import { startApi, type StartedApi } from '../src/start';
import { createTestDb } from './helpers/app';

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
    const api = await start({ NODE_ENV: 'production' });
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
    const api = await start({});
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

  it('loads the demo data in production when SEED_DEMO=1', async () => {
    const api = await start({ NODE_ENV: 'production', SEED_DEMO: '1' });
    try {
      expect(api.seeded).toBe(true);
      expect(await login(api)).toBe(10000);
    } finally {
      await api.close();
    }
  });
});
