import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { root, startServer, stopAll, type ServerName } from './servers';

// Gives the api a database of its own: a fresh PGlite folder, or a fresh schema on the PostgreSQL server CI provides.
async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  if (!url)
    return {
      PGLITE_DIR: mkdtempSync(path.join(os.tmpdir(), 'esim-e2e-db-')),
      MAIL_OUTBOX: mkdtempSync(path.join(os.tmpdir(), 'esim-e2e-mail-')),
    };
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS e2e CASCADE');
  await client.query('CREATE SCHEMA e2e');
  await client.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', '-c search_path=e2e');
  return { DATABASE_URL: withSchema.toString(), MAIL_OUTBOX: mkdtempSync(path.join(os.tmpdir(), 'esim-e2e-mail-')) };
}

export default async function globalSetup(): Promise<void> {
  if (!process.env.E2E_SKIP_BUILD) execSync('pnpm run build:missing', { cwd: root, stdio: 'inherit' });
  await stopAll();
  const databaseEnv = await freshDatabaseEnv();
  // Tests read mailed codes from the api's outbox folder (support/mail.ts).
  process.env.E2E_MAIL_OUTBOX = databaseEnv.MAIL_OUTBOX;
  // A spec that restarts the api with other settings (network.spec.ts) starts it on the same data.
  process.env.E2E_API_ENV = JSON.stringify(databaseEnv);
  // The e2e app's secret at the local OpenID provider, made for this run (workers inherit it).
  process.env.E2E_OIDC_SECRET = randomBytes(24).toString('hex');
  // The sandbox provider's webhook secret, made for this run: the specs sign its refund and dispute events.
  process.env.E2E_SANDBOX_SECRET = randomBytes(24).toString('hex');
  await startServer('oidc');
  await startServer('api', databaseEnv);
  const statics: ServerName[] = ['shell', 'mf_card', 'mf_pool', 'mf_esim', 'mf_account', 'mf_checkout', 'partner'];
  await Promise.all(statics.map((name) => startServer(name)));
}
