// @ts-check
// Remote code is pinned (ARCHITECTURE): a remote's build publishes the hash of every file a page may load from it,
// the deploy pins them in the shell's remotes map, and the shell refuses a remote whose files do not match.
//
// A remote's build writes:
//   - dist/mf-integrity.json: every script of the compilation and mf-manifest.json -> its SRI hash (sha384), the
//     file the site host (or a deploy step) reads to pin the remote (host/remotes-manifest.mjs);
//   - mf-manifest.json's `integrity`: the same hashes of the scripts, so a page that has checked the manifest
//     against its pin knows every script's hash without another request (and offline, from the service worker's
//     copy of the manifest);
//   - in remoteEntry.js, one step in webpack's script loader: each chunk's <script> asks the page's federation
//     runtime plugins (their createScript hook, which also loads remote entries) for its integrity and CORS mode.
//     Without a plugin that answers (the remote's own standalone page, a partner page) chunks load as before.
// The hashes are taken after minification and content hashing (processAssets, OPTIMIZE_TRANSFER, after the
// manifest's rewrites in plugins.mjs and before the .br/.gz copies, which are of the same bytes).
import { createRequire } from 'node:module';
import { INTEGRITY_FILE, MANIFEST_FILE, integrityOf } from '../host/remotes-manifest.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');

export { INTEGRITY_FILE, integrityOf };
const NAME = 'RemoteIntegrityPlugin';
/** What a page loads from a remote as code: scripts (and style sheets, should a remote ever emit one). */
const PINNED = /\.(m?js|css)$/;

/**
 * mf-integrity.json's content.
 * @typedef {{ algorithm: 'sha384', files: Record<string, string> }} IntegrityList
 */

/**
 * The code added to webpack's script loader (LoadScriptRuntimeModule's createScript hook: `script` is the new
 * element, its src already `url`). The page's federation instance for this container runs its plugins'
 * createScript hook for the chunk, as the runtime does for a remote entry; an element (or { script }) with an
 * integrity gives the chunk's script that integrity, its CORS mode and its address (another one after a Retry, past
 * a refused copy the browser may hold). A plugin refusing the chunk answers with an integrity no file has, so the
 * browser fetches and refuses it and webpack's own error path (ChunkLoadError) runs.
 */
export const PINNED_CHUNK_CODE = `
// Remote code is pinned: the page's federation runtime plugins give this chunk its integrity (@esim/build integrity.mjs).
var pinningInstance = ${webpack.RuntimeGlobals.require}.federation && ${webpack.RuntimeGlobals.require}.federation.instance;
var pinned = pinningInstance && pinningInstance.loaderHook && pinningInstance.loaderHook.lifecycle.createScript.emit({ url: url, attrs: { crossorigin: "anonymous" } });
var pinnedScript = pinned && (pinned.script || pinned);
if (pinnedScript && pinnedScript.integrity) {
  script.crossOrigin = pinnedScript.crossOrigin || "anonymous";
  script.integrity = pinnedScript.integrity;
  if (pinnedScript.src && pinnedScript.src !== script.src) script.src = pinnedScript.src;
}`;

/**
 * The hashes of a compilation's output: every script (and the manifest, hashed as it will be written), sorted by
 * file name so the list only changes when a file does.
 * @param {Iterable<[name: string, bytes: Buffer | string]>} files
 * @returns {Record<string, string>}
 */
export function integrityList(files) {
  /** @type {Record<string, string>} */
  const list = {};
  for (const [name, bytes] of files) list[name] = integrityOf(bytes);
  return byName(list);
}

/** @param {Record<string, string>} record @returns {Record<string, string>} */
const byName = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The manifest naming its scripts' hashes (changed copy).
 * @template {object} M @param {M} manifest @param {Record<string, string>} scripts
 * @returns {M & { integrity: Record<string, string> }}
 */
export function withIntegrity(manifest, scripts) {
  return { ...manifest, integrity: scripts };
}

/** A remote's build publishes its files' hashes (see the top of this file). Goes after the manifest's rewrites. */
export class RemoteIntegrityPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(
        NAME,
        (/** @type {string} */ source) => `${source}${PINNED_CHUNK_CODE}`,
      );
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const scripts = integrityList(
            compilation
              .getAssets()
              .filter((asset) => PINNED.test(asset.name))
              .map((asset) => [asset.name, asset.source.buffer()]),
          );
          /** @type {Record<string, string>} */
          const files = { ...scripts };
          const manifest = compilation.getAsset(MANIFEST_FILE);
          if (manifest) {
            const text = JSON.stringify(
              withIntegrity(JSON.parse(manifest.source.source().toString()), scripts),
              null,
              2,
            );
            compilation.updateAsset(MANIFEST_FILE, new webpack.sources.RawSource(text));
            files[MANIFEST_FILE] = integrityOf(text);
          }
          /** @type {IntegrityList} */
          const list = { algorithm: 'sha384', files: byName(files) };
          compilation.emitAsset(INTEGRITY_FILE, new webpack.sources.RawSource(`${JSON.stringify(list, null, 2)}\n`));
        },
      );
    });
  }
}
