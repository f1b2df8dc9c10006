import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db } from './index';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d+)_([\w-]+)\.sql$/;

/** Plain numbered files: 001_init.sql, 002_something.sql, ... applied in number order. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => FILE_NAME.test(file));
  const migrations = await Promise.all(
    files.map(async (file) => {
      const [, version, name] = FILE_NAME.exec(file) ?? [];
      return { version: Number(version), name: name ?? file, sql: await readFile(path.join(dir, file), 'utf8') };
    }),
  );
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i += 1) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`two migrations share version ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

// Any fixed number: every api instance takes the same lock, so two instances starting together migrate once.
const MIGRATION_LOCK = 4_021_777;

/** Applies every migration not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = await loadMigrations(dir);
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  // Usually every migration is there already: one read, no transaction (a start on existing data stays quick).
  const recorded = new Set(
    (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => Number(row.version)),
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    if (recorded.has(migration.version)) continue;
    // Checked again under the lock: another instance may be applying it right now.
    const done = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await q.one('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (seen) return false;
      await q.query(migration.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
