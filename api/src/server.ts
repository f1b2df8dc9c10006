// Only the configuration and the database are imported up front: the database opens first (PGlite starts in a
// worker thread of its own), and the rest of the api loads on this thread meanwhile (bench/cold-start.mjs).
import { loadConfig, oidcDemoEnabled, type ApiConfig } from './config';
import { createDb, type Db } from './db/index';
import { type startApi as StartApi } from './start';
import { type ThirdPartySettings } from './modules/users/thirdparty';

async function printDemoLinks(config: ApiConfig) {
  const { demoCards, DEMO_EID, DEMO_USER } = await import('./seed');
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

/**
 * Outside production with no real provider configured, a local OpenID provider stands in for Google so that the
 * third-party button can be tried offline; the login page labels it "demo". It lives and ends with this process.
 */
async function withDemoProvider(config: ApiConfig) {
  const { DEMO_CLIENT_ID, thirdPartySettingsFrom } = await import('./modules/users/thirdparty');
  const settings = thirdPartySettingsFrom(config);
  if (!oidcDemoEnabled(config)) return { settings, close: async () => undefined };
  const { startDemoProvider } = await import('@esim/oidc-demo');
  const demo = await startDemoProvider({
    port: config.OIDC_DEMO_PORT,
    clients: [{ client_id: DEMO_CLIENT_ID, redirect_uris: settings.redirectUris }],
  });
  process.stdout.write(`Demo sign-in provider (stands in for Google; not for production): ${demo.issuer}\n`);
  const withDemo: ThirdPartySettings = {
    ...settings,
    google: { issuer: demo.issuer, clientId: DEMO_CLIENT_ID, demo: true },
  };
  return { settings: withDemo, close: () => demo.close() };
}

/**
 * The log's destination: lines written within one turn of the event loop go to stdout in one write. pino's default
 * writes each line at once, and at info level Fastify logs two lines per request: two system calls per answer,
 * more than the answer's own write (bench:api --cpu-prof). Whatever is still buffered is written when the process
 * exits, whatever the reason.
 */
function batchedStdout() {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    process.stdout.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (lines.push(line) === 1) setImmediate(flush);
    },
  };
}

async function main() {
  const config = loadConfig();
  const opening = createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  // Awaited below; until then a failure must not count as an unhandled rejection.
  opening.catch(() => undefined);
  let demo: Awaited<ReturnType<typeof withDemoProvider>> | undefined;
  let startApi: typeof StartApi;
  let db: Db;
  try {
    [{ startApi }, demo] = await Promise.all([import('./start'), withDemoProvider(config)]);
    db = await opening;
  } catch (error) {
    await opening.then((opened) => opened.close()).catch(() => undefined);
    await demo?.close().catch(() => undefined);
    throw error;
  }
  // startApi closes the database itself if it fails.
  const api = await startApi(config, {
    db,
    thirdParty: demo.settings,
    logger: { level: config.LOG_LEVEL, stream: batchedStdout() },
  }).catch(async (error: unknown) => {
    await demo?.close().catch(() => undefined);
    throw error;
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    api.app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    // Requests in flight and running jobs get their time (the job queue waits up to 5 s); then the process goes anyway.
    const timer = setTimeout(() => process.exit(1), config.SHUTDOWN_DRAIN_MS + 15_000);
    timer.unref();
    try {
      await api.close({ drainMs: config.SHUTDOWN_DRAIN_MS });
      api.app.log.info('shut down');
      await demo.close();
      process.exit(0);
    } catch (error) {
      api.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // The demo links only where the demo data is loaded (SEED_DEMO, or any start outside production).
  if (config.seedDemo) await printDemoLinks(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
