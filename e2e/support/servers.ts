import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { origins, ports, remoteDirs, type RemoteName } from './ports';

export const root = path.resolve(__dirname, '..', '..');
const stateDir = path.join(root, 'e2e', 'test-results');
const stateFile = path.join(stateDir, 'servers.json');

export type ServerName = 'api' | 'shell' | 'partner' | 'late_remote' | 'oidc' | RemoteName;

interface ServerSpec {
  name: ServerName;
  args: string[];
  env: Record<string, string>;
  readyUrl: string;
}

// The site host every origin uses (@esim/build's esim-host).
const serveStatic = path.join(root, 'tools', 'build', 'bin', 'host.mjs');

/** The e2e app registered at the local OpenID provider; its secret is made per run by global-setup. */
export const OIDC_CLIENT_ID = 'esim-e2e';
const oidcSecret = () => process.env.E2E_OIDC_SECRET ?? '';

export function serverSpec(name: ServerName, extraEnv: Record<string, string> = {}): ServerSpec {
  const remotesEnv = {
    REMOTE_MF_CARD: `${origins.mf_card}/mf-manifest.json`,
    REMOTE_MF_POOL: `${origins.mf_pool}/mf-manifest.json`,
    REMOTE_MF_ESIM: `${origins.mf_esim}/mf-manifest.json`,
    REMOTE_MF_ACCOUNT: `${origins.mf_account}/mf-manifest.json`,
    REMOTE_MF_CHECKOUT: `${origins.mf_checkout}/mf-manifest.json`,
  };
  switch (name) {
    case 'api':
      return {
        name,
        // The compiled api, as `pnpm start` runs it (the suite's build step compiles it with the site).
        args: [path.join(root, 'api', 'dist', 'server.js')],
        env: {
          API_PORT: String(ports.api),
          // A development start (an unset NODE_ENV is production, which refuses the sandbox and the demo data).
          NODE_ENV: 'development',
          // The demo data the tests use.
          SEED_DEMO: '1',
          // The suite logs the demo user in far more often than a person would.
          AUTH_RATE_LIMIT: '1000',
          ADDRESS_RATE_LIMIT: '1000',
          // ...and looks cards up far more often, all from one address.
          LOOKUP_LIMIT_PER_IP: '100000',
          LOOKUP_LIMIT_PER_ACCOUNT: '100000',
          LOOKUP_MISS_LIMIT_PER_IP: '100000',
          LOOKUP_MISS_LIMIT_PER_ACCOUNT: '100000',
          SHELL_ORIGIN: origins.shell,
          CORS_ORIGINS: origins.partner,
          // Google's configuration pointed at the local OpenID provider (the 'oidc' server).
          GOOGLE_ISSUER: origins.oidc,
          GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
          GOOGLE_CLIENT_SECRET: oidcSecret(),
          ...(process.env.E2E_SANDBOX_SECRET ? { SANDBOX_WEBHOOK_SECRET: process.env.E2E_SANDBOX_SECRET } : {}),
          // The simulated network stands still (figures the specs read stay put); network.spec.ts runs it.
          SIMULATOR_TICK_SECONDS: '0',
          // Every new eSIM profile installs (esim.spec.ts watches one; none fails by chance).
          SIMULATOR_INSTALL_FAIL_SHARE: '0',
          ...extraEnv,
        },
        readyUrl: `${origins.api}/eshop/health`,
      };
    case 'shell':
      return {
        name,
        args: [
          serveStatic,
          '--port',
          String(ports.shell),
          '--dir',
          path.join(root, 'shell', 'dist'),
          '--spa',
          '--shell',
        ],
        env: {
          API_ORIGIN: origins.api,
          SHELL_PORT: String(ports.shell),
          PARTNER_ORIGINS: origins.partner,
          ...remotesEnv,
          ...extraEnv,
        },
        readyUrl: `${origins.shell}/remotes.json`,
      };
    case 'partner':
      return {
        name,
        args: [
          serveStatic,
          '--port',
          String(ports.partner),
          '--dir',
          path.join(root, 'mf-card', 'partner-example'),
          '--spa',
          '--partner-example',
        ],
        env: {
          ...remotesEnv,
          PARTNER_API_BASE: `${origins.shell}/eshop`,
          SHELL_PORT: String(ports.shell),
          ...extraEnv,
        },
        readyUrl: `${origins.partner}/`,
      };
    case 'oidc':
      return {
        name,
        args: [path.join(root, 'tools', 'oidc-demo', 'bin', 'oidc-demo.mjs')],
        env: {
          OIDC_DEMO_PORT: String(ports.oidc),
          OIDC_DEMO_CLIENT_ID: OIDC_CLIENT_ID,
          OIDC_DEMO_CLIENT_SECRET: oidcSecret(),
          OIDC_DEMO_REDIRECT_URIS: `${origins.shell}/user/login/callback`,
          ...extraEnv,
        },
        readyUrl: `${origins.oidc}/.well-known/openid-configuration`,
      };
    case 'late_remote':
      return {
        name,
        args: [
          serveStatic,
          '--port',
          String(ports.late_remote),
          '--dir',
          path.join(root, 'e2e', 'fixtures', 'late-remote', 'dist'),
        ],
        env: { SHELL_ORIGIN: origins.shell, ...extraEnv },
        readyUrl: `${origins.late_remote}/mf-manifest.json`,
      };
    default:
      return {
        name,
        args: [serveStatic, '--port', String(ports[name]), '--spa', '--dir', path.join(root, remoteDirs[name], 'dist')],
        env: {
          SHELL_ORIGIN: origins.shell,
          PARTNER_ORIGINS: origins.partner,
          ...remotesEnv,
          ...extraEnv,
        },
        readyUrl: `${origins[name]}/mf-manifest.json`,
      };
  }
}

function readState(): Partial<Record<ServerName, number>> {
  return existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<Record<ServerName, number>>)
    : {};
}

function writeState(state: Partial<Record<ServerName, number>>): void {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(stateFile, JSON.stringify(state));
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

/** Whether something answers at `url` now. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

export async function startServer(name: ServerName, extraEnv: Record<string, string> = {}): Promise<void> {
  const spec = serverSpec(name, extraEnv);
  // A server of another run still on the port would answer for this one (its build, its data) while the new one
  // fails to listen unseen: the run stops here instead.
  if (await answers(spec.readyUrl))
    throw new Error(
      `${name}: ${spec.readyUrl} already answers; a server of another e2e run is still up: stop it first`,
    );
  const child = spawn(process.execPath, spec.args, {
    cwd: root,
    // Development unless a spec says otherwise: an unset NODE_ENV is a production start (api and hosts).
    env: { ...process.env, NODE_ENV: 'development', ...spec.env },
    detached: true,
    stdio: process.env.E2E_SERVER_LOGS ? 'inherit' : 'ignore',
  });
  child.unref();
  writeState({ ...readState(), [name]: child.pid });
  await waitFor(spec.readyUrl, name === 'api' ? 90_000 : 30_000);
}

export async function stopServer(name: ServerName): Promise<void> {
  const state = readState();
  const pid = state[name];
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
  // Wait until the port stops answering so a test sees the server really down.
  const url = serverSpec(name).readyUrl;
  for (let i = 0; i < 40; i += 1) {
    try {
      await fetch(url);
      await new Promise((r) => setTimeout(r, 100));
    } catch {
      break;
    }
  }
  delete state[name];
  writeState(state);
}

export async function stopAll(): Promise<void> {
  for (const name of Object.keys(readState()) as ServerName[]) await stopServer(name);
}

/**
 * The api again on the suite's data (E2E_API_ENV, from the global set-up), with `env` on top; without `env`, the
 * suite's usual api (the simulated network standing still).
 */
export async function restartApi(env: Record<string, string> = {}): Promise<void> {
  const databaseEnv = JSON.parse(process.env.E2E_API_ENV ?? '{}') as Record<string, string>;
  await stopServer('api');
  await startServer('api', { ...databaseEnv, ...env });
}

/** The simulated network running 300 times faster than real time, a round a second (network and pools specs). */
export const FAST_NETWORK = { SIMULATOR_TICK_SECONDS: '1', SIMULATOR_SPEED: '300' } as const;
