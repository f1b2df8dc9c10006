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
