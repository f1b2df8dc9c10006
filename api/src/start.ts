import { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { type ApiConfig } from './config';
import { createDb, type Db } from './db/index';
import { migrate } from './db/migrate';
import { createMailer } from './mail';
import { seed } from './seed';
import { paymentsOptionsFrom } from './modules/payments/settings';
import { connectivityOptionsFrom } from './modules/connectivity/settings';
import { thirdPartySettingsFrom, type ThirdPartySettings } from './modules/users/thirdparty';

export interface StartApiOptions {
  /** An open database to use instead of the one the configuration names (tests); closed by close() as well. */
  db?: Db;
  /** Fastify logger options; default: pino at config.LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Third-party login settings instead of the environment's (src/server.ts adds the demo provider). */
  thirdParty?: ThirdPartySettings;
}

export interface StartedApi {
  app: FastifyInstance;
  db: Db;
  /** Migrations applied by this start. */
  migrationsApplied: number[];
  /** This start loaded the demo data (config.seedDemo and the database was empty). */
  seeded: boolean;
  /** Where the app listens, e.g. http://127.0.0.1:3000. */
  address: string;
  close(): Promise<void>;
}

function corsOrigins(config: ApiConfig): string[] | '*' {
  if (config.CORS_ORIGINS.trim() === '*') return '*';
  return config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/**
 * The api's start-up without the process around it (src/server.ts adds signals and the printed demo links): open
 * the database, migrate, load the demo data into an empty database when config.seedDemo, build the app, listen.
 */
export async function startApi(config: ApiConfig, options: StartApiOptions = {}): Promise<StartedApi> {
  const db = options.db ?? (await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR }));
  try {
    // The app is built while the database migrates (the one waits for the database, the other computes), and
    // listens only after both: nothing answers, and no job runs, before the tables are there.
    const schema = (async () => {
      const applied = await migrate(db);
      return { migrationsApplied: applied, seeded: config.seedDemo ? await seed(db) : false };
    })();
    const built = buildApp({
      db,
      mailer: createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: config.MAIL_OUTBOX }),
      logger: options.logger ?? { level: config.LOG_LEVEL },
      sessionTtlHours: config.SESSION_TTL_HOURS,
      corsOrigins: corsOrigins(config),
      trustProxy: config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY === 'false' ? false : config.TRUST_PROXY,
      production: config.NODE_ENV === 'production',
      authRateLimit: { max: config.AUTH_RATE_LIMIT, timeWindowMs: 60_000 },
      addressRateLimit: { max: config.ADDRESS_RATE_LIMIT, timeWindowMs: 15 * 60_000 },
      thirdParty: options.thirdParty ?? thirdPartySettingsFrom(config),
      payments: paymentsOptionsFrom(config),
      connectivity: connectivityOptionsFrom(config),
    });
    const [schemaResult, appResult] = await Promise.allSettled([schema, built]);
    if (schemaResult.status === 'rejected') {
      if (appResult.status === 'fulfilled') await appResult.value.close().catch(() => undefined);
      throw schemaResult.reason;
    }
    if (appResult.status === 'rejected') throw appResult.reason;
    const { migrationsApplied, seeded } = schemaResult.value;
    const app = appResult.value;
    let address: string;
    try {
      address = await app.listen({ port: config.API_PORT, host: config.HOST });
    } catch (error) {
      await app.close();
      throw error;
    }
    if (config.NODE_ENV === 'production' && config.CONNECTIVITY_PROVIDER === 'simulator') {
      // Issue 23 decides whether a production start refuses it; until then it must not go unnoticed.
      app.log.warn('CONNECTIVITY_PROVIDER=simulator: no real network carries the packages this shop sells');
    }
    app.log.info(
      {
        database: db.kind === 'postgres' ? 'postgresql (DATABASE_URL)' : `pglite (${config.PGLITE_DIR})`,
        migrationsApplied,
        demoData: config.seedDemo ? (seeded ? 'loaded' : 'kept (database not empty)') : 'off (SEED_DEMO)',
        mail: config.SMTP_URL ? 'smtp' : `outbox ${config.MAIL_OUTBOX}`,
        connectivity: config.CONNECTIVITY_PROVIDER,
      },
      'api ready',
    );
    return {
      app,
      db,
      migrationsApplied,
      seeded,
      address,
      async close() {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
