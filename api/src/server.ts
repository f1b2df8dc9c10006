import { loadConfig, oidcDemoEnabled, type ApiConfig } from './config';
import { DEMO_CLIENT_ID, thirdPartySettingsFrom, type ThirdPartySettings } from './modules/users/thirdparty';
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

/**
 * Outside production with no real provider configured, a local OpenID provider stands in for Google so that the
 * third-party button can be tried offline; the login page labels it "demo". It lives and ends with this process.
 */
async function withDemoProvider(config: ApiConfig) {
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

async function main() {
  const config = loadConfig();
  const demo = await withDemoProvider(config);
  const api = await startApi(config, { thirdParty: demo.settings });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    api.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await api.close();
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
  if (config.seedDemo) printDemoLinks(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
