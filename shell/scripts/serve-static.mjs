#!/usr/bin/env node
// Static host for a built package (node http + serve-handler).
//
//   node serve-static.mjs --port 8081 --dir dist [--port-env VAR] [--spa] [--proxy-api] [--partner-config]
//                         [--partner-dir dist/partner --partner-port 8090]
//
// Every package: CORS * (remotes are loaded from the shell's origin and from partner pages), no-cache for the
// documents that name the current build (index.html, mf-manifest.json, remoteEntry.js, remotes.json), and
// immutable caching for content-hashed chunks.
// --spa: GET page routes without a file fall back to index.html (the shell; a remote's standalone page).
// --proxy-api (the shell host): api requests under /eshop/ go to API_ORIGIN (default http://127.0.0.1:3000), and
//   GET /remotes.json is built from the environment (REMOTE_MF_CARD ...) at request time.
// --partner-dir: a second origin (PARTNER_PORT, default --partner-port) serving the partner example page, with
//   GET /partner-config.json = { mf_card: REMOTE_MF_CARD, apiBase: PARTNER_API_BASE } (defaults: this mf-card
//   server and http://localhost:SHELL_PORT/eshop). --partner-config adds that document to a plain site (serving
//   mf-card/dist/partner alone).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

import { isApiRequest, remotesManifest } from './remotes-manifest.mjs';

// serve-handler is CommonJS.
const handler = createRequire(import.meta.url)('serve-handler');

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    'port-env': { type: 'string' },
    dir: { type: 'string', default: 'dist' },
    spa: { type: 'boolean', default: false },
    'proxy-api': { type: 'boolean', default: false },
    'partner-dir': { type: 'string' },
    'partner-port': { type: 'string', default: '8090' },
    'partner-config': { type: 'boolean', default: false },
    host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
  },
});

const NO_CACHE = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json)$/;
const HASHED = /\.[0-9a-f]{8,}\.(js|css|json|png|svg|woff2?)$/;
const API_ORIGIN = (process.env.API_ORIGIN ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const PARTNER_PORT = Number(process.env.PARTNER_PORT ?? args['partner-port']);
const SHELL_PORT = Number(process.env.SHELL_PORT ?? 8080);

function cacheHeaders(res, pathname) {
  if (NO_CACHE.test(pathname) || pathname === '/' || pathname.endsWith('.html')) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (HASHED.test(pathname)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

function isFile(root, pathname) {
  try {
    const resolved = path.join(root, decodeURIComponent(pathname));
    if (!resolved.startsWith(root)) return false;
    return fs.statSync(resolved).isFile();
  } catch {
    return false;
  }
}

// The api answers CORS itself (its CORS_ORIGINS), so the proxy passes every request and header through.
function proxyToApi(req, res) {
  const target = new URL(req.url, API_ORIGIN);
  const headers = { ...req.headers, host: target.host, 'x-forwarded-host': req.headers.host ?? '' };
  const upstream = http.request(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    // The catalogue's system error in the envelope the client understands.
    res.end(JSON.stringify({ code: 10003, message: 'api unavailable', data: null }));
  });
  req.pipe(upstream);
}

function createSite({ root, spa, proxyApi, extraRoutes = {} }) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = url.pathname;

    if (proxyApi && isApiRequest(req.method ?? 'GET', pathname)) return proxyToApi(req, res);

    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      return res.writeHead(204).end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
    }

    if (pathname.startsWith('/.stats/')) return res.writeHead(404).end();
    const extra = extraRoutes[pathname];
    if (extra) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      return res.end(JSON.stringify(extra()));
    }

    let servedPath = pathname;
    const lastSegment = pathname.split('/').pop() ?? '';
    // A page route (no file, no extension) of the single-page app gets index.html; a missing chunk stays a 404.
    if (spa && !isFile(root, pathname) && !lastSegment.includes('.')) {
      servedPath = '/index.html';
      req.url = '/index.html';
    }
    cacheHeaders(res, servedPath === '/' ? '/index.html' : servedPath);
    return handler(req, res, { public: root, cleanUrls: false, directoryListing: false, etag: true });
  });
}

function listen(server, port, label) {
  server.listen(port, args.host, () => console.log(`[serve] ${label} on http://localhost:${port}`));
  return server;
}

// The partner page's settings: which mf-card build to load and where the shop's api is.
const partnerConfig = (cardPort) => () => ({
  mf_card: process.env.REMOTE_MF_CARD || `http://localhost:${cardPort}/mf-manifest.json`,
  apiBase: process.env.PARTNER_API_BASE || `http://localhost:${SHELL_PORT}/eshop`,
});

const pkgDir = process.cwd();
const root = path.resolve(pkgDir, args.dir);
if (!fs.existsSync(root)) {
  console.error(`[serve] ${root} does not exist: build first (pnpm build or pnpm build:missing)`);
  process.exit(1);
}
const portEnv = args['port-env'];
const port = Number((portEnv && process.env[portEnv]) || args.port || 8080);
const label = path.basename(pkgDir);

const servers = [
  listen(
    createSite({
      root,
      spa: args.spa,
      proxyApi: args['proxy-api'],
      extraRoutes: {
        ...(args['proxy-api'] ? { '/remotes.json': () => remotesManifest(process.env) } : {}),
        ...(args['partner-config'] ? { '/partner-config.json': partnerConfig(8081) } : {}),
      },
    }),
    port,
    label,
  ),
];

if (args['partner-dir']) {
  const partnerRoot = path.resolve(pkgDir, args['partner-dir']);
  servers.push(
    listen(
      createSite({
        root: partnerRoot,
        spa: true,
        proxyApi: false,
        extraRoutes: { '/partner-config.json': partnerConfig(port) },
      }),
      PARTNER_PORT,
      `${label} partner example`,
    ),
  );
}

const stop = () => {
  for (const server of servers) server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
