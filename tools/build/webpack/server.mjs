// Server builds (server-side rendering, issue 27): a Node build of a remote's './routes' beside its browser build
// (dist/server/remoteEntry.js, loaded over HTTP by the shell's server bundle at run time), and the shell's server
// bundle (dist/server/render.js), which the site host requires and calls per page request.
//
// Both carry their own federation runtime (no externalRuntime: there is no page to provide it), load chunks with
// 'async-node' (a remote's chunks come over HTTP from its origin through @module-federation/node's runtime plugin),
// and share the same singletons as the browser builds. styled-components' ids come from the same swc plugin options
// as the browser build (common.mjs swcRule: namespace = the package's federation name), so server and client class
// names are equal.
import path from 'node:path';
import { createRequire } from 'node:module';
import { baseConfig, swcRule } from './common.mjs';
import { sharedSingletons } from './shared.mjs';
import { buildLabel } from './plugins.mjs';
import { INTEGRITY_FILE, integrityOf } from './integrity.mjs';
import fs from 'node:fs';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const NODE_RUNTIME_PLUGIN = require.resolve('@module-federation/node/runtimePlugin');

/** dist/server/package.json: its files are CommonJS, whatever the package's own "type". */
class CommonJsFolderPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CommonJsFolderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CommonJsFolderPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('package.json', new sources.RawSource('{ "type": "commonjs" }\n'));
        },
      );
    });
  }
}

/**
 * What every server build has: federation for Node (the node runtime plugin, remotes loaded as scripts over HTTP, no
 * manifest or types: the host reads the browser build's), the build label, and dist/server's CommonJS package.json.
 * @param {object} federation the build's own ModuleFederationPlugin options (name, exposes or remotes, shared, ...)
 */
function nodeBuildPlugins(federation) {
  return [
    new ModuleFederationPlugin({
      shareStrategy: 'loaded-first',
      remoteType: 'script',
      runtimePlugins: [NODE_RUNTIME_PLUGIN],
      manifest: false,
      dts: false,
      ...federation,
    }),
    buildLabel(),
    new CommonJsFolderPlugin(),
  ];
}

/**
 * The remote's server code is pinned like its browser code (integrity.mjs): once the server build is written, its
 * scripts' hashes join the remote's dist/mf-integrity.json as `server/<file>` (the browser build wrote the list
 * before: this build runs after it), and the list's .gz/.br copies are written again. The site host reads that list
 * at deploy and checks every file of the server code against it before the code runs in its process
 * (shell/src/server/render.tsx). Without a browser build's list (SSR_ONLY on a fresh dist) nothing is added.
 */
export class ServerIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('ServerIntegrityPlugin', (compilation) => {
      const listFile = path.join(path.dirname(compiler.outputPath), INTEGRITY_FILE);
      if (!fs.existsSync(listFile)) return;
      const scripts = compilation
        .getAssets()
        .filter((asset) => asset.name.endsWith('.js'))
        .map((asset) => [asset.name, fs.readFileSync(path.join(compiler.outputPath, asset.name))]);
      const list = withServerFiles(JSON.parse(fs.readFileSync(listFile, 'utf8')), scripts);
      const text = `${JSON.stringify(list, null, 2)}\n`;
      fs.writeFileSync(listFile, text);
      if (fs.existsSync(`${listFile}.gz`)) fs.writeFileSync(`${listFile}.gz`, zlib.gzipSync(text, { level: 9 }));
      if (fs.existsSync(`${listFile}.br`)) fs.writeFileSync(`${listFile}.br`, zlib.brotliCompressSync(text));
    });
  }
}

/**
 * The remote's integrity list with its server build's scripts as `server/<file>` (those of an earlier server build
 * replaced), sorted by name.
 * @param {{ algorithm: string, files: Record<string, string> }} list
 * @param {Array<[name: string, bytes: Buffer]>} scripts
 */
export function withServerFiles(list, scripts) {
  /** @type {Array<[string, string]>} */
  const files = Object.entries(list.files ?? {}).filter(([name]) => !name.startsWith('server/'));
  for (const [name, bytes] of scripts) files.push([`server/${name}`, integrityOf(bytes)]);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...list, files: Object.fromEntries(files) };
}

/** What a server compilation changes of baseConfig: Node target, dist/server, no minification of names needed. */
function serverBase(o, argv, name, after) {
  const base = baseConfig({ ...o, name, scNamespace: after }, argv);
  const prod = base.mode === 'production';
  return {
    ...base,
    // After the browser build of the package, which cleans dist/.
    // SSR_ONLY=1 (iterating on the server build alone): the browser build already in dist/ stays.
    ...(process.env.SSR_ONLY === '1' ? {} : { dependencies: [after] }),
    target: 'async-node',
    devtool: false,
    output: {
      path: path.join(o.dirname, 'dist', 'server'),
      publicPath: 'auto',
      uniqueName: `${o.name}_server`,
      filename: '[name].js',
      chunkFilename: prod ? '[id].[contenthash:8].js' : '[name].js',
      chunkLoading: 'async-node',
      clean: true,
    },
    // Only the TypeScript rule: @module-federation packages resolve with Node conditions here.
    module: { rules: [swcRule({ namespace: after, prod })] },
    // Readable stacks in server logs; size matters little.
    optimization: { ...base.optimization, minimize: false },
  };
}

/** A remote's server build: dist/server/remoteEntry.js exposing `exposes` (default: './routes'). */
export function remoteServerConfig(o) {
  return (_env, argv = {}) => {
    const base = serverBase(o, argv, `${o.name}_server`, o.name);
    return {
      ...base,
      entry: {},
      output: { ...base.output, library: { type: 'commonjs-module' } },
      plugins: [
        ...nodeBuildPlugins({
          name: o.name,
          filename: 'remoteEntry.js',
          exposes: o.serverExposes ?? { './routes': o.exposes['./routes'] },
          shared: sharedSingletons(o.dirname),
          library: { type: 'commonjs-module', name: o.name },
        }),
        new ServerIntegrityPlugin(),
      ],
    };
  };
}

/**
 * The shell's server bundle: dist/server/render.js (`render` from o.serverEntry), a federation host whose shared
 * packages are eager (in the bundle) and whose remotes are registered at run time from the deploy's map.
 */
export function shellServerConfig(o, name) {
  return (_env, argv = {}) => {
    const base = serverBase(o, argv, `${name}_server`, name);
    const singletons = sharedSingletons(o.dirname);
    const shared = Object.fromEntries(
      Object.entries(singletons).map(([key, config]) => [key, { ...config, eager: true }]),
    );
    const requireFromShell = createRequire(path.join(o.dirname, 'package.json'));
    for (const request of ['shared-contracts/links', 'shared-contracts/ui/federation']) {
      shared[request] = { ...singletons['shared-contracts/'], eager: true, import: requireFromShell.resolve(request) };
    }
    return {
      ...base,
      entry: { render: o.serverEntry },
      output: { ...base.output, library: { type: 'commonjs2' } },
      plugins: [...nodeBuildPlugins({ name, remotes: {}, shared })],
    };
  };
}
