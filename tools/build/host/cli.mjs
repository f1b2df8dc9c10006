// @ts-check
// esim-host: serves one built package (and, for mf-card, the partner example on a second origin).
//
//   esim-host --dir dist --port 8081 [--port-env VAR] [--spa] [--shell] [--partner-example]
//             [--partner-dir partner-example --partner-port 8090] [--host 0.0.0.0] [--hsts]
//
// Environment: API_ORIGIN (shell, default http://127.0.0.1:3000), API_BODY_LIMIT, REMOTE_MF_* (remotes manifest
// and CSP), SHELL_PORT, SHELL_ORIGIN, PARTNER_PORT, PARTNER_ORIGINS (comma-separated), CORS_ALLOW_ALL=1,
// PARTNER_API_BASE, MF_CARD_PORT, HOST, LOG_LEVEL, STRIPE_PUBLISHABLE_KEY (set: Stripe.js may load; see the CSP),
// IMAGE_ORIGINS (image hosts the api's data names, for img-src), NODE_ENV (unset or anything but development/test is
// production: HSTS, REMOTE_INTEGRITY=off refused, REMOTES_LOCK_FILE required), REMOTE_INTEGRITY (shell: required, the
// default, or off) and REMOTES_LOCK_FILE (shell: the deploy's pins; outside production, without it each remote's
// mf-integrity.json is read at start). SIGHUP: the shell pins its remotes again.
// TRUSTED_PROXIES: comma-separated IPs and CIDRs of the load balancers in front, whose X-Forwarded-For is believed
// (default loopback); the shell's api proxy forwards only the client address worked out through them.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { templatedPage } from './dynamic.mjs';
import { createSiteHost, trustedProxyList } from './index.mjs';
import { shellPage } from './page.mjs';
import { ssrPage } from './ssr.mjs';
import {
  pinnedDocuments,
  remoteIntegrityMode,
  remotePins,
  remotesLockFile,
  remotesManifest,
} from './remotes-manifest.mjs';
import { hstsWanted, imageCspSources, mergeCspSources, originOf, STRIPE_JS_SOURCES } from './security.mjs';

/** @param {string[]} argv @param {NodeJS.ProcessEnv} [env] */
export async function main(argv, env = process.env) {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string' },
      'port-env': { type: 'string' },
      spa: { type: 'boolean', default: false },
      shell: { type: 'boolean', default: false },
      'partner-example': { type: 'boolean', default: false },
      'partner-dir': { type: 'string' },
      'partner-port': { type: 'string', default: '8090' },
      host: { type: 'string', default: env.HOST || '0.0.0.0' },
      hsts: { type: 'boolean', default: false },
    },
  });

  const root = existingDir(args.dir);
  const partnerRoot = args['partner-dir'] && existingDir(args['partner-dir']);
  const portEnv = args['port-env'];
  const port = Number((portEnv && env[portEnv]) || args.port || 8080);
  const shellPort = Number(env.SHELL_PORT || 8080);
  const partnerPort = Number(env.PARTNER_PORT || args['partner-port']);
  const remotes = remotesManifest(env);
  const allowedOrigins =
    env.CORS_ALLOW_ALL === '1'
      ? ['*']
      : [
          env.SHELL_ORIGIN || `http://localhost:${shellPort}`,
          ...(env.PARTNER_ORIGINS || `http://localhost:${partnerPort}`).split(',').map((origin) => origin.trim()),
        ].filter(Boolean);
  // Pages where the checkout sheet runs may load Stripe.js, but only when the shop takes payments with Stripe.
  const paymentCsp = env.STRIPE_PUBLISHABLE_KEY ? STRIPE_JS_SOURCES : {};
  const pageCsp = mergeCspSources(paymentCsp, imageCspSources(env.IMAGE_ORIGINS));
  const common = {
    trustedProxies: trustedProxyList(env.TRUSTED_PROXIES),
    remotes,
    csp: pageCsp,
    allowedOrigins,
    hsts: hstsWanted(args.hsts, env),
    logger: { level: env.LOG_LEVEL || 'warn' },
  };

  // The partner example: which mf-card build it loads (its embed script) and where the shop's api is.
  /** @param {number} cardPort */
  const partner = (cardPort) => {
    const config = () => {
      const mfCard = env.REMOTE_MF_CARD || `http://localhost:${cardPort}/mf-manifest.json`;
      return {
        mf_card: mfCard,
        apiBase: env.PARTNER_API_BASE || `http://localhost:${shellPort}/eshop`,
        embed: `${originOf(mfCard)}/embed.js`,
      };
    };
    const { mf_card: mfCard, apiBase } = config();
    const apiOrigin = originOf(apiBase) ?? '';
    return {
      // The example page's one script tag names this deployment's embed script and the shop's api.
      page: fs.existsSync(path.join(partnerRoot || root, 'index.html'))
        ? templatedPage(path.join(partnerRoot || root, 'index.html'), () => {
            const { embed, apiBase: api } = config();
            return { EMBED_SRC: embed, API_BASE: api };
          })
        : undefined,
      // The page loads mf_card (which may load mf_checkout and others) and calls the api on another origin.
      remotes: { ...remotes, mf_card: mfCard },
      csp: mergeCspSources(pageCsp, { 'connect-src': [apiOrigin], 'img-src': [apiOrigin] }),
    };
  };

  const shell = args.shell;
  // Remote code is pinned at deploy (remotes-manifest.mjs): the shell's map and page carry the pins.
  const pins = shell
    ? remotePins({ remotes, mode: remoteIntegrityMode(env), lockFile: remotesLockFile(env) })
    : undefined;
  const label = path.basename(root) === 'dist' ? path.basename(path.dirname(root)) : path.basename(root);
  /** @type {import('fastify').FastifyInstance[]} */
  const apps = [];
  /** @param {import('fastify').FastifyInstance} app @param {number} wanted @param {string} name */
  const start = async (app, wanted, name) => {
    apps.push(app);
    await app.listen({ port: wanted, host: args.host });
    const address = app.server.address();
    const bound = typeof address === 'object' && address ? address.port : wanted;
    console.log(`[host] ${name} on http://localhost:${bound}`);
    return bound;
  };

  // The shell's page (page.mjs) carries the remotes map and preloads the route's first-view files (its build writes
  // the route table beside index.html); ssr.mjs renders SSR_ROUTES into it with the shell's server bundle, and answers
  // it as it is for the other routes, and with x-ssr-fallback when the bundle is missing or the render fails.
  const routeTable = path.join(root, 'route-table.json');
  const apiOrigin = (env.API_ORIGIN || 'http://127.0.0.1:3000').replace(/\/$/, '');
  /** @type {import('./index.mjs').SiteHostOptions['page']} */
  let page;
  if (shell && fs.existsSync(routeTable) && fs.existsSync(path.join(root, 'index.html'))) {
    /** @type {import('./routes.mjs').RouteEntry[]} */
    const table = JSON.parse(fs.readFileSync(routeTable, 'utf8'));
    page = ssrPage({
      root,
      table,
      remotes: () => remotes,
      apiOrigin,
      page: shellPage({ root, remotes: () => remotes, table, pins }),
      // A remote's server code runs in this process: every file checked against the remote's pins first (off:
      // REMOTE_INTEGRITY=off, development only).
      verifyServerCode:
        pins && pins.mode !== 'off' ? (remote, file, body) => pins.verify(remote, file, Buffer.from(body)) : undefined,
    });
  }
  const site = await createSiteHost({
    ...common,
    root,
    spa: args.spa,
    shell,
    ...(page ? { page } : {}),
    ...(pins ? { extraJson: pinnedDocuments(pins) } : {}),
    apiOrigin,
    apiBodyLimit: env.API_BODY_LIMIT ? Number(env.API_BODY_LIMIT) : undefined,
    ...(args['partner-example'] ? partner(Number(env.MF_CARD_PORT || 8081)) : {}),
  });
  const sitePort = await start(site, port, label);
  if (partnerRoot) {
    const example = await createSiteHost({ ...common, root: partnerRoot, spa: true, ...partner(sitePort) });
    await start(example, partnerPort, `${label} partner example`);
  }

  if (pins) {
    // A deploy of a remote: its new files are pinned (the lock file read again, or the remotes' lists).
    process.on('SIGHUP', () => void pins.reload().catch((error) => console.error(`[host] pins kept: ${error}`)));
  }
  const stop = async () => {
    pins?.stop();
    await Promise.allSettled(apps.map((app) => app.close()));
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return apps;
}

/** @param {string} dir relative to the working directory */
function existingDir(dir) {
  const root = path.resolve(process.cwd(), dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    console.error(`[host] ${root} does not exist: build first (pnpm build or pnpm build:missing)`);
    process.exit(1);
  }
  return root;
}
