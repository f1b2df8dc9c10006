// The shell as an installable, offline-capable web app: the web app manifest with its icons (every build), and the
// service worker (production builds only) compiled from the shell's own source by Workbox's InjectManifest.
import path from 'node:path';
import { createRequire } from 'node:module';
import { drawIcon } from './icons.mjs';
import { atAssetStage } from './plugins.mjs';
import { THEME } from './theme.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');

export const WEB_MANIFEST = 'manifest.webmanifest';
export const SERVICE_WORKER = 'sw.js';
/** The shell's service worker source, relative to the shell's folder. */
export const SERVICE_WORKER_SOURCE = 'src/sw/service-worker.ts';

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
];

/** @param {{ title: string, shortName?: string }} o */
export function webAppManifest(o) {
  return {
    name: o.title,
    short_name: o.shortName ?? o.title,
    description: 'Data left, expiry and data packages of your SIM cards and eSIMs',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME.color.primary,
    background_color: THEME.color.background,
    icons: ICONS.map(({ file, size, maskable }) => ({
      src: `/${file}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: maskable ? 'maskable' : 'any',
    })),
  };
}

/** Emits manifest.webmanifest and the icons it names (drawn once per process: they never change). */
export class WebAppManifestPlugin {
  /** @param {{ title: string, shortName?: string }} o */
  constructor(o) {
    this.options = o;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    // Before Workbox reads the asset list, so the icons are precached with the shell.
    atAssetStage(
      compiler,
      'WebAppManifestPlugin',
      webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
      (compilation) => {
        compilation.emitAsset(
          WEB_MANIFEST,
          new RawSource(`${JSON.stringify(webAppManifest(this.options), null, 2)}\n`),
        );
        for (const icon of ICONS) compilation.emitAsset(icon.file, new RawSource(iconPng(icon)));
      },
    );
  }
}

/** @type {Map<string, Buffer>} */
const drawn = new Map();
/** @param {{ file: string, size: number, maskable: boolean }} icon */
function iconPng({ file, size, maskable }) {
  let png = drawn.get(file);
  if (!png) {
    png = drawIcon(size, { maskable, color: THEME.color.primary, chip: THEME.color.primaryDark });
    drawn.set(file, png);
  }
  return png;
}

/**
 * dist/sw.js from the shell's src/sw/service-worker.ts, with the precache list of the shell's own files (hashed
 * chunks, index.html, the manifest and icons). Workbox is the shell's dependency, so it is resolved from the
 * shell's folder. Not the precompressed copies, licences or build statistics.
 * @param {{ dirname: string }} o
 */
export function serviceWorker(o) {
  const shellRequire = createRequire(path.join(o.dirname, 'package.json'));
  const { InjectManifest } = shellRequire('workbox-webpack-plugin');
  return new InjectManifest({
    swSrc: path.join(o.dirname, SERVICE_WORKER_SOURCE),
    swDest: SERVICE_WORKER,
    // The server-rendered page's document and entry list are the site host's (webpack/html.mjs serverPage).
    exclude: [
      /\.(br|gz|map)$/,
      /LICENSE\.txt$/,
      /(^|\/)\.stats\//,
      /\.webmanifest$/,
      /^index\.ssr\.html$/,
      /^entry-scripts\.json$/,
    ],
    // Hashed names are their own revision: no cache-busting query for them.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\.\w+$/,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  });
}
