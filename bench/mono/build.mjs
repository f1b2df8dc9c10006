// `pnpm build:mono`: the whole site as one ordinary webpack build into bench/mono/dist: the shell's app with every
// remote's routes imported directly (src/), no federation plugin, no remote entries or manifests. Same source,
// same libraries (resolved from the shell), same compiler settings as @esim/build (swc, es2020, content hashes,
// precompressed .br/.gz); the page is the shell's own index.html with this build's scripts (client-rendered).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { eagerCompileHint, minimizers } from '@esim/build/webpack';
import { precompressDir } from '../lib/compress.mjs';
import { compile, entryFiles, webpack } from '../lib/webpack.mjs';
import { BENCH, buildTools, ROOT } from '../lib/workspace.mjs';

const here = path.join(BENCH, 'mono');
export const MONO_DIST = path.join(here, 'dist');
const SHELL_PAGE = path.join(ROOT, 'shell', 'dist', 'index.html');

const config = {
  name: 'mono',
  mode: 'production',
  context: here,
  target: 'web',
  entry: { main: './src/index.tsx' },
  output: {
    path: MONO_DIST,
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[id].[contenthash:8].js',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    // shared-contracts' exports map to .ts source imported with .js specifiers (as in @esim/build).
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    // bench/mono/src's own bare imports (react, shared-contracts, the runtime) come from the shell's dependencies;
    // every other file resolves from its own package, i.e. the same copies the federated build shares.
    modules: ['node_modules', path.join(ROOT, 'shell', 'node_modules')],
  },
  module: {
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        exclude: /node_modules/,
        use: {
          loader: buildTools.resolve('swc-loader'),
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2020',
            },
          },
        },
      },
      // One ES module copy of the runtime core (see @esim/build's federationEsmRule).
      {
        test: /[\\/]@module-federation[\\/]/,
        resolve: { conditionNames: ['import', 'module', 'browser', 'webpack', 'default'] },
      },
    ],
  },
  plugins: [
    new webpack.DefinePlugin({ 'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? '') }),
    // As the site's production builds: V8's compile hint on every script (the comparison stays like for like).
    eagerCompileHint(),
  ],
  performance: { hints: false },
  // The site's minifier too (swc, @esim/build).
  optimization: { chunkIds: 'deterministic', moduleIds: 'deterministic', minimizer: minimizers() },
  stats: 'errors-warnings',
};

export async function buildMono() {
  if (!fs.existsSync(SHELL_PAGE)) throw new Error(`${SHELL_PAGE} missing: build the shell first (pnpm build:missing)`);
  const stats = await compile(config);
  const scripts = entryFiles(stats)
    .map((file) => `<script defer src=/${file}></script>`)
    .join('');
  const shellPage = fs.readFileSync(SHELL_PAGE, 'utf8');
  const page = shellPage.replace(/<script\b[^>]*><\/script>/g, '').replace('</head>', `${scripts}</head>`);
  fs.writeFileSync(path.join(MONO_DIST, 'index.html'), page);
  // The page links the site's web app manifest and icon: the same files (Chrome asks for the manifest and its icon
  // while the page loads; missing, the single bundle's page would have two requests fewer than the site's).
  const shellDist = path.dirname(SHELL_PAGE);
  fs.copyFileSync(path.join(shellDist, 'manifest.webmanifest'), path.join(MONO_DIST, 'manifest.webmanifest'));
  fs.cpSync(path.join(shellDist, 'icons'), path.join(MONO_DIST, 'icons'), { recursive: true });
  precompressDir(MONO_DIST);
  // What each chunk holds, like @esim/build's BuildStatsPlugin writes for the site (never served: esim-host hides
  // .stats), so profiles of the single bundle name packages rather than minified functions.
  fs.mkdirSync(path.join(MONO_DIST, '.stats'), { recursive: true });
  fs.writeFileSync(
    path.join(MONO_DIST, '.stats', 'mono-stats.json'),
    JSON.stringify(
      stats.toJson({
        all: false,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        dependentModules: true,
        ids: true,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
      }),
    ),
  );
  return stats;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  await buildMono();
  console.log(`[mono] built ${path.relative(ROOT, MONO_DIST)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
