// The shop as several instances behind a real load balancer, for bench:load and chaos (issue 23): a PostgreSQL of the
// run's own (initdb in a temporary folder, its own port, as the postgres user when run as root: initdb refuses root;
// never the machine's service), 3 api processes (node api/dist/server.js, the build a deploy runs) on it, one
// esim-host per remote, 2 shell hosts, and HAProxy (Debian's, installed on first use) in front of the api instances
// and of the shell hosts. Everything listens on 127.0.0.1, on ports of its own from `base` up, and goes away at the
// end of the run (processes.mjs: withTeardown).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { isStopping, onCleanup, sleep, startNode, stopChild, waitForUrl } from './processes.mjs';
import { REMOTE_DIRS } from './site.mjs';
import { API_BUILD, API_SERVER, HOST_BIN, ROOT } from './workspace.mjs';

export const PG_BIN = process.env.BENCH_PG_BIN || '/usr/lib/postgresql/15/bin';
const at = (port) => `http://127.0.0.1:${port}`;

/** Ports of one cluster from `base`: the balancer's two frontends and stats, then every server behind them. */
export function clusterPorts(base, { apis = 3, shells = 2 } = {}) {
  let next = base;
  const take = () => next++;
  return {
    apiFrontend: take(),
    siteFrontend: take(),
    stats: take(),
    postgres: take(),
    apis: Array.from({ length: apis }, take),
    shells: Array.from({ length: shells }, take),
    remotes: Object.fromEntries(Object.keys(REMOTE_DIRS).map((name) => [name, take()])),
  };
}

// ---- processes that are not node (postgres, haproxy): own process group, log file, killed on every way out ----
const others = new Set();
process.once('exit', () => {
  for (const child of others) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

function spawnLogged(name, command, args, { logDir, uid, gid, cwd, env }) {
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env: env ?? process.env,
    detached: true,
    stdio: ['ignore', log, log],
    ...(uid !== undefined ? { uid, gid } : {}),
  });
  fs.closeSync(log);
  child.name = name;
  child.logFile = logFile;
  others.add(child);
  child.once('exit', () => others.delete(child));
  return child;
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

// ---- build and tools ----

/**
 * Compiles the api (about a second, never stale) and builds the site's packages whose dist is missing, incomplete or
 * built with other flags (a BUILD_KEEP_NAMES profiling build is never measured by mistake: tools/build/webpack/build-flags.mjs).
 */
export function ensureBuilt() {
  const api = spawnSync(process.execPath, [API_BUILD], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
  if (api.status !== 0) throw new Error('the api did not compile (api/scripts/build.mjs)');
  const built = spawnSync('pnpm', ['run', 'build:missing'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('pnpm run build:missing failed');
}

const hasCommand = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).error === undefined;

/** HAProxy from the system packages: installed with apt-get when it is not on PATH. Answers its version line. */
export function ensureHaproxy() {
  if (!hasCommand('haproxy', ['-v'])) {
    if (process.getuid?.() !== 0) {
      throw new Error('haproxy is not installed: apt-get install -y haproxy (as root), then run this again');
    }
    console.log('[bench] installing HAProxy: apt-get install -y haproxy');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit', env }).status === 0;
    if (!install()) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
      if (!install()) throw new Error('apt-get install -y haproxy failed');
    }
  }
  const version = spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).stdout ?? '';
  return version.split('\n')[0].trim();
}

// ---- PostgreSQL ----

function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root needs a "postgres" user for initdb');
  return { uid, gid };
}

/**
 * A PostgreSQL server of the run's own: initdb in a fresh temporary folder, listening on 127.0.0.1:`port` with its
 * socket in that folder. stop() is a fast shutdown (SIGINT: sessions cut, a clean checkpoint), start() starts the
 * same data again; both resolve when done. The folder goes at the end.
 */
export async function startPostgres({ port, logDir, pgRequire }) {
  for (const tool of ['initdb', 'postgres']) {
    if (!fs.existsSync(path.join(PG_BIN, tool))) throw new Error(`no ${tool} in ${PG_BIN} (BENCH_PG_BIN)`);
  }
  const user = postgresUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-cluster-pg-'));
  const data = path.join(dir, 'data');
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
  const env = { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C' };
  const init = spawnSync(
    path.join(PG_BIN, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'],
    { cwd: dir, env, encoding: 'utf8', ...user },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error}`);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const { Client } = pgRequire('pg');

  let child = null;
  const server = {
    url,
    port,
    dir,
    get child() {
      return child;
    },
    async start() {
      child = spawnLogged(
        'postgres',
        path.join(PG_BIN, 'postgres'),
        [
          '-D',
          data,
          '-p',
          String(port),
          '-k',
          dir,
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'max_connections=200',
          '-c',
          'shared_buffers=128MB',
        ],
        { logDir, cwd: dir, env, ...user },
      );
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode} (log: ${child.logFile})`);
        const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        try {
          await client.connect();
          await client.query('SELECT 1');
          await client.end();
          return;
        } catch {
          await client.end().catch(() => undefined);
          if (Date.now() > deadline) throw new Error(`postgres did not accept connections (log: ${child.logFile})`);
          await sleep(100);
        }
      }
    },
    /** Fast shutdown (SIGINT to the postmaster), SIGKILL after 20 s. */
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const done = exited(child);
      process.kill(child.pid, 'SIGINT');
      const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 20_000);
      await done;
      clearTimeout(timer);
    },
    /** A client of its own, connected (a session that holds a lock); the caller ends it. */
    async connect() {
      const client = new Client({ connectionString: url });
      await client.connect();
      return client;
    },
    /** One client on the database, for the checks after a run. */
    async query(sql, params = []) {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
  onCleanup(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await server.start();
  return server;
}

// ---- HAProxy ----

/**
 * The balancer's configuration. The api backend checks readiness (503 while an instance drains or has lost its
 * database) every second, out after 2 failures, back after 2 successes. Retries (HAProxy 2.6, "retry-on"): a
 * request that could not be sent (conn-failure, the default) is retried on another server (redispatch on every
 * retry) whatever its method. Layer-7 retries (empty-response: the server closed without answering, e.g. killed;
 * response-timeout) replay a request that a server may already have acted on, and HAProxy applies them to any method,
 * POST included, unless "http-request disable-l7-retry" says otherwise: so they are on only for the calls that only
 * read (GET pages, get/card, the card list), and off for everything else (purchases, webhooks, account calls), unless
 * `retryWrites` (BENCH_RETRY_WRITES=1: replay purchases too, to test the api's own exactly-once). Its answers name
 * the server that gave them (x-served-by), so a run can tell which instance took a request.
 */
export function haproxyConfig({ ports, retryOn, retryWrites }) {
  const server = (name, port) => `  server ${name} 127.0.0.1:${port} check inter 1s fall 2 rise 2`;
  return `# written by bench/lib/cluster.mjs
global
  maxconn 4000
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  timeout connect 1s
  timeout check 2s
  timeout client 30s
  timeout server 10s
  timeout http-keep-alive 30s
  timeout queue 10s
  retries 3
  option redispatch 1

listen stats
  bind 127.0.0.1:${ports.stats}
  stats enable
  stats uri /stats
  stats refresh 0

frontend api_in
  bind 127.0.0.1:${ports.apiFrontend}
  option forwardfor
  default_backend api

backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /eshop/health/ready
  http-check expect status 200
  retry-on ${retryOn}
  acl read_call path /eshop/get/card /eshop/api/v1/get/card/list /eshop/get/pkg
  http-response set-header x-served-by %s
${retryWrites ? '' : '  http-request disable-l7-retry unless METH_GET || read_call\n'}${ports.apis.map((port, index) => server(`api${index + 1}`, port)).join('\n')}

frontend site_in
  bind 127.0.0.1:${ports.siteFrontend}
  option forwardfor
  default_backend site

backend site
  balance roundrobin
  option httpchk
  http-check send meth GET uri /remotes.json
  http-check expect status 200
  retry-on ${retryOn}
  http-request disable-l7-retry unless METH_GET
${ports.shells.map((port, index) => server(`shell${index + 1}`, port)).join('\n')}
`;
}

/** HAProxy's stats page (CSV) as rows keyed by its column names (pxname, svname, status, wretr, wredis, …). */
export async function haproxyStats(statsOrigin) {
  const response = await fetch(`${statsOrigin}/stats;csv`);
  const [header, ...lines] = (await response.text()).split('\n').filter(Boolean);
  const names = header.replace(/^# /, '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [names[index], value])));
}

/** Server states from the stats page: { 'api/api1': 'UP', ... }. */
export async function haproxyStates(statsOrigin) {
  const states = {};
  for (const row of await haproxyStats(statsOrigin)) {
    if (row.svname === 'FRONTEND' || row.svname === 'BACKEND') continue;
    states[`${row.pxname}/${row.svname}`] = row.status;
  }
  return states;
}

/** The mails in an outbox folder (api/src/mail.ts writes a .json beside each .eml, renamed into place when whole). */
function outboxMails(dir) {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
        return [{ to: String(mail.to ?? '').toLowerCase(), template: String(mail.template ?? '') }];
      } catch {
        return [];
      }
    });
}

// ---- the cluster ----

/**
 * Starts PostgreSQL, the api instances (the first seeds the demo data; the others start once it is ready), the remote
 * hosts, the shell hosts, then HAProxy, and waits until the balancer has every server up.
 * @param {{ base: number, logDir: string, pgRequire: (id: string) => any, apiEnv?: Record<string,string>,
 *   retryOn?: string, retryWrites?: boolean, apis?: number, shells?: number, supervise?: boolean }} o
 */
export async function startCluster({
  base,
  logDir,
  pgRequire,
  apiEnv = {},
  retryOn,
  retryWrites,
  apis,
  shells,
  supervise = true,
}) {
  const ports = clusterPorts(base, { apis, shells });
  const origins = {
    api: at(ports.apiFrontend),
    site: at(ports.siteFrontend),
    stats: at(ports.stats),
  };
  const startedAt = Date.now();
  const postgres = await startPostgres({ port: ports.postgres, logDir, pgRequire });

  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-cluster-mail-'));
  onCleanup(() => fs.rmSync(outbox, { recursive: true, force: true }));
  // Every instance signs and checks the sandbox's and the simulator's events with the same secrets: an event queued
  // by one instance may be delivered by another.
  const shared = {
    NODE_ENV: 'development',
    OIDC_DEMO: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: postgres.url,
    SHELL_ORIGIN: origins.site,
    MAIL_OUTBOX: outbox,
    LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL || 'info',
    TRUSTED_PROXIES: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: '2000',
    SANDBOX_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_SECRET: randomBytes(24).toString('hex'),
    // One client address (the balancer's X-Forwarded-For is this machine) sends all the load: limits out of the way.
    AUTH_RATE_LIMIT: '100000',
    ADDRESS_RATE_LIMIT: '100000',
    LOOKUP_LIMIT_PER_IP: '1000000',
    LOOKUP_LIMIT_PER_ACCOUNT: '1000000',
    LOOKUP_MISS_LIMIT_PER_IP: '1000000',
    LOOKUP_MISS_LIMIT_PER_ACCOUNT: '1000000',
    ...apiEnv,
  };
  const apiInstances = ports.apis.map((port, index) => ({
    name: `api${index + 1}`,
    port,
    origin: at(port),
    child: null,
    starts: 0,
    expectExit: false,
  }));
  // Like a process supervisor (systemd Restart=always, a container runtime): an instance that exits on its own is
  // recorded as a crash (with the end of its log) and, when `supervise`, started again after a second.
  const crashes = [];
  const startApiInstance = async (instance, seed) => {
    instance.starts += 1;
    instance.expectExit = false;
    const child = startNode(instance.name, [API_SERVER], {
      cwd: path.join(ROOT, 'api'),
      logDir,
      env: { ...shared, API_PORT: String(instance.port), SEED_DEMO: seed ? '1' : '0' },
    });
    instance.child = child;
    child.once('exit', (code, signal) => {
      if (instance.expectExit || isStopping() || instance.child !== child) return;
      const tail = fs.readFileSync(child.logFile, 'utf8').split('\n').slice(-40);
      const reason =
        tail.find((line) => /^\w*[Ee]rror: /.test(line)) ?? tail.filter(Boolean).at(-1)?.slice(0, 200) ?? '';
      const crash = { name: instance.name, at: Date.now(), code, signal, reason, restartedAt: null };
      crashes.push(crash);
      console.error(`[cluster] ${instance.name} exited on its own (${signal ?? `code ${code}`}): ${reason}`);
      if (!supervise) return;
      setTimeout(() => {
        if (isStopping()) return;
        startApiInstance(instance, false).then(
          () => (crash.restartedAt = Date.now()),
          (error) => console.error(`[cluster] ${instance.name} did not start again: ${error.message}`),
        );
      }, 1000);
    });
    await waitForUrl(`${instance.origin}/eshop/health/ready`, { child, timeoutMs: 120_000 });
  };
  // The first migrates and seeds; the others find the schema done (migrations take an advisory lock anyway).
  await startApiInstance(apiInstances[0], true);
  await Promise.all(apiInstances.slice(1).map((instance) => startApiInstance(instance, false)));

  const remotesEnv = Object.fromEntries(
    Object.keys(REMOTE_DIRS).map((name) => [
      `REMOTE_${name.toUpperCase()}`,
      `${at(ports.remotes[name])}/mf-manifest.json`,
    ]),
  );
  const hostEnv = { HOST: '127.0.0.1', SHELL_ORIGIN: origins.site, TRUSTED_PROXIES: '127.0.0.1', ...remotesEnv };
  const hosts = {};
  const startHost = async (name, dir, port, args, env, readyPath) => {
    const child = startNode(name, [HOST_BIN, '--dir', dir, '--port', String(port), ...args], {
      cwd: ROOT,
      logDir,
      env: { ...hostEnv, ...env },
    });
    hosts[name] = { name, port, origin: at(port), child, dir, args, env, readyPath };
    await waitForUrl(`${at(port)}${readyPath}`, { child, timeoutMs: 30_000 });
  };
  // Remotes first: a shell pins their code (mf-integrity.json) when it starts.
  await Promise.all(
    Object.entries(REMOTE_DIRS).map(([name, dir]) =>
      startHost(name, path.join(ROOT, dir, 'dist'), ports.remotes[name], ['--spa'], {}, '/mf-manifest.json'),
    ),
  );
  await Promise.all(
    ports.shells.map((port, index) =>
      startHost(
        `shell${index + 1}`,
        path.join(ROOT, 'shell', 'dist'),
        port,
        ['--spa', '--shell'],
        { API_ORIGIN: origins.api, SHELL_PORT: String(port) },
        '/remotes.json',
      ),
    ),
  );

  const haproxyVersion = ensureHaproxy();
  const haproxyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-cluster-haproxy-'));
  onCleanup(() => fs.rmSync(haproxyDir, { recursive: true, force: true }));
  const configFile = path.join(haproxyDir, 'haproxy.cfg');
  const config = haproxyConfig({
    ports,
    retryOn: retryOn || 'conn-failure empty-response response-timeout',
    retryWrites: Boolean(retryWrites),
  });
  fs.writeFileSync(configFile, config);
  fs.mkdirSync(logDir, { recursive: true });
  fs.writeFileSync(path.join(logDir, 'haproxy.cfg'), config);
  const checked = spawnSync('haproxy', ['-c', '-f', configFile], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`haproxy refused its configuration:\n${checked.stdout}${checked.stderr}`);
  const haproxy = spawnLogged('haproxy', 'haproxy', ['-f', configFile, '-db'], { logDir, cwd: haproxyDir });
  onCleanup(async () => {
    if (haproxy.exitCode !== null || haproxy.signalCode !== null) return;
    const done = exited(haproxy);
    process.kill(-haproxy.pid, 'SIGTERM');
    await done;
  });
  await waitForUrl(`${origins.stats}/stats`, { timeoutMs: 15_000, child: haproxy });
  // Servers start DOWN until their checks pass ("rise 2": about 2 s).
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = await haproxyStates(origins.stats);
    const down = Object.entries(states).filter(([, state]) => state !== 'UP');
    if (down.length === 0) break;
    if (Date.now() > deadline) throw new Error(`servers not up behind HAProxy: ${JSON.stringify(states)}`);
    await sleep(250);
  }

  return {
    ports,
    origins,
    postgres,
    apis: apiInstances,
    hosts,
    haproxy: { child: haproxy, version: haproxyVersion, config },
    startMs: Date.now() - startedAt,
    /** The api instances' mail outbox (MAIL_OUTBOX: a .json per mail) and the secrets they share. */
    outbox,
    secrets: { sandbox: shared.SANDBOX_WEBHOOK_SECRET, simulator: shared.SIMULATOR_SECRET },
    /** The mails the instances sent so far (the outbox's .json files): { to, template } each. */
    mails: () => outboxMails(outbox),
    /** Api instances that exited on their own: { name, at, code, signal, reason, restartedAt }. */
    crashes,
    /** kill -9 an api instance (its whole process group). */
    async killApi(instance) {
      const child = instance.child;
      instance.expectExit = true;
      const done = exited(child);
      process.kill(-child.pid, 'SIGKILL');
      await done;
    },
    /** Starts a stopped api instance again (no seeding) and waits until it is ready. */
    startApi: (instance) => startApiInstance(instance, false),
    /** Stops a host abruptly (SIGKILL: its origin is gone). */
    async cutHost(name) {
      const child = hosts[name].child;
      const done = exited(child);
      process.kill(-child.pid, 'SIGKILL');
      await done;
    },
    async restoreHost(name) {
      const host = hosts[name];
      await startHost(name, host.dir, host.port, host.args, host.env, host.readyPath);
    },
    stopChild,
    states: () => haproxyStates(origins.stats),
    stats: () => haproxyStats(origins.stats),
  };
}
