// One webpack set-up for the shell and every remote: each package's webpack.config.mjs calls createPackageConfigs
// with its own name, port and exposes, so the federation habits (singletons, manifest, async boundary, hashing)
// stay identical everywhere. Tools are resolved from the calling package, so each package builds with its deps.
//
// A package builds in two compilations: dist/federation-runtime.<hash>.js, the federation runtime core the page
// shares (see runtime-provider.mjs), then the package itself, whose index.html loads that file first.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const __dirname = path.dirname(fileURLToPath(import.meta.url));

// Shared singletons of platform.md. The 'react/' and 'react-dom/' prefixes cover react/jsx-runtime and
// react-dom/client, which would otherwise be bundled twice.
const SINGLETONS = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['react-router-dom', 'react-router-dom'],
  ['styled-components', 'styled-components'],
  ['i18next', 'i18next'],
  ['react-i18next', 'react-i18next'],
  ['rxjs', 'rxjs'],
  ['shared-contracts', 'shared-contracts'],
];

/** requiredVersion from package.json; a workspace: range is replaced by the linked package's own version. */
function requiredVersion(dirname, pkgName) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
  const range = { ...pkg.dependencies, ...pkg.devDependencies }[pkgName];
  if (range && !range.startsWith('workspace:')) return range;
  const linked = path.join(dirname, 'node_modules', pkgName, 'package.json');
  return `^${JSON.parse(fs.readFileSync(linked, 'utf8')).version}`;
}

// Singletons shared as a facade (facades/<name>.mjs): a shared module keeps every export, so for the libraries whose
// full API is large (react-router's data routers, all of RxJS's operators) the site shares the list it uses. The
// facade reaches the real package through an '@eshop-impl/…' alias, a request the share plugin does not intercept.
const FACADES = {
  'react-router-dom': { impl: '@eshop-impl/react-router' },
  rxjs: { impl: '@eshop-impl/rxjs' },
  'react-i18next': { impl: '@eshop-impl/react-i18next' },
  'styled-components': { impl: '@eshop-impl/styled-components' },
};

/** Real package folder (pnpm store path) of a dependency of the package at `dirname`. */
function packageDir(dirname, pkgName) {
  return path.dirname(fs.realpathSync(path.join(dirname, 'node_modules', pkgName, 'package.json')));
}

function installedVersion(dirname, pkgName) {
  return JSON.parse(fs.readFileSync(path.join(packageDir(dirname, pkgName), 'package.json'), 'utf8')).version;
}

/** runtime-core of the @module-federation/enhanced the package builds with (same file its runtime imports). */
function runtimeCorePath(dirname) {
  const enhanced = packageDir(dirname, '@module-federation/enhanced');
  const req = createRequire(path.join(enhanced, 'package.json'));
  const tools = path.dirname(fs.realpathSync(req.resolve('@module-federation/runtime-tools/package.json')));
  const toolsReq = createRequire(path.join(tools, 'package.json'));
  const runtime = path.dirname(fs.realpathSync(toolsReq.resolve('@module-federation/runtime/package.json')));
  const runtimeReq = createRequire(path.join(runtime, 'package.json'));
  // Its exports map hides package.json: the CommonJS main sits next to the ES module webpack uses.
  const coreMain = fs.realpathSync(runtimeReq.resolve('@module-federation/runtime-core'));
  return path.join(path.dirname(coreMain), 'index.js');
}

function facadeAliases(dirname) {
  const routerDom = packageDir(dirname, 'react-router-dom');
  return {
    '@eshop-impl/mf-runtime-core$': runtimeCorePath(dirname),
    // react-router-dom re-exports react-router; the production build leaves out development warnings.
    '@eshop-impl/react-router$': path.join(path.dirname(routerDom), 'react-router', 'dist', 'production', 'index.mjs'),
    '@eshop-impl/rxjs$': path.join(packageDir(dirname, 'rxjs'), 'dist', 'esm', 'index.js'),
    '@eshop-impl/react-i18next$': path.join(packageDir(dirname, 'react-i18next'), 'dist', 'es', 'index.js'),
    '@eshop-impl/styled-components$': path.join(
      packageDir(dirname, 'styled-components'),
      'dist',
      'styled-components.browser.esm.js',
    ),
  };
}

function sharedConfig(dirname) {
  return Object.fromEntries(
    SINGLETONS.map(([key, pkgName]) => {
      const facade = FACADES[key];
      const config = {
        singleton: true,
        requiredVersion: requiredVersion(dirname, pkgName),
      };
      if (facade) {
        Object.assign(config, {
          import: path.join(__dirname, 'facades', `${key}.mjs`),
          version: installedVersion(dirname, pkgName),
        });
      }
      return [key, config];
    }),
  );
}

function swcRule() {
  return {
    test: /\.[cm]?[jt]sx?$/,
    // shared-contracts is TypeScript source reached through a workspace symlink (resolved to its real path,
    // outside node_modules), so it is compiled here like our own code.
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
        },
      },
    },
  };
}

// Content-hashed names. The federation runtime module asks for a chunk's file name before content hashes exist
// (only to learn the folder depth), where a plain [contenthash] template throws: answer it without the hash.
const hashedName = (pathData) =>
  pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

const HTML_PAGE = ({ title, lang = 'en', head = '', bodyHtml = '<div id="root"></div>' }) => `<!doctype html>
<html lang="${lang}" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#07C160" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
    <style>
      html,body{margin:0;background:#f5f6f8;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f2329}
      #root{min-height:100vh}
    </style>
    ${head}
  </head>
  <body>
    ${bodyHtml}
  </body>
</html>`;

/**
 * Writes the chunk graph (chunks, their files, modules and sizes, chunk groups) to dist/.stats/webpack-stats.json
 * for the size report. The static server does not serve /.stats/.
 */
class BuildStatsPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('BuildStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        hash: true,
        assets: true,
        chunks: true,
        chunkModules: true,
        chunkOrigins: true,
        chunkRelations: true,
        entrypoints: true,
        chunkGroups: true,
        ids: true,
        modules: false,
        nestedModules: true,
        chunkGroupChildren: true,
        runtimeModules: true,
        dependentModules: true,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
      });
      const out = path.join(compiler.outputPath, '.stats');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, 'webpack-stats.json'), JSON.stringify(json));
    });
  }
}

const RUNTIME_INFO = path.join('.stats', 'federation-runtime.json');

function production(argv) {
  return argv.mode === 'production' || process.env.NODE_ENV === 'production';
}

/** Records the provider's hashed file name for the page compilation (dist/.stats/federation-runtime.json). */
class RuntimeInfoPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('RuntimeInfoPlugin', (stats) => {
      const file = stats.toJson({ all: false, entrypoints: true }).entrypoints['federation-runtime'].assets[0].name;
      fs.mkdirSync(path.join(compiler.outputPath, '.stats'), { recursive: true });
      fs.writeFileSync(path.join(compiler.outputPath, RUNTIME_INFO), JSON.stringify({ file }));
    });
  }
}

/**
 * dist/federation-runtime.<hash>.js: the federation runtime core, set as the page's global
 * _FEDERATION_RUNTIME_CORE before any federated bundle runs.
 */
function createRuntimeProviderConfig(o) {
  const req = createRequire(path.join(o.dirname, 'package.json'));
  const webpack = req('webpack');
  return (_env, argv = {}) => ({
    name: `${o.name}-runtime`,
    mode: production(argv) ? 'production' : 'development',
    context: o.dirname,
    entry: { 'federation-runtime': path.join(__dirname, 'runtime-provider.mjs') },
    devtool: false,
    target: 'web',
    output: {
      path: path.join(o.dirname, 'dist'),
      filename: production(argv) ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: `${o.name}_runtime`,
      clean: false,
    },
    resolve: { alias: facadeAliases(o.dirname) },
    // Browser-only build of the runtime (drops its Node script loading).
    plugins: [new webpack.DefinePlugin({ ENV_TARGET: JSON.stringify('web') }), new RuntimeInfoPlugin()],
    performance: { hints: false },
    stats: 'errors-warnings',
  });
}

/**
 * The federated build of a package.
 * @param {object} o
 * @param {string} o.dirname        the package folder (pass __dirname)
 * @param {string} o.name           federation name: shell, mf_card, ...
 * @param {number} o.port           dev server port
 * @param {Record<string,string>} [o.exposes]
 * @param {string} [o.title]        html page title
 * @param {object} [o.devServer]    extra dev server options
 */
function createMfConfig(o) {
  const req = createRequire(path.join(o.dirname, 'package.json'));
  const { ModuleFederationPlugin } = req('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = req('html-webpack-plugin');
  const isRemote = Boolean(o.exposes && Object.keys(o.exposes).length);

  return (_env, argv = {}) => {
    const prod = production(argv);
    const runtimeScript = () => {
      const info = JSON.parse(fs.readFileSync(path.join(o.dirname, 'dist', RUNTIME_INFO), 'utf8'));
      return `<script defer src="/${info.file}"></script>`;
    };
    return {
      name: o.name,
      dependencies: [`${o.name}-runtime`],
      mode: prod ? 'production' : 'development',
      context: o.dirname,
      entry: { main: './src/index.ts' },
      devtool: prod ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(o.dirname, 'dist'),
        publicPath: 'auto',
        uniqueName: o.name,
        filename: prod ? hashedName : '[name].js',
        // Ids, not names, for lazy chunks: the runtime then lists each chunk as `id:"hash"` in one object instead of
        // a `id===e?"name.hash.js"` branch per chunk, which every page downloads (names stay in the stats).
        chunkFilename: prod ? '[id].[contenthash:8].js' : '[name].js',
        // dist also holds the runtime provider and (mf-card) the partner page, built by sibling compilations.
        clean: { keep: /^(partner[\\/]|federation-runtime\.|\.stats[\\/]federation-runtime)/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // shared-contracts' package.json exports map to .ts source.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: facadeAliases(o.dirname),
      },
      module: { rules: [swcRule()] },
      performance: { hints: false },
      optimization: { chunkIds: prod ? 'deterministic' : 'named', moduleIds: 'deterministic' },
      plugins: [
        new ModuleFederationPlugin({
          name: o.name,
          filename: 'remoteEntry.js',
          exposes: o.exposes ?? {},
          shared: sharedConfig(o.dirname),
          shareStrategy: 'loaded-first',
          // Asset lists are for preloading, which the site does not use: a smaller manifest on every page.
          manifest: { disableAssetsAnalyze: true },
          dts: false,
          experiments: {
            // One runtime core per page, from federation-runtime.<hash>.js, instead of a copy in the shell's entry
            // and another in every remoteEntry.js (about 14 KB gzip less on the card route).
            externalRuntime: true,
            optimization: { target: 'web' },
          },
        }),
        new BuildStatsPlugin(),
        // An optional build label (BUILD_LABEL): remote frames show it as data-build, so a deployment (or a test)
        // can tell which build of a remote the page runs. Unset, builds stay reproducible.
        new (req('webpack').DefinePlugin)({ 'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? '') }),
        new HtmlWebpackPlugin({
          filename: 'index.html',
          chunks: ['main'],
          // Absolute: the shell page is served at deep routes such as /2/8986.../ where 'auto' would break.
          publicPath: '/',
          templateContent: () =>
            HTML_PAGE({
              title: o.title ?? o.name,
              head: runtimeScript(),
              bodyHtml: isRemote
                ? `<div id="root" data-standalone="${o.name}"></div>`
                : '<div id="root"></div><noscript>This site needs JavaScript.</noscript>',
            }),
        }),
      ],
      devServer: {
        port: o.port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        client: { overlay: false },
        ...(o.devServer ?? {}),
      },
      stats: prod ? 'errors-warnings' : 'minimal',
    };
  };
}

/** The runtime provider and the federated build of a package, in that order. */
function createPackageConfigs(o) {
  return [createRuntimeProviderConfig(o), createMfConfig(o)];
}

/**
 * The partner example (mf-card): a plain page on another origin using only the federation runtime (no React, no
 * build-time federation). Its bundle provides the runtime core itself.
 */
function createPartnerConfig(o) {
  const req = createRequire(path.join(o.dirname, 'package.json'));
  const HtmlWebpackPlugin = req('html-webpack-plugin');
  const webpack = req('webpack');
  return (_env, argv = {}) => ({
    name: `${o.name}-partner`,
    mode: production(argv) ? 'production' : 'development',
    context: o.dirname,
    entry: { partner: './partner/index.ts' },
    devtool: production(argv) ? false : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(o.dirname, 'dist', 'partner'),
      publicPath: '/',
      uniqueName: `${o.name}_partner`,
      filename: production(argv) ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.mjs', '.js', '.json'],
      alias: {
        ...facadeAliases(o.dirname),
        '@eshop/federation-runtime-provider$': path.join(__dirname, 'runtime-provider.mjs'),
      },
    },
    module: { rules: [swcRule()] },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({ ENV_TARGET: JSON.stringify('web') }),
      new HtmlWebpackPlugin({ filename: 'index.html', template: './partner/index.html' }),
    ],
    devServer: { port: o.port, historyApiFallback: true },
    stats: production(argv) ? 'errors-warnings' : 'minimal',
  });
}

export { createPackageConfigs, createMfConfig, createRuntimeProviderConfig, createPartnerConfig, SINGLETONS, FACADES };
