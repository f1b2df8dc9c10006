#!/usr/bin/env node
// What a phone downloads to show the card route (/{flag}/{iccid}), gzip -9, split by package, against the budget.
//
// The file list is derived from the builds, not written by hand:
//  - shell: the entry chunk (webpack stats entrypoint 'main', with the federation runtime core the page shares),
//    the chunks of its async boundary (the chunk group
//    whose origin is src/index.ts), the shared singletons it provides (mf-stats.json shared[].assets) and the
//    translation chunks of the report language (chunks holding a locales/<lang>.json module);
//  - mf-card: mf-manifest.json, remoteEntry.js, the assets of its './routes' expose (mf-stats.json exposes[]) and
//    its translation chunk. Its shared fallbacks are not counted: with the shell present they are never fetched.
// Each file's gzip size is split over packages in proportion to the (pre-minification) sizes of its modules.
//
// The budget line is informational: what users feel is judged by Lighthouse against the floor page.
//
//   esim-size-report [--root .] [--lang en] [--budget 175] [--json]   (pnpm build runs it from the repository root)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    lang: { type: 'string', default: 'en' },
    budget: { type: 'string', default: '175' },
    json: { type: 'boolean', default: false },
    root: { type: 'string' },
  },
});

const root = path.resolve(args.root ?? process.cwd());
const BUDGET_KB = Number(args.budget);
const LANG = args.lang;

const PACKAGES = [
  ['react-dom', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?react-dom\/|scheduler\//],
  ['react', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?react\//],
  ['router', /react-router|cookie|set-cookie-parser/],
  ['styled-components', /styled-components|stylis|@emotion\/|shallowequal/],
  ['i18next', /i18next|html-parse-stringify|void-elements|use-sync-external-store/],
  ['rxjs', /rxjs|tslib/],
  ['federation runtime', /@module-federation|webpack\/runtime|\.federation\/|mf-runtime/],
  ['shared-contracts', /shared-contracts\//],
  ['shell own', /^\.\/src\/|shell\/src\//],
  ['mf-card own', /mf-card\/src\//],
];

function packageOf(moduleName, pkg) {
  // Paths in stats are relative to the package folder: './src/…' is that package's own code.
  const name = moduleName.replace(/^\.\/src\//, `${pkg}/src/`);
  for (const [label, pattern] of PACKAGES) if (pattern.test(name)) return label;
  return 'other';
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function loadBuild(pkg, compilation) {
  const dist = path.join(root, pkg, 'dist');
  const statsFile = path.join(dist, '.stats', `${compilation}-stats.json`);
  if (!fs.existsSync(statsFile)) throw new Error(`${pkg}: ${statsFile} missing; run pnpm build first`);
  const mfStats = path.join(dist, 'mf-stats.json');
  return { pkg, dist, stats: readJson(statsFile), mfStats: fs.existsSync(mfStats) ? readJson(mfStats) : null };
}

function chunkByFile(stats) {
  const map = new Map();
  for (const chunk of stats.chunks) for (const file of chunk.files) map.set(file, chunk);
  return map;
}

function moduleNames(chunk) {
  const out = [];
  for (const mod of chunk.modules ?? []) {
    if (mod.modules?.length) for (const inner of mod.modules) out.push({ name: inner.name ?? '', size: inner.size });
    else out.push({ name: mod.name ?? mod.identifier ?? '', size: mod.size });
  }
  return out;
}

/** Chunks holding a module whose name matches `pattern` (a translation file of the report language). */
function localeChunks(stats, pattern) {
  return stats.chunks.filter((chunk) => moduleNames(chunk).some((mod) => pattern.test(mod.name)));
}

/** Origins of a chunk: why webpack created it (an import() in a module, a shared module, a container expose). */
function origins(chunk) {
  return (chunk.origins ?? []).map((origin) => ({ module: origin.moduleName ?? '', request: origin.request ?? '' }));
}
const isProvide = (origin) => origin.module.startsWith('provide shared module');

function collect() {
  const shell = loadBuild('shell', 'shell');
  const card = loadBuild('mf-card', 'mf_card');
  /** @type {Map<string, {build: object, file: string, why: string}>} */
  const files = new Map();
  const add = (build, file, why) => {
    if (!file.endsWith('.js') && !file.endsWith('.json')) return;
    const key = `${build.pkg}/${file}`;
    if (!files.has(key)) files.set(key, { build, file, why });
  };
  const langModule = new RegExp(`locales/${LANG}\\.json$`);

  // shell: the entry; the async boundary (import('./bootstrap') in src/index.ts); every singleton it provides (with
  // loaded-first the page uses the shell's copies, never a consumer's fallback); the translation chunks of LANG.
  for (const asset of shell.stats.entrypoints.main.assets) add(shell, asset.name ?? asset, 'shell entry');
  for (const chunk of shell.stats.chunks) {
    const from = origins(chunk);
    if (from.some((o) => /src\/index\.ts$/.test(o.module) && /bootstrap/.test(o.request)))
      chunk.files.forEach((file) => add(shell, file, 'shell app (async boundary)'));
    const provided = from.find(isProvide);
    if (provided) {
      const key = /^provide shared module \(\w+\) (.+?)@\d/.exec(provided.module)?.[1] ?? provided.module;
      chunk.files.forEach((file) => add(shell, file, `shared ${key}`));
    }
  }
  for (const chunk of localeChunks(shell.stats, langModule))
    chunk.files.forEach((file) => add(shell, file, 'translations'));

  // mf-card: its manifest and remoteEntry.js, the chunks of its './routes' expose (not the fallbacks of shared
  // modules: the shell provides those), its translation chunk of LANG.
  add(card, 'mf-manifest.json', 'mf-card manifest');
  add(card, card.mfStats.metaData.remoteEntry.name || 'remoteEntry.js', 'mf-card remote entry');
  const exposeFile = card.mfStats.exposes.find((expose) => expose.path === './routes')?.file ?? 'src/routes.tsx';
  for (const chunk of card.stats.chunks) {
    const from = origins(chunk);
    if (from.some((o) => o.module === 'container entry' && o.request.endsWith(exposeFile.replace(/^\.\//, ''))))
      chunk.files.forEach((file) => add(card, file, "mf-card './routes'"));
  }
  for (const chunk of localeChunks(card.stats, new RegExp(`^\\./src/locales/${LANG}\\.json$`)))
    chunk.files.forEach((file) => add(card, file, 'translations'));
  return [...files.values()];
}

function report() {
  const list = collect();
  const totals = new Map(PACKAGES.map(([label]) => [label, 0]));
  totals.set('other', 0);
  const rows = [];
  for (const { build, file, why } of list) {
    const full = path.join(build.dist, file);
    if (!fs.existsSync(full)) continue;
    const gz = gzipSize(full);
    const chunk = chunkByFile(build.stats).get(file);
    const split = new Map();
    const mods = chunk ? moduleNames(chunk) : [];
    const sum = mods.reduce((total, mod) => total + mod.size, 0);
    if (!chunk || sum === 0) {
      // Manifests are federation runtime.
      split.set(/\.json$|remoteEntry/.test(file) ? 'federation runtime' : 'other', gz);
    } else {
      for (const mod of mods) {
        const label = packageOf(mod.name, build.pkg);
        split.set(label, (split.get(label) ?? 0) + (gz * mod.size) / sum);
      }
    }
    for (const [label, bytes] of split) totals.set(label, (totals.get(label) ?? 0) + bytes);
    rows.push({ file: `${build.pkg}/${file}`, why, gzip: gz });
  }
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  return { rows, totals, total };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const { rows, totals, total } = report();
if (args.json) {
  console.log(JSON.stringify({ files: rows, packages: Object.fromEntries(totals), total, budget: BUDGET_KB * 1024 }));
} else {
  console.log(`\nCard route (/{flag}/{iccid}, ${LANG}): JavaScript a phone downloads, gzip -9`);
  console.log('\n  file                                                     gzip KB  why');
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${row.file.padEnd(56)} ${kb(row.gzip).padStart(7)}  ${row.why}`);
  }
  console.log('\n  package                  gzip KB');
  for (const [label, bytes] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (bytes > 0) console.log(`  ${label.padEnd(24)} ${kb(bytes).padStart(7)}`);
  }
  const over = total > BUDGET_KB * 1024;
  console.log(`  ${'-'.repeat(32)}`);
  console.log(
    `  ${'total'.padEnd(24)} ${kb(total).padStart(7)}  (informational budget ${BUDGET_KB} KB: ${over ? 'over' : 'within'})`,
  );
  console.log(`  (${rows.length} files; a file's size is split over packages by its modules' source sizes)\n`);
}
