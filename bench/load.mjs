// `pnpm bench:load`: the shop as it would be deployed several times over (issue 23): 3 api processes and 2 shell
// hosts (plus one host per remote) behind HAProxy, on a PostgreSQL of the run's own (bench/lib/cluster.mjs), under
// 60 s of mixed open-loop traffic at 500 requests/s (card pages, get/card, the card list signed in, sandbox
// purchases, a remote's manifest: bench/lib/shop-traffic.mjs). Prints requests sent, failures by kind (target 0),
// p50/p99 per kind, then the sustainable rate from a short search (steps of BENCH_LOAD_STEP_SECONDS: the highest rate
// with no failure and p99 under 1 s). Beside the load, renewals come due and are charged by several instances at
// once (lib/renewal-traffic.mjs), and the simulated network's usage callbacks, posted by whichever instance ticks, are
// delivered again to every instance at once (lib/usage-traffic.mjs). Then it checks in the database that every paid
// purchase was fulfilled exactly once, every due renewal charged and fulfilled exactly once, every usage report applied
// once with the packages' figures equal to the network's after a final pull, and every alert raised, noticed and
// mailed once (lib/cluster-run.mjs). Lighthouse's benchmark index is measured before and after. Exit 0 whatever the
// figures: targets are printed PASS/MISS. The report goes to bench/.data/load-<date>/ (summary.txt, report.json, the
// servers' logs).
//
// Environment: BENCH_LOAD_SECONDS (60), BENCH_LOAD_RATE (500 requests/s), BENCH_LOAD_WARMUP (5 s at half the rate,
// not counted), BENCH_LOAD_STEP_SECONDS (10; 0: no search), BENCH_LOAD_STEPS (4), BENCH_LOAD_MIX (weights, see
// shop-traffic.mjs), BENCH_LOAD_CONNECTIONS (256 per origin), BENCH_API_LOG_LEVEL (info), BENCH_RETRY_WRITES=1
// (HAProxy may replay purchases too), BENCH_RETRY_ON (HAProxy retry-on list), BENCH_PORT_BASE (28080: the cluster
// uses +40 to +55), BENCH_PG_BIN (/usr/lib/postgresql/15/bin); the renewal and usage settings of lib/cluster-run.mjs
// (BENCH_RENEWALS, BENCH_USAGE_CARDS, BENCH_SIMULATOR_SPEED, …).
import { exactlyOnceTargets, finishRun, printAndWrite, startBackground, startRun } from './lib/cluster-run.mjs';
import { errorText, runOpenLoop, summarize } from './lib/load-generator.mjs';
import { sleep, withTeardown } from './lib/processes.mjs';
import { fixed, table } from './lib/report.mjs';
import { exactlyOnceChecks, verdict } from './lib/shop-traffic.mjs';
import { PORT_BASE } from './lib/workspace.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 60);
const RATE = Number(process.env.BENCH_LOAD_RATE || 500);
const WARMUP = Number(process.env.BENCH_LOAD_WARMUP ?? 5);
const STEP_SECONDS = Number(process.env.BENCH_LOAD_STEP_SECONDS ?? 10);
const STEPS = Number(process.env.BENCH_LOAD_STEPS ?? 4);
const P99_LIMIT_MS = 1000;

const overall = (summary) => summary.find((group) => group.kind === 'all');
const passes = (summary) => overall(summary).failed === 0 && overall(summary).p99 < P99_LIMIT_MS;

function kindRows(summary) {
  return summary
    .sort((a, b) => (a.kind === 'all') - (b.kind === 'all'))
    .map((group) => [
      group.kind,
      group.ops,
      group.requests,
      group.failed,
      fixed(group.p50, 1),
      fixed(group.p99, 1),
      fixed(group.max, 0),
      errorText(group.errors),
    ]);
}
const KIND_HEADER = ['kind', 'operations', 'requests', 'failed', 'p50 ms', 'p99 ms', 'max ms', 'failures by kind'];

await withTeardown(async () => {
  const run = await startRun({ what: 'load', tag: 'bench', base: PORT_BASE + 40 });
  const { cluster, traffic } = run;

  if (WARMUP > 0) {
    console.log(`[bench] warm-up: ${WARMUP} s at ${RATE / 2} requests/s`);
    await runOpenLoop({ ops: traffic.ops, rate: RATE / 2, seconds: WARMUP, seed: 7 });
  }
  console.log(`[bench] load: ${SECONDS} s at ${RATE} requests/s, open loop`);
  startBackground(run);
  const main = await runOpenLoop({ ops: traffic.ops, rate: RATE, seconds: SECONDS, seed: 1 });
  const mainSummary = summarize(main.results);
  const mainAll = overall(mainSummary);
  console.log(
    `[bench] sent ${mainAll.requests} requests (${mainAll.ops} operations) over ${SECONDS} s: ` +
      `${mainAll.failed} failed, p50 ${fixed(mainAll.p50, 1)} ms, p99 ${fixed(mainAll.p99, 1)} ms`,
  );

  // The sustainable rate: up from the main rate (×1.25) while it holds (no failure, p99 < 1 s), down (×0.7) while
  // it does not, then halfway between the highest rate that held and the lowest that did not, each step a short run
  // of its own, until BENCH_LOAD_STEPS runs or the two are within 10%.
  const steps = [];
  let low = passes(mainSummary) ? RATE : null;
  let high = passes(mainSummary) ? null : RATE;
  if (STEP_SECONDS > 0) {
    for (let step = 0; step < STEPS; step += 1) {
      if (low !== null && high !== null && (high - low) / low < 0.1) break;
      const rate = Math.round(high === null ? low * 1.25 : low === null ? high * 0.7 : (low + high) / 2);
      await sleep(3000);
      const stepRun = await runOpenLoop({ ops: traffic.ops, rate, seconds: STEP_SECONDS, seed: 100 + step });
      const summary = summarize(stepRun.results);
      const all = overall(summary);
      const ok = passes(summary);
      steps.push({ rate, ok, failed: all.failed, p50: all.p50, p99: all.p99, requests: all.requests });
      console.log(
        `[bench] step ${rate} requests/s for ${STEP_SECONDS} s: ${all.failed} failed, p99 ${fixed(all.p99, 0)} ms ` +
          verdict(ok),
      );
      if (ok) low = rate;
      else high = rate;
    }
  }
  const sustainable = low;
  const sustainableText =
    low === null ? `< ${high}` : high === null ? `${low}+ (highest tried)` : `${low} (${high} did not hold)`;

  const results = await finishRun(run);
  const { purchases, haproxyRows } = results;

  const backendRow = (name) => haproxyRows.find((row) => row.pxname === name && row.svname === 'BACKEND') ?? {};
  const checks = [
    [
      `failures at ${RATE} requests/s (any non-2xx, network error, envelope code ≠ 10000)`,
      mainAll.failed,
      verdict(mainAll.failed === 0),
    ],
    [
      `p99 at ${RATE} requests/s < ${P99_LIMIT_MS} ms`,
      `${fixed(mainAll.p99, 0)} ms`,
      verdict(mainAll.p99 < P99_LIMIT_MS),
    ],
    [
      `sustainable rate ≥ ${RATE} requests/s (no failure, p99 < 1 s)`,
      sustainableText,
      verdict(sustainable !== null && sustainable >= RATE),
    ],
    [
      'paid purchases fulfilled exactly once',
      `${purchases.fulfilledOnce} of ${purchases.paid}`,
      verdict(purchases.fulfilledOnce === purchases.paid),
    ],
    ['paid purchases not fulfilled', purchases.notFulfilled.length, verdict(purchases.notFulfilled.length === 0)],
    ...exactlyOnceChecks(purchases),
    ...exactlyOnceTargets(results),
    ['api instances that exited on their own', cluster.crashes.length, verdict(cluster.crashes.length === 0)],
  ];
  printAndWrite(run, results, {
    title:
      `bench:load ${new Date().toISOString()}: ${SECONDS} s at ${RATE} requests/s open loop ` +
      `(after ${WARMUP} s warm-up)`,
    lines: [
      `requests sent: ${mainAll.requests} over ${SECONDS} s (${fixed(mainAll.requests / SECONDS, 0)}/s), the last ` +
        `answered ${fixed(main.wallMs / 1000 - SECONDS, 1)} s after the end; latency from each operation's scheduled time`,
      table(KIND_HEADER, kindRows(mainSummary)),
      '',
      steps.length
        ? table(
            ['step (requests/s)', 'requests', 'failed', 'p50 ms', 'p99 ms', ''],
            steps.map((step) => [
              step.rate,
              step.requests,
              step.failed,
              fixed(step.p50, 1),
              fixed(step.p99, 0),
              verdict(step.ok),
            ]),
          )
        : 'no rate search (BENCH_LOAD_STEP_SECONDS=0)',
      '',
      `HAProxy: api backend retries ${backendRow('api').wretr ?? '–'}, redispatches ${backendRow('api').wredis ?? '–'}; ` +
        `site backend retries ${backendRow('site').wretr ?? '–'}`,
    ],
    checks,
    report: {
      rate: RATE,
      seconds: SECONDS,
      main: { wallMs: main.wallMs, summary: mainSummary },
      steps,
      sustainableRate: sustainable,
      crashes: cluster.crashes,
      failures: main.results.filter((result) => result.error),
      haproxy: haproxyRows.map((row) => ({
        proxy: row.pxname,
        server: row.svname,
        status: row.status,
        retries: row.wretr,
        redispatches: row.wredis,
        hrsp5xx: row.hrsp_5xx,
      })),
    },
  });
});
