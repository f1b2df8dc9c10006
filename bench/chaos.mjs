// `pnpm chaos`: the cluster of bench:load (3 api instances, 2 shell hosts, one host per remote, HAProxy, a PostgreSQL
// of the run's own) under the same open-loop traffic, while faults are injected (issue 23):
//   at 10 s  kill -9 one api instance, then start it again (no drain: in-flight requests die with it)
//   at 25 s  restart the database (fast shutdown: sessions cut, then start again on the same data)
//   at 40 s  cut one remote's origin (its host killed) for a few seconds, then start it again
// Prints, per phase and in total, the operations lost (failed): the calls that only read (card pages, get/card, the
// card list: target 0 lost), the remote's own files (no balancer in front of a remote: the shell shows its
// fallback), and purchases apart; then, after the job queue has drained, payments fulfilled twice (target 0), paid
// purchases never fulfilled (target 0), and how long each fault took to recover from: from the fault until requests
// succeed again (the end of the last failed request), with when HAProxy saw the servers go and come back. An api
// instance that exits on its own is reported and started again a second later, as a process supervisor would.
// Renewals and usage events run beside it and are checked after it as in bench:load (lib/cluster-run.mjs): due
// renewals charged and fulfilled exactly once, usage reports applied once, figures equal to the network's after a
// final pull, alerts once, through the faults. Lighthouse's benchmark index is measured before and after. Exit 0
// whatever the figures (PASS/MISS printed). The report goes to bench/.data/chaos-<date>/ (summary.txt, report.json,
// the servers' logs).
//
// Environment: BENCH_CHAOS_SECONDS (60), BENCH_CHAOS_RATE (500 requests/s), BENCH_CHAOS_API_AT (10),
// BENCH_CHAOS_DB_AT (25), BENCH_CHAOS_REMOTE_AT (40), BENCH_CHAOS_REMOTE_SECONDS (5), BENCH_CHAOS_REMOTE (mf_card),
// BENCH_CHAOS_API (2: which instance is killed), BENCH_LOAD_WARMUP (5), BENCH_LOAD_MIX, BENCH_LOAD_CONNECTIONS,
// BENCH_API_LOG_LEVEL, BENCH_RETRY_WRITES=1, BENCH_RETRY_ON, BENCH_PORT_BASE (28080: the cluster uses +60 to +75),
// BENCH_PG_BIN; the renewal and usage settings of lib/cluster-run.mjs (BENCH_RENEWALS, BENCH_RENEWALS_AT, …).
import { exactlyOnceTargets, finishRun, printAndWrite, startBackground, startRun } from './lib/cluster-run.mjs';
import { errorText, runOpenLoop, summarize } from './lib/load-generator.mjs';
import { sleep, withTeardown } from './lib/processes.mjs';
import { fixed, table } from './lib/report.mjs';
import { exactlyOnceChecks, IDEMPOTENT, verdict } from './lib/shop-traffic.mjs';
import { PORT_BASE } from './lib/workspace.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const SECONDS = env('BENCH_CHAOS_SECONDS', 60);
const RATE = env('BENCH_CHAOS_RATE', 500);
const WARMUP = env('BENCH_LOAD_WARMUP', 5);
const API_AT = env('BENCH_CHAOS_API_AT', 10);
const DB_AT = env('BENCH_CHAOS_DB_AT', 25);
const REMOTE_AT = env('BENCH_CHAOS_REMOTE_AT', 40);
const REMOTE_SECONDS = env('BENCH_CHAOS_REMOTE_SECONDS', 5);
const REMOTE = process.env.BENCH_CHAOS_REMOTE || 'mf_card';
const API_INDEX = env('BENCH_CHAOS_API', 2) - 1;

const seconds = (ms) => (ms === null || ms === undefined ? '–' : `${fixed(ms / 1000, 1)} s`);

await withTeardown(async () => {
  const run = await startRun({ what: 'chaos', tag: 'chaos', base: PORT_BASE + 60, remote: REMOTE });
  const { cluster, traffic } = run;
  const victim = cluster.apis[API_INDEX];
  if (!victim) throw new Error(`BENCH_CHAOS_API: no api instance ${API_INDEX + 1}`);
  if (WARMUP > 0) await runOpenLoop({ ops: traffic.ops, rate: RATE / 2, seconds: WARMUP, seed: 7 });

  // What happened when, on the load's clock (ms from its start).
  const faults = {
    api: { name: `kill -9 ${victim.name}, start it again`, at: null, marks: {} },
    db: { name: 'restart PostgreSQL (fast shutdown, start)', at: null, marks: {} },
    remote: { name: `cut ${REMOTE}'s origin for ${REMOTE_SECONDS} s`, at: null, marks: {} },
  };
  const transitions = [];
  const pending = [];
  let clock = () => 0;
  let wallAtZero = null;
  const mark = (fault, what) => {
    faults[fault].marks[what] = clock();
    console.log(`[chaos] ${fixed(clock() / 1000, 1)} s  ${fault}: ${what}`);
  };
  const inject = (fault, action) => {
    faults[fault].at = clock();
    pending.push(
      action().catch((error) => {
        faults[fault].error = String(error?.message ?? error);
        console.error(`[chaos] ${fault}: ${faults[fault].error}`);
      }),
    );
  };
  // HAProxy's view of its servers, four times a second: when a server was taken out and put back.
  let watching = true;
  const watcher = (async () => {
    let last = {};
    while (watching) {
      const states = await cluster.states().catch(() => null);
      if (states) {
        for (const [server, state] of Object.entries(states)) {
          if (last[server] !== undefined && last[server] !== state) transitions.push({ at: clock(), server, state });
        }
        last = states;
      }
      await sleep(250);
    }
  })();

  console.log(`[chaos] load: ${SECONDS} s at ${RATE} requests/s; faults at ${API_AT} s, ${DB_AT} s, ${REMOTE_AT} s`);
  startBackground(run);
  const load = await runOpenLoop({
    ops: traffic.ops,
    rate: RATE,
    seconds: SECONDS,
    seed: 1,
    onSecond(second, elapsed) {
      clock = elapsed;
      wallAtZero ??= Date.now() - elapsed();
      if (second === API_AT) {
        inject('api', async () => {
          await cluster.killApi(victim);
          mark('api', 'killed');
          await cluster.startApi(victim);
          mark('api', 'ready again');
        });
      }
      if (second === DB_AT) {
        inject('db', async () => {
          await cluster.postgres.stop();
          mark('db', 'stopped');
          await cluster.postgres.start();
          mark('db', 'accepting again');
        });
      }
      if (second === REMOTE_AT) {
        inject('remote', async () => {
          await cluster.cutHost(REMOTE);
          mark('remote', 'cut');
          await sleep(REMOTE_SECONDS * 1000);
          await cluster.restoreHost(REMOTE);
          mark('remote', 'serving again');
        });
      }
    },
  });
  await Promise.all(pending);
  watching = false;
  await watcher;

  const results = await finishRun(run, { drainMs: 90_000 });
  const { purchases, haproxyRows } = results;

  // Phases: from each fault to the next (the first from the start).
  const boundaries = [
    { key: 'baseline', name: 'before any fault', from: 0 },
    { key: 'api', name: faults.api.name, from: API_AT * 1000 },
    { key: 'db', name: faults.db.name, from: DB_AT * 1000 },
    { key: 'remote', name: faults.remote.name, from: REMOTE_AT * 1000 },
  ].sort((a, b) => a.from - b.from);
  const phases = boundaries.map((phase, index) => ({ ...phase, to: boundaries[index + 1]?.from ?? Infinity }));
  // A request belongs to the phase in which it ended (a request queued before a fault and failed by it counts for
  // that fault).
  const inPhase = (phase) => (result) => result.end >= phase.from && result.end < phase.to;
  const group = (results, kinds) => {
    const chosen = results.filter((result) => kinds(result.kind));
    const failed = chosen.filter((result) => result.error);
    const errors = {};
    for (const result of failed)
      errors[`${result.kind}: ${result.error}`] = (errors[`${result.kind}: ${result.error}`] ?? 0) + 1;
    return {
      ops: chosen.length,
      failed: failed.length,
      errors,
      lastFailure: failed.reduce((max, r) => Math.max(max, r.end), -1),
    };
  };
  const isRead = (kind) => IDEMPOTENT.has(kind) && kind !== 'remote';
  const isRemote = (kind) => kind === 'remote';
  const isPurchase = (kind) => kind === 'purchase';
  const phaseRows = phases.map((phase) => {
    const results = load.results.filter(inPhase(phase));
    const read = group(results, isRead);
    const remote = group(results, isRemote);
    const purchase = group(results, isPurchase);
    const fault = faults[phase.key];
    // Recovery: from the fault until the last request that failed in its phase ended; after that, every request
    // of the phase succeeded. The remote's own files are counted for the remote cut only.
    const relevant = phase.key === 'remote' ? [read, remote, purchase] : [read, purchase];
    const lastFailure = Math.max(...relevant.map((entry) => entry.lastFailure));
    const recovery =
      fault?.at === null || fault?.at === undefined ? null : lastFailure < 0 ? 0 : Math.max(0, lastFailure - fault.at);
    return { phase, read, remote, purchase, fault, recovery, all: summarize(results) };
  });
  const total = {
    read: group(load.results, isRead),
    remote: group(load.results, isRemote),
    purchase: group(load.results, isPurchase),
  };
  // Purchases whose buyer saw a failure: what the database says happened to them.
  const overallSummary = summarize(load.results);

  const rows = phaseRows.map((row) => [
    `${fixed(row.phase.from / 1000, 0)}-${Number.isFinite(row.phase.to) ? fixed(row.phase.to / 1000, 0) : SECONDS} s ${row.phase.name}`,
    `${row.read.failed} of ${row.read.ops}`,
    `${row.remote.failed} of ${row.remote.ops}`,
    `${row.purchase.failed} of ${row.purchase.ops}`,
    row.phase.key === 'baseline' ? '–' : seconds(row.recovery),
  ]);
  rows.push([
    'total',
    `${total.read.failed} of ${total.read.ops}`,
    `${total.remote.failed} of ${total.remote.ops}`,
    `${total.purchase.failed} of ${total.purchase.ops}`,
    '',
  ]);
  const markRows = Object.entries(faults).map(([key, fault]) => [
    key,
    seconds(fault.at),
    Object.entries(fault.marks)
      .map(([what, at]) => `${what} +${seconds(at - fault.at)}`)
      .join(', ') + (fault.error ? ` (error: ${fault.error})` : ''),
  ]);
  const crashes = cluster.crashes.map((crash) => ({
    ...crash,
    atMs: crash.at - wallAtZero,
    restartedMs: crash.restartedAt === null ? null : crash.restartedAt - wallAtZero,
  }));
  const crashText = crashes.length
    ? crashes.map(
        (crash) =>
          `  ${seconds(crash.atMs)} ${crash.name} exited (${crash.signal ?? `code ${crash.code}`}): ${crash.reason}; ` +
          (crash.restartedMs === null
            ? 'not ready again'
            : `ready again at ${seconds(crash.restartedMs)} (supervisor)`),
      )
    : ['  none'];
  const transitionText = transitions.length
    ? transitions.map((t) => `${seconds(t.at)} ${t.server} ${t.state}`).join('; ')
    : 'no server changed state';
  const errorLines = phaseRows
    .flatMap((row) => [
      [row.phase.name, 'reads', row.read.errors],
      [row.phase.name, 'remote', row.remote.errors],
      [row.phase.name, 'purchases', row.purchase.errors],
    ])
    .filter(([, , errors]) => Object.keys(errors).length)
    .map(([phase, what, errors]) => `  ${phase}, ${what}: ${errorText(errors)}`);
  const checks = [
    ['api instances that exited on their own', crashes.length, verdict(crashes.length === 0)],
    ['idempotent calls lost (card pages, get/card, card list)', total.read.failed, verdict(total.read.failed === 0)],
    ...exactlyOnceChecks(purchases),
    [
      'paid purchases not fulfilled after the queue drained',
      purchases.notFulfilled.length,
      verdict(purchases.notFulfilled.length === 0),
    ],
    ...exactlyOnceTargets(results),
  ];
  const overallAll = overallSummary.find((entry) => entry.kind === 'all');
  printAndWrite(run, results, {
    title: `chaos ${new Date().toISOString()}: ${SECONDS} s at ${RATE} requests/s open loop`,
    lines: [
      `requests sent: ${overallAll.requests} (${overallAll.ops} operations), ${overallAll.failed} operations failed; ` +
        `p50 ${fixed(overallAll.p50, 1)} ms, p99 ${fixed(overallAll.p99, 1)} ms`,
      '',
      table(['phase', 'reads lost', `${REMOTE} files lost`, 'purchases failed', 'time to recover'], rows),
      '',
      'failures by phase:',
      ...(errorLines.length ? errorLines : ['  none']),
      '',
      table(['fault', 'at', 'what happened'], markRows),
      `HAProxy saw: ${transitionText}`,
      'api instances that exited on their own (restarted a second later, as a supervisor would):',
      ...crashText,
      `HAProxy: api backend retries ${haproxyRows.find((r) => r.pxname === 'api' && r.svname === 'BACKEND')?.wretr ?? '–'}, ` +
        `redispatches ${haproxyRows.find((r) => r.pxname === 'api' && r.svname === 'BACKEND')?.wredis ?? '–'}`,
    ],
    checks,
    report: {
      rate: RATE,
      seconds: SECONDS,
      faults,
      transitions,
      phases: phaseRows.map((row) => ({
        phase: row.phase.name,
        fromMs: row.phase.from,
        toMs: Number.isFinite(row.phase.to) ? row.phase.to : SECONDS * 1000,
        reads: row.read,
        remote: row.remote,
        purchases: row.purchase,
        recoveryMs: row.recovery,
        summary: row.all,
      })),
      total,
      crashes,
      failures: load.results.filter((result) => result.error),
      overall: overallSummary,
    },
  });
});
