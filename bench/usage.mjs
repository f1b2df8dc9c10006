// pnpm bench:usage [N]: the usage ingestion benchmark (api/bench/usage.ts, run with the api's tsx), between two
// measures of Lighthouse's benchmark index, so its rate goes with the machine's speed at the time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { benchmarkIndex } from './lib/benchmark-index.mjs';
import { ROOT } from './lib/workspace.mjs';

const before = await benchmarkIndex();
console.log(`Lighthouse benchmark index before the run: ${before}`);
const run = spawnSync('pnpm', ['--filter', 'api', 'exec', 'tsx', 'bench/usage.ts', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
const after = await benchmarkIndex();
console.log(
  `Lighthouse benchmark index: ${before} before the run, ${after} after it (${path.join('api', 'bench', 'usage.ts')})`,
);
process.exit(run.status ?? 1);
