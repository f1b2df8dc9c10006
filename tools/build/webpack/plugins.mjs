// Plugins every package's build uses besides federation: the chunk graph for the size report, the build label,
// and the brotli/gzip copies the site host serves (precompressed at build time, none at request time).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const CompressionPlugin = require('compression-webpack-plugin');

/** dist/.stats/webpack-stats.json: chunks, files, modules and sizes, for the size report (never served). */
export class BuildStatsPlugin {
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
        nestedModules: true,
        runtimeModules: true,
        dependentModules: true,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
      });
      const out = path.join(compiler.outputPath, '.stats');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, `${compiler.name ?? 'webpack'}-stats.json`), JSON.stringify(json));
    });
  }
}

/**
 * process.env.BUILD_LABEL: remote frames show it as data-build, so a deployment (or a test) can tell which build
 * of a remote the page runs. Unset, builds stay reproducible.
 */
export function buildLabel() {
  return new webpack.DefinePlugin({ 'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? '') });
}

const COMPRESSIBLE = /\.(js|json|html|css|svg|txt|webmanifest)$/;

/** file.br and file.gz beside every text asset, whatever its size (the host picks one by Accept-Encoding). */
export function precompress() {
  const common = { test: COMPRESSIBLE, threshold: 0, minRatio: Number.POSITIVE_INFINITY, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/** Extra compile-time constants (DefinePlugin) for a page entry. */
export function defines(values) {
  return new webpack.DefinePlugin(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, JSON.stringify(v)])));
}

/**
 * Runs `work(compilation)` at `stage` of each compilation's asset processing (webpack.Compilation's
 * PROCESS_ASSETS_STAGE_*): the one shape of this package's plugins that add or rewrite output files.
 * @param {import('webpack').Compiler} compiler @param {string} name @param {number} stage
 * @param {(compilation: import('webpack').Compilation) => void} work
 */
export function atAssetStage(compiler, name, stage, work) {
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.processAssets.tap({ name, stage }, () => work(compilation));
  });
}

/** Writes a source file into the output as it is (the shell's route table, which the site host reads). */
export class EmitFilePlugin {
  constructor({ from, to }) {
    this.from = from;
    this.to = to;
  }

  apply(compiler) {
    atAssetStage(compiler, 'EmitFilePlugin', webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL, (compilation) => {
      const file = path.resolve(compiler.context, this.from);
      compilation.fileDependencies.add(file);
      compilation.emitAsset(this.to, new webpack.sources.RawSource(fs.readFileSync(file)));
    });
  }
}

/** Rewrites the remote's mf-manifest.json (when this compilation has one) through `change`. */
function updateManifest(compilation, change, name = 'mf-manifest.json') {
  const asset = compilation.getAsset(name);
  if (!asset) return;
  const json = change(JSON.parse(asset.source.source().toString()));
  compilation.updateAsset(name, new webpack.sources.RawSource(JSON.stringify(json, null, 2)));
}

/**
 * mf-manifest.json (and mf-stats.json) list, under each expose, the entry chunks of the other exposes too (the
 * manifest plugin 2.9 collects them from the container's shared entry); the runtime preloads an expose's list when
 * it is loaded, so the card page fetched the embed's and the standalone page's chunks for nothing, and the shell
 * host would preload them. Each expose keeps its own expose chunk and the unnamed chunks it may share.
 */
/**
 * The manifest with each expose's sync assets cut to its own expose chunk and the unnamed chunks (changed in place).
 * @template {{ exposes?: Array<{ name?: string, assets?: Record<string, { sync?: string[] }> }> }} M
 * @param {M} manifest @returns {M}
 */
export function ownExposeAssets(manifest) {
  for (const expose of manifest.exposes ?? []) {
    const own = `__federation_expose_${String(expose.name ?? '').replace(/^\.\//, '')}.`;
    for (const kind of ['js', 'css']) {
      const sync = expose.assets?.[kind]?.sync;
      if (Array.isArray(sync) && expose.assets?.[kind]) {
        expose.assets[kind].sync = sync.filter(
          (file) => !path.basename(file).startsWith('__federation_expose_') || path.basename(file).startsWith(own),
        );
      }
    }
  }
  return manifest;
}

export class ExposeAssetsPlugin {
  apply(compiler) {
    const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER;
    atAssetStage(compiler, 'ExposeAssetsPlugin', stage, (compilation) => {
      for (const name of ['mf-manifest.json', 'mf-stats.json']) updateManifest(compilation, ownExposeAssets, name);
    });
  }
}

/**
 * A remote's route first views (remoteConfigs' `firstView`: route table path -> names of the lazy chunks its first
 * screen loads, `[lang]` standing for a language): written into mf-manifest.json as `firstView`, each route with the
 * files of those chunks' groups (`js`) and of its strings per language (`byLanguage`), so the site host preloads them
 * with the page instead of the page finding them after its code has run (host/page.mjs).
 */
export class FirstViewChunksPlugin {
  /** @param {Record<string, string[]>} routes */
  constructor(routes) {
    this.routes = routes;
  }

  apply(compiler) {
    const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER;
    atAssetStage(compiler, 'FirstViewChunksPlugin', stage, (compilation) => {
      /** @type {Map<string, string[]>} */
      const groups = new Map();
      for (const [name, group] of compilation.namedChunkGroups) {
        const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
        groups.set(name, [...new Set(files)]);
      }
      updateManifest(compilation, (manifest) => withFirstView(manifest, this.routes, groups));
    });
  }
}

/**
 * The manifest with `firstView` made from the routes' chunk names and the build's named chunk groups (name ->
 * files). A name no group answers fails the build: a renamed chunk must not silently stop being preloaded.
 * @template {object} M @param {M} manifest @param {Record<string, string[]>} routes
 * @param {Map<string, string[]>} groups
 */
export function withFirstView(manifest, routes, groups) {
  /** @type {Record<string, { js: string[], byLanguage: Record<string, string[]> }>} */
  const firstView = {};
  for (const [route, names] of Object.entries(routes)) {
    const js = new Set();
    /** @type {Record<string, string[]>} */
    const byLanguage = {};
    for (const name of names) {
      if (name.includes('[lang]')) {
        const [before, after] = name.split('[lang]');
        const found = [...groups.keys()].filter((key) => key.startsWith(before) && key.endsWith(after));
        if (found.length === 0) throw new Error(`firstView ${route}: no chunk named ${name}`);
        for (const key of found) {
          const lang = key.slice(before.length, key.length - after.length);
          byLanguage[lang] = [...(byLanguage[lang] ?? []), ...(groups.get(key) ?? [])];
        }
      } else {
        const files = groups.get(name);
        if (!files) throw new Error(`firstView ${route}: no chunk named ${name}`);
        for (const file of files) js.add(file);
      }
    }
    firstView[route] = { js: [...js], byLanguage };
  }
  return { ...manifest, firstView };
}

/** V8's explicit compile hint (Chrome 136+): a script's first line, asking for every function compiled eagerly. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Every page script starts with EAGER_COMPILE_HINT. Without it V8 compiles a function the first time it runs, on the
 * main thread: most of the start-up's long tasks on a slow phone were the shell's, react-dom's, the router's and the
 * card page's functions compiled as they first ran. With it, Chrome compiles them while the script streams in, on a
 * background thread. A page script is one the site loads to draw or run a page, and most of its code runs as the page
 * starts or is drawn; not the service worker, which is no page's script (and worker scripts are not streamed). Added
 * after minification (the minifier drops comments) and before content hashing, the integrity hashes and the .br/.gz
 * copies, so all of them are of the served bytes.
 */
export function eagerCompileHint() {
  return new webpack.BannerPlugin({
    banner: EAGER_COMPILE_HINT,
    raw: true,
    test: /\.m?js$/,
    exclude: /(^|\/)sw\.js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
  });
}
