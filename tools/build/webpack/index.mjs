// @esim/build/webpack: the webpack configurations of the shell and of every remote. A package's
// webpack.config.mjs calls one of these with its own folder, name, port and exposes; tools are this package's.
import { createRequire } from 'node:module';
import { BuildFlagsPlugin } from './build-flags.mjs';
import { baseConfig, hashedName, isProduction } from './common.mjs';
import { pagesFederation, remoteFederation, shellFederation } from './federation.mjs';
import { bootHeader, EntryPriorityPlugin, htmlPage, serverPage } from './html.mjs';
import { RemoteIntegrityPlugin } from './integrity.mjs';
import {
  BuildStatsPlugin,
  EmitFilePlugin,
  ExposeAssetsPlugin,
  FirstViewChunksPlugin,
  buildLabel,
  defines,
  eagerCompileHint,
  precompress,
} from './plugins.mjs';
import { remoteServerConfig, shellServerConfig } from './server.mjs';
import { serviceWorker, WebAppManifestPlugin, WEB_MANIFEST } from './pwa.mjs';
import { isApiRequest, remotesManifest, unpinnedRemotesMap } from '../host/remotes-manifest.mjs';

const require = createRequire(import.meta.url);
const STANDALONE_ENTRY = require.resolve('../pages/standalone.mjs');

const devServerBase = (port) => ({
  port,
  historyApiFallback: true,
  headers: { 'Access-Control-Allow-Origin': '*' },
  hot: false,
  liveReload: true,
  client: { overlay: false },
});

const nodeModules = (names) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names.join('|')})[\\\\/]`);

/**
 * The shell's entry in several files instead of one: its largest shared packages in files of their own (react-dom,
 * the router, i18next with react-i18next, styled-components with what it uses, shared-contracts with rxjs). The page
 * fetches them in parallel with the entry, and the browser compiles and finishes each in a task of its own: one
 * 690 KB file was a 17 ms task on the bench machine (70 ms on Lighthouse's simulated phone); with V8's compile hint
 * (eagerCompileHint) a streamed file's finishing on the main thread grows with the file, and the entry's evaluation
 * was still the longest task of a card page's start (139-175 ms under the slow-day model). The entry keeps the
 * federation runtime (it cannot leave it), React and the shell's own code. Only the entry's chunks (`initial`); lazy
 * chunks keep webpack's defaults.
 */
const initialPart = (name, test) => ({ test, name, chunks: 'initial', enforce: true });
const ENTRY_PARTS = {
  reactDom: initialPart('react-dom', nodeModules(['react-dom', 'scheduler'])),
  router: initialPart('router', nodeModules(['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'])),
  i18n: initialPart('i18n', nodeModules(['i18next', 'react-i18next', 'html-parse-stringify', 'void-elements'])),
  styles: initialPart(
    'styles',
    nodeModules([
      'styled-components',
      'stylis',
      '@emotion',
      'shallowequal',
      'tslib',
      'css-to-react-native',
      'camelize',
    ]),
  ),
  contracts: initialPart('contracts', /[\\/]shared-contracts[\\/]|[\\/]node_modules[\\/](?:rxjs|zod)[\\/]/),
};

/**
 * The shell: in production also dist/sw.js (Workbox; never in `serve` or tests), and in every build the web app
 * manifest and icons that make the site installable.
 * `routeTable` (a JSON file of { path, owner, ownerByQuery? }) is written as dist/route-table.json for the site host.
 * @param {{ dirname: string, name?: string, port: number, title: string, routeTable?: string }} o
 */
export function shellConfig(o) {
  const name = o.name ?? 'shell';
  const browser = (_env, argv = {}) => {
    const base = baseConfig({ ...o, name }, argv);
    return {
      ...base,
      entry: { main: './src/index.ts' },
      output: { ...base.output, clean: true },
      optimization: { ...base.optimization, splitChunks: { cacheGroups: ENTRY_PARTS } },
      plugins: [
        shellFederation({ ...o, name }),
        buildLabel(),
        new BuildFlagsPlugin(),
        htmlPage({ title: o.title, chunks: ['main'], manifest: `/${WEB_MANIFEST}`, body: bootHeader(o.title) }),
        new EntryPriorityPlugin(),
        ...serverPage({ title: o.title, chunks: ['main'], manifest: `/${WEB_MANIFEST}`, body: bootHeader(o.title) }),
        new WebAppManifestPlugin({ title: o.title }),
        ...(o.routeTable ? [new EmitFilePlugin({ from: o.routeTable, to: 'route-table.json' })] : []),
        new BuildStatsPlugin(),
        ...(isProduction(argv) ? [eagerCompileHint(), serviceWorker(o), ...precompress()] : []),
      ],
      devServer: {
        ...devServerBase(o.port),
        // The site host's contract: /remotes.json from the environment, api requests under /eshop/ to the api.
        // Nothing pinned here: in development the remotes are rebuilt on every change (the map says so explicitly).
        setupMiddlewares(middlewares, devServer) {
          devServer.app.get('/remotes.json', (_req, res) => {
            res.set('Cache-Control', 'no-cache');
            res.json(unpinnedRemotesMap(remotesManifest(process.env)));
          });
          return middlewares;
        },
        proxy: [
          {
            context: (pathname, req) => isApiRequest(req.method, pathname),
            target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3000',
          },
        ],
      },
    };
  };
  // Server-side rendering: dist/server/render.js, built after the browser build (which cleans dist/).
  if (process.env.SSR_ONLY === '1' && o.serverEntry) return shellServerConfig(o, name);
  return o.serverEntry && process.env.SSR_BUILD !== '0' ? [browser, shellServerConfig(o, name)] : browser;
}

/**
 * A remote and its pages: dist/remoteEntry.js + mf-manifest.json + chunks + mf-integrity.json (their hashes, which
 * the deploy pins: integrity.mjs), then dist/index.html (the standalone page, loading the remote's `./standalone`
 * expose) and any extra page scripts (`scripts`: name → source, written as dist/<name>.js without a hash, for
 * partners to reference by a fixed address).
 * `firstView`: per route table path, the lazy chunks its first screen loads (FirstViewChunksPlugin), which the site
 * host preloads with the page.
 * @param {{ dirname: string, name: string, port: number, title: string, exposes: Record<string,string>,
 *           scripts?: Record<string,string>, firstView?: Record<string, string[]>, server?: boolean,
 *           serverExposes?: Record<string,string> }} o
 */
export function remoteConfigs(o) {
  const remote = (_env, argv = {}) => {
    const base = baseConfig(o, argv);
    return {
      ...base,
      entry: {},
      output: { ...base.output, clean: true },
      plugins: [
        remoteFederation(o),
        new ExposeAssetsPlugin(),
        ...(o.firstView ? [new FirstViewChunksPlugin(o.firstView)] : []),
        // After every rewrite of the manifest above, before the .br/.gz copies: hashes of the served bytes.
        new RemoteIntegrityPlugin(),
        buildLabel(),
        new BuildFlagsPlugin(),
        new BuildStatsPlugin(),
        ...(isProduction(argv) ? [eagerCompileHint(), ...precompress()] : []),
      ],
      devServer: devServerBase(o.port),
    };
  };
  const scripts = o.scripts ?? {};
  const pages = (_env, argv = {}) => {
    const base = baseConfig({ ...o, name: `${o.name}_page` }, argv);
    return {
      ...base,
      // After the remote's compilation, which cleans dist/.
      dependencies: [o.name],
      entry: { standalone: STANDALONE_ENTRY, ...scripts },
      output: {
        ...base.output,
        clean: false,
        filename: (pathData) =>
          pathData.chunk && Object.hasOwn(scripts, pathData.chunk.name) ? '[name].js' : hashedName(pathData),
        chunkFilename: isProduction(argv) ? 'page.[id].[contenthash:8].js' : 'page.[name].js',
      },
      plugins: [
        pagesFederation(o),
        defines({ __ESIM_REMOTE__: o.name }),
        htmlPage({
          title: o.title,
          chunks: ['standalone'],
          body: `<div id="root" data-standalone="${o.name}"></div>`,
        }),
        new BuildStatsPlugin(),
        ...(isProduction(argv) ? [eagerCompileHint(), ...precompress()] : []),
      ],
    };
  };
  // A remote without a standalone page or scripts (a test fixture) builds the remote alone.
  const hasPages = Object.hasOwn(o.exposes, './standalone') || Object.keys(scripts).length > 0;
  // `server`: a Node build of './routes' (or of `serverExposes`: the widgets another remote's page draws) in
  // dist/server (server-side rendering by the shell's server bundle).
  const server = o.server && process.env.SSR_BUILD !== '0' ? [remoteServerConfig(o)] : [];
  if (process.env.SSR_ONLY === '1' && o.server) return server;
  return [remote, ...(hasPages ? [pages] : []), ...server];
}

export { sharedSingletons, SINGLETONS } from './shared.mjs';
export { minimizers } from './common.mjs';
export { eagerCompileHint } from './plugins.mjs';
