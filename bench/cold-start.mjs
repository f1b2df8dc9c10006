// Cold start of the compiled api: from `node dist/server.js` (what the api's `serve` script, and so `pnpm start`,
// runs on a built tree) until POST /eshop/get/card answers the demo card. Two cases, each BENCH_START_ROUNDS times
// (3): a fresh PGlite data folder (first start: initdb, migrations, demo data), and that same folder again (every
// later start, the issue 10 target: ≤ 3 s). The api is started as `pnpm start` starts it (NODE_ENV=development, so the demo
// data and the demo sign-in provider too), on ports of its own. Compiles the api first unless BENCH_START_BUILD=0.
//
//   node bench/cold-start.mjs     (BENCH_START_ROUNDS, BENCH_PORT_BASE: the api on +12, the demo provider on +13)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { onCleanup, sleep, startNode, stopChild, withTeardown } from './lib/processes.mjs';
import { fixed, median, resultsDir, table } from './lib/report.mjs';
import { API_BUILD, API_SERVER, DEMO, PORT_BASE, ROOT } from './lib/workspace.mjs';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS || 3);
const API_PORT = PORT_BASE + 12;
const OIDC_PORT = PORT_BASE + 13;
const TARGET_MS = 3_000;

/** Polls get/card every 10 ms until it answers the demo card; the milliseconds since `startedAt`. */
async function untilCardAnswers(child, startedAt) {
  const body = JSON.stringify({ flag: DEMO.flag, iccid: DEMO.iccid, lang: 'en' });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode} (log: ${child.logFile})`);
    if (Date.now() - startedAt > 120_000) throw new Error(`get/card did not answer in 120 s (log: ${child.logFile})`);
    try {
      const response = await fetch(`http://127.0.0.1:${API_PORT}/eshop/get/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const envelope = await response.json();
      if (envelope.code === 10000 && envelope.data?.iccid === DEMO.iccid) return Date.now() - startedAt;
      throw new Error(`get/card answered ${JSON.stringify(envelope).slice(0, 200)}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('get/card answered')) throw error;
      await sleep(10);
    }
  }
}

async function startOnce(name, dataDir, logDir) {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-start-mail-'));
  onCleanup(() => fs.rmSync(outbox, { recursive: true, force: true }));
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'SEED_DEMO']) delete env[key];
  const startedAt = Date.now();
  const child = startNode(name, [API_SERVER], {
    cwd: path.join(ROOT, 'api'),
    logDir,
    env: {
      ...env,
      // As the api's serve script (pnpm start) sets it.
      NODE_ENV: 'development',
      PGLITE_DIR: dataDir,
      MAIL_OUTBOX: outbox,
      HOST: '127.0.0.1',
      API_PORT: String(API_PORT),
      OIDC_DEMO_PORT: String(OIDC_PORT),
    },
  });
  try {
    return await untilCardAnswers(child, startedAt);
  } finally {
    await stopChild(child, 15_000);
  }
}

await withTeardown(async () => {
  const out = resultsDir('start');
  if (process.env.BENCH_START_BUILD !== '0') {
    const built = spawnSync(process.execPath, [API_BUILD], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the api did not compile (api/scripts/build.mjs)');
  }
  const fresh = [];
  const existing = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-start-db-'));
    onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    fresh.push(await startOnce(`fresh-${round}`, dataDir, out));
    existing.push(await startOnce(`existing-${round}`, dataDir, out));
    console.log(`[start] round ${round}: fresh data folder ${fresh.at(-1)} ms, existing ${existing.at(-1)} ms`);
  }
  const row = (label, times) => [label, fixed(median(times)), times.join(' ')];
  const existingMedian = median(existing);
  const text = [
    `node dist/server.js until get/card answers (PGlite, demo data, NODE_ENV=development as pnpm start); ${ROUNDS} rounds; ` +
      `${new Date().toISOString()}; node ${process.version}`,
    `load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)`,
    '',
    table(
      ['data folder', 'median ms', 'runs ms'],
      [row('fresh (first start)', fresh), row('existing (later starts)', existing)],
    ),
    '',
    `issue 10: built tree, data there, get/card within ${TARGET_MS} ms: ${fixed(existingMedian)} ms ` +
      `${existingMedian <= TARGET_MS ? 'PASS' : 'MISS'}`,
    `logs: ${path.relative(ROOT, out)}`,
  ];
  console.log(`\n${text.join('\n')}`);
  fs.writeFileSync(path.join(out, 'summary.txt'), `${text.join('\n')}\n`);
});
