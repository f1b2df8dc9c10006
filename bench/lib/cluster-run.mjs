// What bench:load and chaos share around their load (issue 23): the cluster started with the settings of the
// exactly-once checks, the shop's traffic and the set-up cards, the renewal and usage traffic beside the load, and
// after it the queues drained, the checks of purchases, renewals and usage events, the summary's common lines and the
// report files.
//
// Environment (both scripts): BENCH_RENEWALS (60 cards due for renewal; 0: none), BENCH_RENEWALS_AT (5: seconds into
// the load), BENCH_RENEWALS_COPIES (3 more deliveries of the charge job), BENCH_USAGE_CARDS (40 cards using data),
// BENCH_SIMULATOR_SPEED (200: SIMULATOR_SPEED), BENCH_SIMULATOR_TICK (2: SIMULATOR_TICK_SECONDS),
// BENCH_USAGE_REPLAY_MS (1000: how often the callbacks are replayed; 0: never), BENCH_LOAD_MIX,
// BENCH_LOAD_CONNECTIONS (256), BENCH_RETRY_ON, BENCH_RETRY_WRITES=1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { benchmarkIndex } from './benchmark-index.mjs';
import { ensureBuilt, startCluster } from './cluster.mjs';
import { httpClient } from './load-generator.mjs';
import { fixed, resultsDir, table } from './report.mjs';
import {
  checkRenewals,
  RENEWAL_QUEUES,
  renewalChecks,
  renewalLines,
  seedRenewals,
  settleRenewals,
  startRenewals,
} from './renewal-traffic.mjs';
import { checkPurchases, drainQueues, lastOrderId, mixFrom, shopTraffic } from './shop-traffic.mjs';
import {
  checkUsage,
  holdAndPull,
  instanceCallbacks,
  seedUsage,
  startReplays,
  usageChecks,
  usageLines,
} from './usage-traffic.mjs';
import { apiRequire, ROOT } from './workspace.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
export const SETTINGS = {
  renewals: env('BENCH_RENEWALS', 60),
  renewalsAt: env('BENCH_RENEWALS_AT', 5),
  renewalCopies: env('BENCH_RENEWALS_COPIES', 3),
  usageCards: env('BENCH_USAGE_CARDS', 40),
  speed: env('BENCH_SIMULATOR_SPEED', 200),
  tick: env('BENCH_SIMULATOR_TICK', 2),
  replayMs: env('BENCH_USAGE_REPLAY_MS', 1000),
  connections: env('BENCH_LOAD_CONNECTIONS', 256),
};
/** The queues the renewals, the hand-over of bought packages to the network and the alerts go through. */
const FOLLOW_UP_QUEUES = [...RENEWAL_QUEUES, 'connectivity-apply', 'connectivity-alerts'];

/**
 * Starts the cluster (ports from `base`; the simulator at the run's speed, ticking every few seconds on each instance;
 * refresh asks the network every time), measures the benchmark index, logs in and checks the shop's traffic, and sets
 * up the cards of the renewal and usage checks. `remote`: the remote whose manifest the traffic loads.
 */
export async function startRun({ what, tag, base, remote = 'mf_card' }) {
  ensureBuilt();
  const out = resultsDir(what);
  const cluster = await startCluster({
    base,
    logDir: path.join(out, 'logs'),
    pgRequire: apiRequire,
    retryOn: process.env.BENCH_RETRY_ON,
    retryWrites: process.env.BENCH_RETRY_WRITES === '1',
    apiEnv: {
      SIMULATOR_SPEED: String(SETTINGS.speed),
      SIMULATOR_TICK_SECONDS: String(SETTINGS.tick),
      REFRESH_MIN_SECONDS: '0',
    },
  });
  if (!cluster.hosts[remote]) throw new Error(`no remote ${remote}`);
  console.log(
    `[${tag}] cluster up in ${cluster.startMs} ms: HAProxy ${cluster.origins.api} (api ×${cluster.apis.length}), ` +
      `${cluster.origins.site} (shell ×${cluster.ports.shells.length}); ${cluster.haproxy.version}`,
  );
  const indexBefore = await benchmarkIndex();
  console.log(`[${tag}] Lighthouse benchmark index before the load: ${indexBefore}`);

  const client = httpClient({ maxSockets: SETTINGS.connections });
  const mix = mixFrom(process.env.BENCH_LOAD_MIX);
  const traffic = await shopTraffic({
    client,
    origins: cluster.origins,
    remoteOrigin: cluster.hosts[remote].origin,
    mix,
  });
  const renewals = await seedRenewals(cluster.postgres, { count: SETTINGS.renewals });
  const usage = await seedUsage(cluster.postgres, { count: SETTINGS.usageCards });
  console.log(
    `[${tag}] set up ${renewals.count} cards due for renewal and ${usage.count} cards using data ` +
      `(${renewals.setupMs + usage.setupMs} ms)`,
  );
  const sinceId = await lastOrderId(cluster.postgres);
  return { tag, out, cluster, client, mix, traffic, indexBefore, sinceId, seeded: { renewals, usage } };
}

/** Starts the renewal and usage traffic beside the load (call it when the counted load starts). */
export function startBackground(run) {
  const { cluster } = run;
  run.renewalTraffic = startRenewals({
    postgres: cluster.postgres,
    seeded: run.seeded.renewals,
    atMs: SETTINGS.renewalsAt * 1000,
    copies: SETTINGS.renewalCopies,
    instances: cluster.apis.length,
  });
  const targets = [
    ...cluster.apis.map((api) => ({ name: api.name, origin: api.origin })),
    { name: 'HAProxy', origin: cluster.origins.api, balancer: true },
  ];
  run.replayTargets = targets.map((target) => target.name).join(', ');
  run.replays =
    SETTINGS.replayMs > 0
      ? startReplays({
          postgres: cluster.postgres,
          client: run.client,
          targets,
          secret: cluster.secrets.simulator,
          intervalMs: SETTINGS.replayMs,
        })
      : null;
}

/**
 * After the load: stops the renewal and usage traffic, waits for the purchase queues (up to `drainMs`), checks the
 * purchases, waits for the renewals and the other queues, holds the network still for the final pull, checks
 * renewals and usage, reads HAProxy's figures and measures the benchmark index again.
 */
export async function finishRun(run, { drainMs = 60_000 } = {}) {
  const { cluster, tag } = run;
  const replays = (await run.replays?.stop()) ?? {
    callbacks: 0,
    reports: 0,
    posts: 0,
    answered: 0,
    failed: {},
    byInstance: {},
  };
  replays.targets = run.replayTargets;
  await run.renewalTraffic.stop();

  console.log(`[${tag}] waiting for the purchase queues to drain`);
  const drained = await drainQueues(cluster.postgres, drainMs);
  const purchases = await checkPurchases(cluster.postgres, run.sinceId, run.traffic.ledger);
  console.log(`[${tag}] waiting for the renewals, the hand-over to the network and the alerts`);
  const settled = await settleRenewals(cluster.postgres, run.seeded.renewals, drainMs);
  const followUp = await drainQueues(cluster.postgres, drainMs, FOLLOW_UP_QUEUES);

  console.log(`[${tag}] holding the simulated network still; the final pull`);
  const pull = await holdAndPull({ postgres: cluster.postgres, client: run.client, apiOrigin: cluster.origins.api });
  let renewals;
  let usage;
  let instances;
  try {
    // Alerts the pull raised.
    await drainQueues(cluster.postgres, 30_000, ['connectivity-alerts']);
    instances = await instanceCallbacks(cluster.apis);
    const mails = cluster.mails();
    renewals = await checkRenewals(cluster.postgres, run.seeded.renewals, mails);
    usage = await checkUsage(cluster.postgres, {
      iccids: [...run.seeded.renewals.iccids, ...run.seeded.usage.iccids],
      mails,
    });
  } finally {
    await pull.release();
  }
  const haproxyRows = await cluster.stats();
  run.client.close();
  const indexAfter = await benchmarkIndex();
  return {
    drained,
    followUp,
    purchases,
    settled,
    renewals,
    renewalTimeline: run.renewalTraffic.timeline,
    usage,
    replays,
    instances,
    pull: { pulled: pull.pulled, failed: pull.failed },
    haproxyRows,
    indexAfter,
  };
}

const mixText = (mix) =>
  Object.entries(mix)
    .map(([kind, weight]) => `${kind}=${weight}`)
    .join(',');

const loadAverageText = () =>
  `load average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} (${os.cpus().length} cores, shared)`;

const queueLeft = (drained) =>
  Object.keys(drained.left).length ? ` (still waiting: ${JSON.stringify(drained.left)})` : '';

/** The summary's lines about purchases, the queues, renewals and usage events. */
function exactlyOnceLines(run, results) {
  const { drained, followUp, purchases } = results;
  return [
    `purchases: ${purchases.orders} orders opened, ${purchases.paid} paid, ${purchases.seenPaid} seen paid by the buyer, ` +
      `${purchases.fulfilledOnce} fulfilled exactly once, ${purchases.open} left open; purchase queues drained in ` +
      `${fixed(drained.waitedMs / 1000, 1)} s${queueLeft(drained)}, then renewals, hand-over and alerts in ` +
      `${fixed(followUp.waitedMs / 1000, 1)} s${queueLeft(followUp)}`,
    ...[...(drained.jobs ?? []), ...(followUp.jobs ?? [])].map(
      (job) =>
        `  left: ${job.name} ${job.state}${job.active_s !== null ? ` for ${job.active_s} s` : ''}, ` +
        `${job.retry_count} retries, expires after ${job.expire_in_s} s active`,
    ),
    ...renewalLines(results.renewals, results.renewalTimeline, results.settled),
    ...usageLines({
      usage: results.usage,
      seeded: run.seeded.usage,
      settings: SETTINGS,
      replays: results.replays,
      instances: results.instances,
      pull: results.pull,
    }),
  ];
}

/** The targets' rows about renewals and usage events (0 missing, 0 doubled). */
export const exactlyOnceTargets = (results) => [...renewalChecks(results.renewals), ...usageChecks(results.usage)];

/** What report.json keeps of the checks after the load. */
function exactlyOnceReport(results) {
  return {
    purchases: results.purchases,
    drained: results.drained,
    followUp: results.followUp,
    renewals: { ...results.renewals, timeline: results.renewalTimeline, settled: results.settled },
    usage: { ...results.usage, replays: results.replays, instances: results.instances, pull: results.pull },
  };
}

/**
 * Prints the summary and writes it to summary.txt: the benchmark index, `title` with the mix, the cluster, the load
 * average, the run's own `lines`, then purchases, renewals and usage, the targets' table and where the reports are.
 * report.json: the run's own `report`, the checks after the load, the targets as objects.
 */
export function printAndWrite(run, results, { title, lines, checks, report }) {
  const { cluster } = run;
  const text = [
    `Lighthouse benchmark index: ${run.indexBefore} before the load, ${results.indexAfter} after it`,
    `${title}, mix ${mixText(run.mix)}`,
    `cluster: ${cluster.apis.length} × node api/dist/server.js (NODE_ENV=development, ` +
      `LOG_LEVEL=${process.env.BENCH_API_LOG_LEVEL || 'info'}), ${cluster.ports.shells.length} shell hosts, ` +
      `${Object.keys(cluster.ports.remotes).length} remote hosts, ${cluster.haproxy.version.replace(/ - .*/, '')}, ` +
      `PostgreSQL 15 (own initdb); node ${process.version}`,
    loadAverageText(),
    '',
    ...lines,
    '',
    ...exactlyOnceLines(run, results),
    '',
    table(['target (issue 23)', 'measured', ''], checks),
    '',
    `reports: ${path.relative(ROOT, run.out)}`,
  ];
  console.log(`\n${text.join('\n')}`);
  fs.writeFileSync(path.join(run.out, 'summary.txt'), `${text.join('\n')}\n`);
  fs.writeFileSync(
    path.join(run.out, 'report.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        benchmarkIndex: { before: run.indexBefore, after: results.indexAfter },
        mix: run.mix,
        ...report,
        ...exactlyOnceReport(results),
        checks: checks.map(([target, measured, result]) => ({ target, measured: String(measured), result })),
        loadavg: os.loadavg(),
      },
      null,
      2,
    ),
  );
}
