// The whole site for a benchmark run, wired like e2e/support/servers.ts but on ports of its own: the api (demo data,
// fresh database), the shell host (api proxy, /remotes.json naming the five remote hosts), one esim-host per
// remote, and the measuring pages: the two floors (the React floor page, bench/floor, and the static floor,
// bench/floor-static) and, when built, the single-bundle site.
import fs from 'node:fs';
import path from 'node:path';

import { startApi } from './api-server.mjs';
import { startNode, waitForUrl } from './processes.mjs';
import { HOST_BIN, PORT_BASE, ROOT } from './workspace.mjs';

export const REMOTE_DIRS = {
  mf_card: 'mf-card',
  mf_pool: 'mf-pool',
  mf_esim: 'mf-esim',
  mf_account: 'mf-account',
  mf_checkout: 'mf-checkout',
};

const at = (port) => `http://127.0.0.1:${port}`;

export function sitePorts(base = PORT_BASE) {
  return {
    shell: base,
    ...Object.fromEntries(Object.keys(REMOTE_DIRS).map((name, index) => [name, base + 1 + index])),
    floor: base + 6,
    mono: base + 7,
    api: base + 8,
    floorStatic: base + 9,
  };
}

/**
 * Starts everything and waits until each origin answers.
 * @param {{ logDir: string, floorDist: string, floorStaticDist?: string, monoDist?: string }} o
 */
export async function startSite({ logDir, floorDist, floorStaticDist, monoDist }) {
  const ports = sitePorts();
  const origins = Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, at(port)]));
  // Everything on 127.0.0.1: no localhost resolution (::1 first, then IPv4) inside the measured loads.
  const common = { HOST: '127.0.0.1', SHELL_PORT: String(ports.shell), SHELL_ORIGIN: origins.shell };
  const remotesEnv = Object.fromEntries(
    Object.keys(REMOTE_DIRS).map((name) => [`REMOTE_${name.toUpperCase()}`, `${origins[name]}/mf-manifest.json`]),
  );

  const api = await startApi({ port: ports.api, logDir, shellOrigin: origins.shell });
  const host = (name, dir, args, env, readyPath) => {
    const child = startNode(name, [HOST_BIN, '--dir', dir, '--port', String(ports[name]), ...args], {
      cwd: ROOT,
      logDir,
      env: { ...common, ...env },
    });
    return waitForUrl(`${origins[name]}${readyPath}`, { child, timeoutMs: 30_000 });
  };
  const shellEnv = { API_ORIGIN: api.origin, ...remotesEnv };
  await Promise.all([
    host('shell', path.join(ROOT, 'shell', 'dist'), ['--spa', '--shell'], shellEnv, '/remotes.json'),
    ...Object.entries(REMOTE_DIRS).map(([name, dir]) =>
      host(name, path.join(ROOT, dir, 'dist'), ['--spa'], remotesEnv, '/mf-manifest.json'),
    ),
    host('floor', floorDist, [], {}, '/'),
    ...(floorStaticDist ? [host('floorStatic', floorStaticDist, [], {}, '/')] : []),
    ...(monoDist && fs.existsSync(path.join(monoDist, 'index.html'))
      ? [host('mono', monoDist, ['--spa', '--shell'], shellEnv, '/remotes.json')]
      : []),
  ]);
  return { origins, api };
}
