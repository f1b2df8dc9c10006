// `pnpm start` builds only what is missing: run in a package folder (esim-build-missing), it builds the package
// when its dist/ is absent or incomplete. The expected files follow from the package's webpack set-up: the shell
// has a page and its server bundle; a remote has its manifest and entry (and a standalone page); mf-card also the
// partner embed and its server build.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { flagsDiffer } from '../webpack/build-flags.mjs';

const pkgDir = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const dist = path.join(pkgDir, 'dist');
const isShell = pkg.name === 'shell';
// A remote's build also publishes the hashes of its files (remote integrity): a dist without them is rebuilt.
const expected = isShell ? ['index.html'] : ['mf-manifest.json', 'mf-integrity.json', 'remoteEntry.js', 'index.html'];
if (fs.existsSync(path.join(pkgDir, 'partner'))) expected.push('embed.js');
// The server builds (server-side rendering): the shell's render bundle, and mf-card's './routes' for Node (the
// packages whose webpack.config.mjs has a server build; SSR_BUILD=0 builds none).
if (process.env.SSR_BUILD !== '0') {
  if (isShell) expected.push('server/render.js');
  else if (/\bserver: true\b/.test(fs.readFileSync(path.join(pkgDir, 'webpack.config.mjs'), 'utf8'))) {
    expected.push('server/remoteEntry.js');
  }
}

const missing = expected.filter((file) => !fs.existsSync(path.join(dist, file)));
// A complete dist built with other flags (a profiling build, another label) is rebuilt too.
const other = missing.length === 0 ? flagsDiffer(dist) : null;
if (missing.length === 0 && other === null) {
  console.log(`[build:missing] ${pkg.name}: dist/ present, not rebuilding`);
  process.exit(0);
}
console.log(`[build:missing] ${pkg.name}: building (${other ?? `missing ${missing.join(', ')}`})`);
const result = spawnSync('pnpm', ['run', 'build'], { cwd: pkgDir, stdio: 'inherit' });
process.exit(result.status ?? 1);
