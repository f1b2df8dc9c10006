// Plugins every package's build uses besides federation: the chunk graph for the size report, the build label,
// and the brotli/gzip copies the site host serves (precompressed at build time, none at request time).
import fs from 'node:fs';
import os from 'node:os';
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

/** Writes a source file into the output as it is (the shell's route table, which the site host reads). */
export class EmitFilePlugin {
  constructor({ from, to }) {
    this.from = from;
    this.to = to;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitFilePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const file = path.resolve(compiler.context, this.from);
          compilation.fileDependencies.add(file);
          compilation.emitAsset(this.to, new webpack.sources.RawSource(fs.readFileSync(file)));
        },
      );
    });
  }
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
    compiler.hooks.thisCompilation.tap('ExposeAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ExposeAssetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          for (const name of ['mf-manifest.json', 'mf-stats.json']) {
            const asset = compilation.getAsset(name);
            if (!asset) continue;
            const json = ownExposeAssets(JSON.parse(asset.source.source().toString()));
            compilation.updateAsset(name, new webpack.sources.RawSource(JSON.stringify(json, null, 2)));
          }
        },
      );
    });
  }
}

/**
 * A remote's early script (remoteConfigs' `early`): one source file built on its own, without federation or shared
 * packages (its own small copy of what it imports), written as <name>.<hash>.js beside the remote's files and named
 * in mf-manifest.json as `earlyCalls`. The site host adds it to its page for the remote's routes (host/first-view),
 * where it runs before the page's code has downloaded.
 */
export class EarlyScriptPlugin {
  /** @param {{ entry: string, name?: string, config: (out: string) => object }} o config: the standalone build */
  constructor(o) {
    this.entry = o.entry;
    this.name = o.name ?? 'early-calls';
    this.config = o.config;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EarlyScriptPlugin', (compilation) => {
      /** @type {string | null} */
      let file = null;
      compilation.hooks.processAssets.tapPromise(
        { name: 'EarlyScriptPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const out = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-early-'));
          try {
            const stats = await runWebpack({
              ...this.config(out),
              entry: { [this.name]: path.resolve(compiler.context, this.entry) },
            });
            for (const dependency of stats.compilation.fileDependencies) compilation.fileDependencies.add(dependency);
            if (stats.hasErrors()) {
              for (const error of stats.compilation.errors) compilation.errors.push(error);
              return;
            }
            file = fs.readdirSync(out).find((name) => name.startsWith(`${this.name}.`) && name.endsWith('.js')) ?? null;
            if (file) compilation.emitAsset(file, new webpack.sources.RawSource(fs.readFileSync(path.join(out, file))));
          } finally {
            fs.rmSync(out, { recursive: true, force: true });
          }
        },
      );
      compilation.hooks.processAssets.tap(
        { name: 'EarlyScriptPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset || !file) return;
          const json = withEarlyCalls(JSON.parse(asset.source.source().toString()), file);
          compilation.updateAsset('mf-manifest.json', new webpack.sources.RawSource(JSON.stringify(json, null, 2)));
        },
      );
    });
  }
}

/**
 * The manifest naming the remote's early script (a file beside remoteEntry.js, under the same publicPath).
 * @template {object} M @param {M} manifest @param {string} file @returns {M & { earlyCalls: { name: string } }}
 */
export function withEarlyCalls(manifest, file) {
  return { ...manifest, earlyCalls: { name: file } };
}

/** @param {object} config @returns {Promise<import('webpack').Stats>} */
function runWebpack(config) {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => (error || !stats ? reject(error ?? new Error('no stats')) : resolve(stats)));
  });
}
