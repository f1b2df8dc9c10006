import { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { guessingLimitsFrom, trustedProxyList, type ApiConfig } from './config';
import { createDb, type Db } from './db/index';
import { migrate } from './db/migrate';
import { createMailer } from './mail';
import { DEMO_USER, seed } from './seed';
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
  /**
   * Stops gracefully: readiness answers 503 for `drainMs` (the load balancer takes this instance out) while requests
   * are still answered, then the listener closes, requests in flight finish, the job queue lets running jobs end (or
   * gives them back for retry), and the database closes.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

function corsOrigins(config: ApiConfig): string[] | '*' {
  if (config.CORS_ORIGINS.trim() === '*') return '*';
  return config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/**
 * A production database holds no demo data: the demo account's password and the demo agents' sandbox checkout are
 * public. Checked after migrating, before anything listens; the message says what was found.
 */
async function refuseDemoDatabase(db: Db) {
  const found = await db.one<{ demo_user: boolean; sandbox_agents: number }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS demo_user,
            (SELECT count(*) FROM agents WHERE payment_provider = 'sandbox')::int AS sandbox_agents`,
    [DEMO_USER.email],
  );
  const problems = [
    ...(found?.demo_user ? [`  the demo account ${DEMO_USER.email} (its password is public)`] : []),
    ...(found?.sandbox_agents
      ? [`  ${found.sandbox_agents} agent(s) paying through the sandbox (agents.payment_provider)`]
      : []),
  ];
  if (problems.length > 0) {
    throw new Error(`refusing a production start: the database holds demo data:\n${problems.join('\n')}`);
  }
}

/** Outside production, said at every start: what is simulated, so nobody mistakes the demo for a shop. */
export function simulatedBanner(config: ApiConfig): string {
  const lines = [
    `NOT A PRODUCTION START (NODE_ENV=${config.NODE_ENV}): payments are simulated`,
    ...(config.PAYMENT_PROVIDER === 'sandbox' || !config.PAYPAL_CLIENT_ID
      ? ['  the sandbox pay page marks orders paid; no card is charged and no money moves']
      : []),
    ...(config.CONNECTIVITY_PROVIDER === 'simulator'
      ? ['  the simulated network carries the data; no SIM gets any']
      : []),
    ...(config.seedDemo ? [`  demo accounts with public passwords (${DEMO_USER.email})`] : []),
  ];
  return lines.join('\n');
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
      if (config.NODE_ENV === 'production') await refuseDemoDatabase(db);
      return { migrationsApplied: applied, seeded: config.seedDemo ? await seed(db) : false };
    })();
    const built = buildApp({
      db,
      mailer: createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: config.MAIL_OUTBOX }),
      logger: options.logger ?? { level: config.LOG_LEVEL },
      sessionTtlHours: config.SESSION_TTL_HOURS,
      corsOrigins: corsOrigins(config),
      trustProxy: trustedProxyList(config.TRUSTED_PROXIES),
      production: config.NODE_ENV === 'production',
      authRateLimit: { max: config.AUTH_RATE_LIMIT, timeWindowMs: 60_000 },
      addressRateLimit: { max: config.ADDRESS_RATE_LIMIT, timeWindowMs: 15 * 60_000 },
      guessing: guessingLimitsFrom(config),
      thirdParty: options.thirdParty ?? thirdPartySettingsFrom(config),
      payments: paymentsOptionsFrom(config),
      connectivity: connectivityOptionsFrom(config),
      observability: {
        metricsToken: config.METRICS_TOKEN,
        maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS,
      },
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
    if (config.NODE_ENV !== 'production') app.log.warn(simulatedBanner(config));
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
      async close({ drainMs = 0 } = {}) {
        app.stopAccepting();
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
