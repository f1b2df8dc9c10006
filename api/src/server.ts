import { buildApp } from './app';
import { loadConfig, type ApiConfig } from './config';
import { createDb, type Db } from './db/index';
import { migrate } from './db/migrate';
import { createMailer } from './mail';
import { demoCards, DEMO_EID, DEMO_USER, seed } from './seed';

function corsOrigins(config: ApiConfig): string[] | '*' {
  if (config.CORS_ORIGINS.trim() === '*') return '*';
  return config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

function printDemoLinks(config: ApiConfig) {
  const origin = config.SHELL_ORIGIN.replace(/\/+$/, '');
  const lines = [
    '',
    'Demo cards (open in the shop):',
    ...demoCards.map((card) => `  ${origin}/${card.flag}/${card.iccid}  ${card.description}`),
    `  ${origin}/esim/${DEMO_EID}?mode=search  eSIM slot with three profiles (EID ${DEMO_EID})`,
    `Demo account: ${DEMO_USER.email} / ${DEMO_USER.password}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
  const config = loadConfig();
  const db: Db = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  const applied = await migrate(db);
  const seeded = await seed(db);
  const app = await buildApp({
    db,
    mailer: createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: config.MAIL_OUTBOX }),
    logger: { level: config.LOG_LEVEL },
    sessionTtlHours: config.SESSION_TTL_HOURS,
    corsOrigins: corsOrigins(config),
    trustProxy: config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY === 'false' ? false : config.TRUST_PROXY,
    production: config.NODE_ENV === 'production',
  });
  app.log.info(
    {
      database: db.kind === 'postgres' ? 'postgresql (DATABASE_URL)' : `pglite (${config.PGLITE_DIR})`,
      migrationsApplied: applied,
      seeded,
      mail: config.SMTP_URL ? 'smtp' : `outbox ${config.MAIL_OUTBOX}`,
    },
    'api ready',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.API_PORT, host: config.HOST });
  printDemoLinks(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
