// Where things are in the workspace, and the few tools the benchmarks borrow from the packages they measure.
// bench declares only its own tools (lighthouse, autocannon, chrome-launcher); webpack, fastify and pg are taken
// from the package that owns them, so the floor page and the bare Fastify run on exactly the project's versions.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const ROOT = path.dirname(BENCH);

/** A require() that resolves like code inside `pkgDir` (a workspace folder relative to the root). */
export const requireFrom = (pkgDir) => createRequire(path.join(ROOT, pkgDir, 'package.json'));

/** webpack, swc-loader and friends at the versions @esim/build builds the site with. */
export const buildTools = requireFrom('tools/build');
/** fastify and pg at the versions the api runs on. */
export const apiRequire = requireFrom('api');

/** The site host every origin uses (esim-host), and the compiled api its `serve` script runs (api/scripts/build.mjs). */
export const HOST_BIN = path.join(ROOT, 'tools', 'build', 'bin', 'host.mjs');
export const API_BUILD = path.join(ROOT, 'api', 'scripts', 'build.mjs');
export const API_SERVER = path.join(ROOT, 'api', 'dist', 'server.js');

/** Demo data of the api's seed (README: demo cards and account). */
export const DEMO = {
  iccid: '89880000000000000001',
  flag: '2',
  email: 'demo@example.com',
  password: 'demo-password-1',
};

/** Debian's Chromium: its default path and flags, shared with e2e (tools/build/chromium.json). */
export const CHROMIUM = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools', 'build', 'chromium.json'), 'utf8'));
export const CHROME_PATH = process.env.CHROME_PATH || CHROMIUM.defaultPath;

/** Ports away from `pnpm start` (8080-8095) and the e2e suite (13000, 18080-18095). */
export const PORT_BASE = Number(process.env.BENCH_PORT_BASE || 28080);
