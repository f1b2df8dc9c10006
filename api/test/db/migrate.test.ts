import { mkdtemp, rm, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Db } from '../../src/db/index';
import { loadMigrations, migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createTestDb } from '../helpers/app';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db.close());

describe('migrations', () => {
  it('are numbered files applied in order', async () => {
    const migrations = await loadMigrations();
    expect(migrations[0]).toMatchObject({ version: 1, name: 'init' });
    expect(migrations.map((migration) => migration.version)).toEqual(
      [...migrations.map((migration) => migration.version)].sort((a, b) => a - b),
    );
  });

  it('apply once and are idempotent', async () => {
    const first = await migrate(db);
    expect(first).toContain(1);
    const second = await migrate(db);
    expect(second).toEqual([]);
    const recorded = await db.query<{ version: number }>(`SELECT version FROM schema_migrations ORDER BY version`);
    expect(recorded.map((row) => row.version)).toEqual(first);
  });

  it('create the whole domain of spec section 3', async () => {
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
    );
    const names = tables.map((row) => row.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'verification_codes',
        'agents',
        'cards',
        'card_packages',
        'esim_slots',
        'esim_profiles',
        'package_types',
        'package_categories',
        'packages',
        'package_translations',
        'package_prices',
        'orders',
        'payment_events',
        'pools',
        'pool_members',
        'addresses',
        'activities',
        'notices',
        'notice_translations',
        'countries',
        'coverage_countries',
        'coverage_operators',
        'config',
        'support_messages',
        'mail_log',
        'rate_limits',
      ]),
    );
  });

  it('enforce the stored formats (argon2id hashes, hex token hashes, ICCID length)', async () => {
    await expect(
      db.query(`INSERT INTO users (email, password_hash) VALUES ('p@example.com', 'plain-text')`),
    ).rejects.toThrow();
    await expect(db.query(`INSERT INTO users (email) VALUES ('Upper@Example.com')`)).rejects.toThrow();
    await db.query(`INSERT INTO users (email) VALUES ('fmt@example.com')`);
    await expect(
      db.query(
        `INSERT INTO sessions (user_id, token_hash, expires_at)
         SELECT id, 'raw-token', now() FROM users WHERE email = 'fmt@example.com'`,
      ),
    ).rejects.toThrow();
    await db.query(`INSERT INTO agents (flag, name, version) VALUES ('fmt', 'Format', 2)`);
    await expect(db.query(`INSERT INTO cards (iccid, agent_flag) VALUES ('123', 'fmt')`)).rejects.toThrow();
  });

  it('apply a new numbered file on the next start, leaving earlier ones alone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'api-migrations-'));
    try {
      await copyFile(path.join(MIGRATIONS_DIR, '001_init.sql'), path.join(dir, '001_init.sql'));
      await writeFile(path.join(dir, '999_extra.sql'), 'CREATE TABLE extra_test (id int);');
      expect(await migrate(db, dir)).toEqual([999]);
      expect(await migrate(db, dir)).toEqual([]);
      expect(await db.query('SELECT * FROM extra_test')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('roll a failing migration back completely', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'api-migrations-'));
    try {
      await writeFile(path.join(dir, '1000_broken.sql'), 'CREATE TABLE half_done (id int); SELECT * FROM missing;');
      await expect(migrate(db, dir)).rejects.toThrow();
      const table = await db.one(`SELECT to_regclass('half_done') AS oid`);
      expect(table).toEqual({ oid: null });
      expect(await db.one(`SELECT 1 FROM schema_migrations WHERE version = 1000`)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('helpers', () => {
  it('tx commits, and rolls back on error', async () => {
    await db.query('CREATE TABLE tx_test (id int)');
    await db.tx(async (q) => {
      await q.query('INSERT INTO tx_test VALUES (1)');
    });
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO tx_test VALUES (2)');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await db.query('SELECT id FROM tx_test')).toEqual([{ id: 1 }]);
  });

  it('serves parallel parameterised queries and transactions on one pool without mixing them up', async () => {
    await db.query('CREATE TABLE parallel_test (n int, label text)');
    const work = Array.from({ length: 60 }, (_, i) => {
      if (i % 5 === 0) {
        return db
          .tx(async (q) => {
            await q.query('INSERT INTO parallel_test VALUES ($1, $2)', [i, `tx-${i}`]);
            const row = await q.one<{ label: string }>('SELECT label FROM parallel_test WHERE n = $1', [i]);
            if (i % 10 === 0) throw new Error(`roll back ${i}`);
            return row?.label;
          })
          .catch((error: Error) => error.message);
      }
      return db
        .one<{ doubled: number; label: string }>('SELECT $1::int * 2 AS doubled, $2::text AS label', [i, `q-${i}`])
        .then((row) => `${row?.doubled}:${row?.label}`);
    });
    const results = await Promise.all(work);
    results.forEach((result, i) => {
      if (i % 10 === 0) expect(result).toBe(`roll back ${i}`);
      else if (i % 5 === 0) expect(result).toBe(`tx-${i}`);
      else expect(result).toBe(`${i * 2}:q-${i}`);
    });
    const kept = await db.query<{ n: number }>('SELECT n FROM parallel_test ORDER BY n');
    expect(kept.map((row) => row.n)).toEqual([5, 15, 25, 35, 45, 55]);
  });
});
