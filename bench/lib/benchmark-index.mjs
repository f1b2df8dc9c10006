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
    const devtools = `http://127.0.0.1:${chrome.port}`;
    const target = await (await fetch(`${devtools}/json/new?about:blank`, { method: 'PUT' })).json();
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
  } finally {
    await chrome.kill();
  }
}

// `node bench/lib/benchmark-index.mjs`: prints it (bench:usage and bench:renewals print it before and after).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Lighthouse benchmark index: ${await benchmarkIndex(Number(process.env.BENCHMARK_INDEX_ROUNDS) || 3)}`);
}
