#!/usr/bin/env node
// `pnpm start` builds only what is missing: run in a package folder, builds it when its dist/ is absent or
// incomplete (no index.html, or for a remote no mf-manifest.json / partner page).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const pkgDir = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const dist = path.join(pkgDir, 'dist');
// The shell is the host: it has a page and a manifest but no remoteEntry.js.
const expected =
  pkg.name === 'shell' ? ['index.html', 'mf-manifest.json'] : ['index.html', 'mf-manifest.json', 'remoteEntry.js'];
if (fs.existsSync(path.join(pkgDir, 'partner'))) expected.push('partner/index.html');

const missing = expected.filter((file) => !fs.existsSync(path.join(dist, file)));
if (missing.length === 0) {
  console.log(`[build:missing] ${pkg.name}: dist/ present, not rebuilding`);
  process.exit(0);
}
console.log(`[build:missing] ${pkg.name}: building (missing ${missing.join(', ')})`);
const result = spawnSync('pnpm', ['run', 'build'], { cwd: pkgDir, stdio: 'inherit' });
process.exit(result.status ?? 1);
