// `pnpm bench:api`: autocannon against the api's get/card, getCardList (logged in) and getPkg, and against a bare
// Fastify route answering a fixed envelope of the same size, in one run, one target after the other; prints req/s,
// p50, p99 and the ratio to bare Fastify, with issue 10's targets as PASS/MISS (exit 0 whatever the figures).
// The api runs as `pnpm start` starts it (compiled: node dist/server.js, NODE_ENV=development, info log) on PGlite in a temporary folder, or
// on PostgreSQL in a schema of its own when DATABASE_URL is set.
//
// Environment: BENCH_API_DURATION (seconds per target, 10), BENCH_API_CONNECTIONS (20), BENCH_API_WARMUP (seconds,
// 2, not counted), BENCH_API_TARGETS (comma-separated: bare,getCard,getCardList,getPkg), BENCH_API_LOG_LEVEL (the
// api's LOG_LEVEL, info as in production), BENCH_API_CPU_PROF=1 (the api runs with --cpu-prof; the profile's summary
// is printed and the .cpuprofile kept in bench/.data/), BENCH_PORT_BASE (28080: the api on +9, bare on +11).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { benchmarkIndex } from './lib/benchmark-index.mjs';
import { describe } from './lib/cpuprofile.mjs';
import { call, loginDemo, startApi } from './lib/api-server.mjs';
import { startNode, stopChild, waitForUrl, withTeardown } from './lib/processes.mjs';
import { fixed, resultsDir, table } from './lib/report.mjs';
import { BENCH, DEMO, PORT_BASE, ROOT } from './lib/workspace.mjs';

const DURATION = Number(process.env.BENCH_API_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS || 20);
const WARMUP = Number(process.env.BENCH_API_WARMUP ?? 2);
const CPU_PROF = process.env.BENCH_API_CPU_PROF === '1';
const API_PORT = PORT_BASE + 9;
const BARE_PORT = PORT_BASE + 11;

function load(target, seconds) {
  return autocannon({
    url: target.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: JSON.stringify(target.body),
    connections: CONNECTIONS,
    duration: seconds,
  });
}

await withTeardown(async () => {
  const out = resultsDir('api');
  const logDir = path.join(out, 'logs');
  const cpuDir = path.join(out, 'cpu');
  const api = await startApi({
    port: API_PORT,
    logDir,
    nodeFlags: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${cpuDir}`] : undefined,
  });
  console.log(`[bench] api up on ${api.database} in ${api.startMs} ms (NODE_ENV=development)`);
  // The machine's speed varies up to 3x between days: every figure goes with the index it was measured at.
  const indexBefore = await benchmarkIndex();

  const receipt = await loginDemo(api.origin);
  const cardBody = { flag: DEMO.flag, iccid: DEMO.iccid, lang: 'en' };
  // The bare route answers exactly the envelope the api gives for get/card (same bytes on the wire).
  const envelope = await call(api.origin, '/eshop/get/card', cardBody);
  const envelopeFile = path.join(out, 'bare-envelope.json');
  fs.writeFileSync(envelopeFile, JSON.stringify(envelope));
  const bare = startNode('bare-fastify', [path.join(BENCH, 'api', 'bare-server.mjs')], {
    logDir,
    env: { BARE_PORT: String(BARE_PORT), BARE_ENVELOPE_FILE: envelopeFile },
  });
  await waitForUrl(`http://127.0.0.1:${BARE_PORT}/health`, { child: bare });

  const bearer = { authorization: `Bearer ${receipt.token}` };
  const targets = [
    { name: 'bare', label: 'bare Fastify', url: `http://127.0.0.1:${BARE_PORT}/eshop/get/card`, body: cardBody },
    { name: 'getCard', label: 'get/card', url: `${api.origin}/eshop/get/card`, body: cardBody },
    {
      name: 'getCardList',
      label: 'getCardList (logged in)',
      url: `${api.origin}/eshop/api/v1/get/card/list`,
      body: {},
      headers: bearer,
    },
    {
      name: 'getPkg',
      label: 'getPkg',
      url: `${api.origin}/eshop/get/pkg`,
      body: { iccid: DEMO.iccid, lang: 'en', ccy: 'USD' },
    },
  ];
  const wanted = process.env.BENCH_API_TARGETS?.split(',').map((name) => name.trim());
  const chosen = targets.filter((target) => !wanted || wanted.includes(target.name));
  // The machine is shared: bare Fastify runs first and again last, and the ratios use the mean of both, so a
  // neighbour's load that comes or goes during the run shows (two different bare figures) instead of skewing one side.
  if (chosen[0]?.name === 'bare' && chosen.length > 2) chosen.push({ ...chosen[0], label: 'bare Fastify (again)' });

  const results = [];
  for (const target of chosen) {
    // A wrong answer under load would measure an error path: check one call first.
    const check = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...target.headers },
      body: JSON.stringify(target.body),
    });
    const answer = await check.text();
    if (JSON.parse(answer).code !== 10000) throw new Error(`${target.label}: ${answer.slice(0, 200)}`);
    const bytes = Buffer.byteLength(answer);
    if (WARMUP > 0) await load(target, WARMUP);
    const result = await load(target, DURATION);
    results.push({ target, result, bytes });
    console.log(
      `[bench] ${target.label.padEnd(24)} ${fixed(result.requests.average).padStart(6)} req/s  ` +
        `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
    );
  }

  const bareRuns = results.filter((entry) => entry.target.name === 'bare').map((entry) => entry.result);
  const bareResult = bareRuns.length
    ? { requests: { average: bareRuns.reduce((sum, run) => sum + run.requests.average, 0) / bareRuns.length } }
    : undefined;
  const rows = results.map(({ target, result, bytes }) => [
    target.label,
    fixed(result.requests.average),
    fixed(result.latency.p50, 0),
    fixed(result.latency.p99, 0),
    bytes,
    result.non2xx + result.errors + result.timeouts,
    bareResult ? `${fixed((100 * result.requests.average) / bareResult.requests.average, 1)}%` : '–',
  ]);
  const getCard = results.find((entry) => entry.target.name === 'getCard')?.result;
  const checks = [];
  if (getCard && bareResult) {
    const share = getCard.requests.average / bareResult.requests.average;
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const limit = onPostgres ? 0.35 : 0.12;
    checks.push([
      `get/card on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: >= ${limit * 100}% of bare Fastify req/s`,
      `${fixed(share * 100, 1)}%`,
      share >= limit ? 'PASS' : 'MISS',
    ]);
    if (onPostgres) {
      checks.push([
        'get/card on PostgreSQL: p99 <= 25 ms',
        `${getCard.latency.p99} ms`,
        getCard.latency.p99 <= 25 ? 'PASS' : 'MISS',
      ]);
    }
  }
  const indexAfter = await benchmarkIndex();
  const text = [
    `Lighthouse benchmark index: ${indexBefore} before the load, ${indexAfter} after it`,
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after ${WARMUP} s warm-up); ${new Date().toISOString()}`,
    `api: node ${CPU_PROF ? '--cpu-prof ' : ''}dist/server.js (compiled), NODE_ENV=development, LOG_LEVEL=${process.env.BENCH_API_LOG_LEVEL || 'info'}, on ${api.database}; node ${process.version}`,
    // A shared 2-core machine: other work running at the same time shows here.
    `load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)`,
    '',
    table(['target', 'req/s', 'p50 ms', 'p99 ms', 'bytes', 'failed', 'of bare (mean)'], rows),
    '',
    table(['target (issue 10)', 'measured', ''], checks),
  ];

  if (CPU_PROF) {
    // The profile is written when the api exits: stop it gracefully (its SIGTERM handler closes it), then read it.
    await stopChild(api.child, 15_000);
    // One profile per thread (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile): the main thread (0), and the
    // busiest other one, which on PGlite is the database's worker. Only the load phase counts, not the start-up.
    const profiles = fs.existsSync(cpuDir) ? fs.readdirSync(cpuDir).map((name) => path.join(cpuDir, name)) : [];
    const main = profiles.find((file) => /\.\d+\.0\.\d+\.cpuprofile$/.test(file));
    const worker = profiles
      .filter((file) => file !== main)
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    const loadSeconds = chosen.length * (WARMUP + DURATION + 1);
    for (const [label, file] of [
      ['main thread', main],
      ['busiest worker thread', worker],
    ]) {
      text.push('', file ? `${label}: ${describe(file, 15, loadSeconds)}` : `${label}: no profile in ${cpuDir}`);
    }
  }
  text.push('', `reports: ${path.relative(ROOT, out)}`);
  console.log(`\n${text.join('\n')}`);
  fs.writeFileSync(path.join(out, 'summary.txt'), `${text.join('\n')}\n`);
  fs.writeFileSync(
    path.join(out, 'summary.json'),
    JSON.stringify(
      results.map(({ target, result, bytes }) => ({
        name: target.name,
        bytes,
        requests: result.requests,
        latency: result.latency,
        non2xx: result.non2xx,
        errors: result.errors,
      })),
      null,
      2,
    ),
  );
});
