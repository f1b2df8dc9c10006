import { loadConfig, type ApiConfig } from './config';
import { demoCards, DEMO_EID, DEMO_USER } from './seed';
import { startApi } from './start';

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
  const api = await startApi(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    api.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await api.close();
      process.exit(0);
    } catch (error) {
      api.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // The demo links only where the demo data is loaded (SEED_DEMO, or any start outside production).
  if (config.seedDemo) printDemoLinks(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
