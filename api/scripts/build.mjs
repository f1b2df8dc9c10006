// Compiles the api for production: every module of src/ to dist/ one for one (same folders, so the paths each module
// derives from import.meta.url — migrations, the api root, the PGlite worker beside db/index.js — stay right), as
// ES modules with their relative imports given the .js ending Node needs. Packages stay external, except the
// workspace's shared-contracts, whose exports are TypeScript source: its modules are compiled in, shared through
// chunks (one copy of each). Plain Node runs the result: no TypeScript compiler at start.
//
//   node scripts/build.mjs    (pnpm --filter api build; pnpm start runs it first, it takes about a second)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

/** The api's own modules: everything under src/ but tests and the source-only worker loader. */
function modules(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    if (!/\.ts$/.test(entry.name) || /\.(test|d)\.ts$/.test(entry.name)) return [];
    return [file];
  });
}

/** A relative import of one api module from another: kept as an import of the compiled file. */
const ownModules = {
  name: 'own-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (!args.importer.startsWith(src + path.sep)) return undefined;
      const target = path.resolve(args.resolveDir, args.path);
      for (const [suffix, output] of [
        ['.ts', '.js'],
        [`${path.sep}index.ts`, '/index.js'],
      ]) {
        if (fs.existsSync(target + suffix)) return { path: args.path.replace(/\.js$/, '') + output, external: true };
      }
      // .mjs and other files keep their path.
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: modules(src),
  outdir: dist,
  outbase: src,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Every package but the workspace's TypeScript one is loaded from node_modules at run time.
  packages: 'external',
  plugins: [
    ownModules,
    {
      name: 'compile-shared-contracts',
      setup(pluginBuild) {
        // Its package exports map names the TypeScript files; Node's own resolution (from the api) finds them.
        pluginBuild.onResolve({ filter: /^shared-contracts(\/|$)/ }, (args) => ({
          path: fileURLToPath(import.meta.resolve(args.path)),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
process.stdout.write(`[api build] dist/ in ${Date.now() - started} ms\n`);
