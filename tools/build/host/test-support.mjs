// @ts-check
// Shared by the *.test.mjs files: a built folder on disk, a raw HTTP client, and a stand-in api.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { jest } from '@jest/globals';
import Fastify from 'fastify';

// A test that starts a host starts a Node process of its own (startHost): on a busy 2-core machine that alone can
// take more than jest's default 5 s (CI saw it once, with other work running).
jest.setTimeout(30_000);

export const FILES = {
  'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
  'main.0123abcd.js': 'console.log("main");'.repeat(20),
  '12.89abcdef.js': 'console.log("chunk");'.repeat(20),
  'remoteEntry.js': 'var mf_card = {};'.repeat(20),
  'mf-manifest.json': JSON.stringify({ id: 'mf_card', name: 'mf_card', exposes: [] }),
  'logo.png': 'not really a png',
  'sw.js': 'self.addEventListener("fetch", () => {});'.repeat(5),
  'manifest.webmanifest': JSON.stringify({ name: 'eSIM Shop', start_url: '/' }),
  '.stats/stats.json': '{"secret":true}',
  'partner/index.html': '<!doctype html><html><body>partner</body></html>',
};
const COMPRESSED = /\.(js|json|html|css|svg|webmanifest)$/;

/** A dist folder like the build's: every .js/.json/.html with .br and .gz siblings. */
export function makeDist() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-host-'));
  for (const [name, text] of Object.entries(FILES)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    if (COMPRESSED.test(name) && !name.startsWith('.stats/')) {
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    }
  }
  return root;
}

/**
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, body: Buffer, text: string,
 *   socket: import('node:net').Socket, reusedSocket: boolean }} Answer
 */

/**
 * One request with node:http (no automatic decompression, full control of the socket).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer, agent?: http.Agent }} [options]
 * @returns {Promise<Answer>}
 */
export function request(url, { method = 'GET', headers = {}, body, agent } = {}) {
  return new Promise((resolve, reject) => {
    // Node sends a DELETE body without Content-Length or chunked framing unless told.
    const length =
      body === undefined || headers['transfer-encoding'] ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(url, { method, headers: { ...length, ...headers }, agent: agent ?? false }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: all,
          text: all.toString('utf8'),
          socket: req.socket,
          reusedSocket: req.reusedSocket,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The body as text whatever its Content-Encoding. @param {Answer} answer */
export function decoded(answer) {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  return answer.text;
}

/** @param {import('fastify').FastifyInstance} app */
export async function listen(app) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export const OPENAPI = JSON.stringify({ openapi: '3.1.0', paths: {} });

/**
 * A stand-in for the api: its 1 MiB body limit, its envelope, and an echo of what reached it.
 */
export async function startApi() {
  const api = Fastify({ bodyLimit: 1024 * 1024 });
  api.setErrorHandler((/** @type {import('fastify').FastifyError} */ error, _request, reply) => {
    const status = error.statusCode ?? 500;
    reply.code(status).send({ code: status === 413 ? 10002 : 10003, message: error.message, data: null });
  });
  api.post('/eshop/*', async (request, reply) => {
    reply.header('set-cookie', 'seen=1; Path=/; HttpOnly');
    reply.header('access-control-allow-origin', 'http://api-decides.example');
    reply.header('x-powered-by', 'leaky');
    return {
      code: 10000,
      message: 'success',
      data: {
        url: request.url,
        body: request.body,
        xff: request.headers['x-forwarded-for'],
        forwardedHost: request.headers['x-forwarded-host'],
        forwardedProto: request.headers['x-forwarded-proto'],
        requestId: request.headers['x-request-id'],
      },
    };
  });
  api.get('/eshop/health', async () => ({ status: 'ok' }));
  // Already gzip-encoded: the host must pass it through as is.
  api.get('/eshop/openapi.json', async (_request, reply) =>
    reply.header('content-encoding', 'gzip').type('application/json').send(zlib.gzipSync(OPENAPI)),
  );
  const origin = await listen(api);
  return { api, origin };
}

/** An origin where nothing listens. */
export async function deadOrigin() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Runs a Node script and waits until it has printed `count` lines naming a port (group 1 of `ready`).
 * @param {string[]} args @param {{ env?: NodeJS.ProcessEnv, cwd?: string, ready: RegExp, count?: number }} options
 */
function startProcess(args, { env = process.env, cwd, ready, count = 1 }) {
  const child = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ports = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = [...output.matchAll(new RegExp(ready, 'g'))].map((match) => Number(match[1]));
      if (found.length >= count) resolve(found);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { child, ports: /** @type {Promise<number[]>} */ (ports), stop, output: () => output };
}

// Jest runs these files as CommonJS, where __dirname exists.
const HERE = __dirname;

/**
 * createSiteHost(options) in its own Node process (see test-server.mjs).
 * @param {Omit<import('./index.mjs').SiteHostOptions, 'extraJson'> & { extraJson?: Record<string, unknown> }} options
 */
export async function startHost(options) {
  const host = startProcess([path.join(HERE, 'test-server.mjs'), JSON.stringify(options)], {
    ready: /listening (\d+)/,
  });
  const [port] = await host.ports;
  return { base: `http://127.0.0.1:${port}`, stop: host.stop };
}

/**
 * The CLI (bin/host.mjs) run in `cwd`, waiting for `count` servers.
 * @param {string[]} args @param {{ cwd: string, env: NodeJS.ProcessEnv, count?: number }} options
 */
export async function startCli(args, { cwd, env, count = 1 }) {
  const bin = path.join(HERE, '..', 'bin', 'host.mjs');
  const host = startProcess([bin, ...args], {
    cwd,
    env: { PATH: process.env.PATH, NODE_ENV: 'development', ...env },
    ready: /on http:\/\/localhost:(\d+)/,
    count,
  });
  return { ports: await host.ports, stop: host.stop, output: host.output };
}

/** A remote's mf-manifest.json as @esim/build writes it (manifests.test.mjs, page.test.mjs). */
export const REMOTE_MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './routes',
      name: 'routes',
      assets: {
        js: {
          sync: ['__federation_expose_routes.0947a278.js', '__federation_expose_embed.8cfd673b.js'],
          async: [
            'cardmore-strings-en-json.33333333.js',
            'card-locale-ar-json.11111111.js',
            'card-locale-en-json.22222222.js',
            '9134.4e70ade2.js',
          ],
        },
      },
    },
  ],
};
