// Lighthouse's benchmark index of this machine right now, measured the way Lighthouse does it (its own page function,
// in the project's Chromium with the project's flags), so a figure that is not a Lighthouse run (bench:api,
// bench:usage) can be printed with it: the machine's speed varies up to 3x between days, and a ratio or a rate only
// means something next to the index it was measured at.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { connect, launchChromium } from './cdp.mjs';

/** The median of `rounds` measures (Lighthouse takes one per run; a second or two each). */
export async function benchmarkIndex(rounds = 3) {
  // The DevTools protocol needs a WebSocket client: Node 22 has one built in, Node 20 behind a flag.
  if (typeof WebSocket === 'undefined') {
    const child = spawnSync(process.execPath, ['--experimental-websocket', fileURLToPath(import.meta.url)], {
      encoding: 'utf8',
      env: { ...process.env, BENCHMARK_INDEX_ROUNDS: String(rounds) },
    });
    const value = /index: (\d+)/.exec(child.stdout ?? '')?.[1];
    if (!value) throw new Error(`benchmark index not measured: ${child.stderr}`);
    return Number(value);
  }
  const chrome = await launchChromium();
  try {
    return await benchmarkIndexIn(chrome.port, rounds);
  } finally {
    await chrome.kill();
  }
}

/**
 * The same, in a Chromium already running (its DevTools port), in its first tab (a new browser's blank one), which is
 * left as it was: what a Lighthouse run about to start in that browser meets (lighthouse.mjs, BENCH_AS_INDEX). A tab
 * opened for it and closed again made the next Lighthouse run record the wrong one (NO_NAVSTART). Needs a WebSocket
 * client.
 */
export async function benchmarkIndexIn(port, rounds = 1) {
  const devtools = `http://127.0.0.1:${port}`;
  const targets = /** @type {{ type: string, webSocketDebuggerUrl: string }[]} */ (
    await (await fetch(`${devtools}/json/list`)).json()
  );
  const target = targets.find((candidate) => candidate.type === 'page');
  if (!target) throw new Error('benchmark index: the browser has no tab');
  const session = await connect(target.webSocketDebuggerUrl);
  try {
    const values = [];
    for (let round = 0; round < rounds; round += 1) {
      const { result } = await session.send('Runtime.evaluate', {
        expression: `(${pageFunctions.computeBenchmarkIndex.toString()})()`,
        returnByValue: true,
      });
      values.push(Number(result.value));
    }
    values.sort((a, b) => a - b);
    return Math.round(values[Math.floor(values.length / 2)]);
  } finally {
    session.close();
  }
}

// `node bench/lib/benchmark-index.mjs`: prints it (bench:usage and bench:renewals print it before and after).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Lighthouse benchmark index: ${await benchmarkIndex(Number(process.env.BENCHMARK_INDEX_ROUNDS) || 3)}`);
}
