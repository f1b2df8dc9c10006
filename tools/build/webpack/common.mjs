// What every compilation of the shell and the remotes has in common: TypeScript through swc, resolution of
// shared-contracts' TypeScript source, content-hashed names.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function isProduction(argv = {}) {
  return argv.mode === 'production' || process.env.NODE_ENV === 'production';
}

/**
 * styled-components' class names from a build-time id (@swc/plugin-styled-components): the same in a package's browser
 * and server builds (server-side rendering hydrates with them), and namespaced per federated package so two
 * packages' components never share an id. `namespace`: the package's federation name.
 */
export function styledComponentsPlugin(namespace, prod) {
  return [
    require.resolve('@swc/plugin-styled-components'),
    { ssr: true, displayName: !prod, namespace: String(namespace ?? 'esim').replace(/[^\w-]/g, '_') },
  ];
}

export function swcRule(o = {}) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    // shared-contracts (and this package) are workspace links resolved to their real path outside node_modules,
    // so they are compiled here like the package's own code.
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
          // The plugin's compiled cache under node_modules/.cache (swc's default is <package>/.swc, in the tree).
          ...(o.namespace && process.env.SC_PLUGIN !== '0'
            ? {
                experimental: {
                  plugins: [styledComponentsPlugin(o.namespace, o.prod)],
                  cacheRoot: path.join('node_modules', '.cache', 'swc'),
                },
              }
            : {}),
        },
      },
    },
  };
}

/**
 * provideExternalRuntime adds its runtime plugin by require.resolve, i.e. the plugin's CommonJS build, whose
 * require() of runtime-core would bundle a second, CommonJS copy of the runtime core (about 30 KB gzip) beside the
 * ES module copy the bundler runtime uses. Inside @module-federation packages, resolve with the ES module
 * conditions of their exports maps, so the page has one runtime core.
 */
function federationEsmRule() {
  return {
    test: /[\\/]@module-federation[\\/]/,
    resolve: { conditionNames: ['import', 'module', 'browser', 'webpack', 'default'] },
  };
}

// The federation runtime asks for a chunk's file name before content hashes exist (only to learn the folder
// depth), where a plain [contenthash] template throws: answer it without the hash.
export const hashedName = (pathData) =>
  pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

/**
 * Lazy chunks are named by id (the runtime lists each as `id:"hash"` in one object), except chunks with a name: an
 * expose's own chunk (`__federation_expose_routes`) and a language's strings (`card-locale-en-json`) keep it, so the
 * shell host finds a route's first-view files in a remote's mf-manifest.json by name (host/page.mjs).
 */
export const lazyChunkName = (pathData) =>
  pathData.chunk && pathData.chunk.name ? '[name].[contenthash:8].js' : '[id].[contenthash:8].js';

/**
 * Minification with swc's minifier (the same @swc/core that compiles the code) instead of webpack's default terser:
 * about a third of terser's time for files within a few per cent of its size, which is most of a build's time on a
 * 2-core machine (a remote: 17 s with terser).
 */
export function minimizers() {
  const MinimizerPlugin = require('minimizer-webpack-plugin');
  // BUILD_KEEP_NAMES=1 keeps function names (a build to profile: the benchmarks' CPU profiles then name functions).
  const keepNames = process.env.BUILD_KEEP_NAMES === '1';
  return [
    new MinimizerPlugin({
      minify: MinimizerPlugin.swcMinify,
      minimizerOptions: {
        compress: { passes: 2, ...(keepNames ? { keep_fnames: true, keep_classnames: true } : {}) },
        mangle: keepNames ? false : true,
        format: { comments: false },
      },
      extractComments: false,
    }),
  ];
}

/** The base of a compilation; `o.dirname` is the package folder. */
export function baseConfig(o, argv) {
  const prod = isProduction(argv);
  return {
    name: o.name,
    mode: prod ? 'production' : 'development',
    context: o.dirname,
    devtool: prod ? false : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(o.dirname, 'dist', ...(o.subdir ? [o.subdir] : [])),
      publicPath: 'auto',
      uniqueName: o.name,
      filename: prod ? hashedName : '[name].js',
      chunkFilename: prod ? lazyChunkName : '[name].js',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // shared-contracts' exports map to .ts source imported with .js specifiers.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: { rules: [swcRule({ namespace: o.scNamespace ?? o.name, prod }), federationEsmRule()] },
    performance: { hints: false },
    optimization: {
      chunkIds: prod ? 'deterministic' : 'named',
      moduleIds: 'deterministic',
      ...(prod ? { minimizer: minimizers() } : {}),
    },
    stats: prod ? 'errors-warnings' : 'minimal',
  };
}
