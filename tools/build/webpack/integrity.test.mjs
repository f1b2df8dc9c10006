// @ts-check
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

import { INTEGRITY_FILE, integrityList, integrityOf, PINNED_CHUNK_CODE, RemoteIntegrityPlugin } from './integrity.mjs';
import { EAGER_COMPILE_HINT, eagerCompileHint, precompress } from './plugins.mjs';
import { runWebpack } from './test-support.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');

const sha384 = (/** @type {Buffer | string} */ bytes) =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Stands in for the federation manifest plugin: mf-manifest.json, written at the stage it writes it. */
class FakeManifestPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FakeManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FakeManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const files = compilation.getAssets().map((asset) => asset.name);
          compilation.emitAsset(
            'mf-manifest.json',
            new webpack.sources.RawSource(JSON.stringify({ name: 'mf_test', metaData: { publicPath: 'auto' }, files })),
          );
        },
      );
    });
  }
}

describe("a remote's published hashes (mf-integrity.json)", () => {
  it('are SRI sha384 strings, listed by file name', () => {
    expect(integrityOf('abc')).toBe(sha384('abc'));
    expect(
      Object.keys(
        integrityList([
          ['b.js', 'x'],
          ['a.js', 'y'],
        ]),
      ),
    ).toEqual(['a.js', 'b.js']);
  });

  describe('built', () => {
    /** @type {string} */ let dir;
    /** @type {string} */ let out;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-integrity-'));
      out = path.join(dir, 'dist');
      fs.writeFileSync(
        path.join(dir, 'entry.js'),
        // What the page's federation runtime answers for a chunk (the shell's integrity plugin, globalThis.pin here).
        '__webpack_require__.federation = { instance: { loaderHook: { lifecycle: { createScript: { emit: (args) => globalThis.pin(args) } } } } };\n' +
          'globalThis.loading = import(/* webpackChunkName: "lazy" */ "./lazy.js");\n',
      );
      fs.writeFileSync(path.join(dir, 'lazy.js'), 'export const lazy = "a lazy chunk of the remote";\n');
      await runWebpack({
        mode: 'production',
        context: dir,
        entry: { remoteEntry: './entry.js' },
        target: 'web',
        devtool: false,
        output: {
          path: out,
          publicPath: 'http://remote.test/',
          filename: '[name].js',
          chunkFilename: '[name].[contenthash:8].js',
          globalObject: 'globalThis',
          uniqueName: 'mf_test',
        },
        // As in remoteConfigs: after the manifest is written and rewritten, before the .br/.gz copies.
        plugins: [new FakeManifestPlugin(), new RemoteIntegrityPlugin(), eagerCompileHint(), ...precompress()],
      });
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    const read = (/** @type {string} */ file) => fs.readFileSync(path.join(out, file));

    it('hash the bytes served: every script, the manifest as finally written, and their .br/.gz copies', () => {
      const list = JSON.parse(read(INTEGRITY_FILE).toString());
      expect(list.algorithm).toBe('sha384');
      const scripts = fs.readdirSync(out).filter((file) => file.endsWith('.js'));
      expect(scripts).toEqual(
        expect.arrayContaining(['remoteEntry.js', expect.stringMatching(/^lazy\.[0-9a-f]{8}\.js$/)]),
      );
      expect(Object.keys(list.files).sort()).toEqual([...scripts, 'mf-manifest.json'].sort());
      for (const [file, integrity] of Object.entries(list.files)) {
        // The compile hint is added before the hashes: they are of the bytes with it.
        if (file.endsWith('.js'))
          expect([file, read(file).toString().split('\n')[0]]).toEqual([file, EAGER_COMPILE_HINT]);
        expect([file, sha384(read(file))]).toEqual([file, integrity]);
        expect([file, sha384(zlib.brotliDecompressSync(read(`${file}.br`)))]).toEqual([file, integrity]);
        expect([file, sha384(zlib.gunzipSync(read(`${file}.gz`)))]).toEqual([file, integrity]);
      }
    });

    it("name every script's hash in the manifest, so a page that checked the manifest against its pin has them", () => {
      const list = JSON.parse(read(INTEGRITY_FILE).toString());
      const manifest = JSON.parse(read('mf-manifest.json').toString());
      const scripts = Object.fromEntries(Object.entries(list.files).filter(([file]) => file !== 'mf-manifest.json'));
      expect(manifest.integrity).toEqual(scripts);
      expect(manifest.name).toBe('mf_test');
    });

    it("give each chunk's script the integrity and CORS mode the page's federation runtime answers", async () => {
      const source = read('remoteEntry.js').toString();
      expect(PINNED_CHUNK_CODE).toContain('loaderHook.lifecycle.createScript.emit');
      expect(source).toContain('.loaderHook.lifecycle.createScript.emit(');

      /** @type {Array<Record<string, any>>} */
      const appended = [];
      /** @type {Array<{ url: string }>} */
      const asked = [];
      const integrity = `sha384-${'D'.repeat(64)}`;
      const element = () => ({
        attributes: /** @type {Record<string, string>} */ ({}),
        setAttribute(/** @type {string} */ name, /** @type {string} */ value) {
          this.attributes[name] = value;
        },
        getAttribute(/** @type {string} */ name) {
          return this.attributes[name] ?? null;
        },
      });
      const page = {
        document: {
          createElement: element,
          getElementsByTagName: () => [],
          head: { appendChild: (/** @type {Record<string, any>} */ script) => appended.push(script) },
        },
        pin: (/** @type {{ url: string }} */ args) => {
          asked.push(args);
          // After a Retry the plugin names another address for the file too.
          return { script: { integrity, crossOrigin: 'anonymous', src: `${args.url}?retry=1` } };
        },
        setTimeout,
        clearTimeout,
      };
      vm.runInNewContext(source, page);
      expect(asked.map((args) => args.url)).toEqual([
        expect.stringMatching(/^http:\/\/remote\.test\/lazy\.[0-9a-f]{8}\.js$/),
      ]);
      expect(appended).toHaveLength(1);
      expect(appended[0]?.integrity).toBe(integrity);
      expect(appended[0]?.crossOrigin).toBe('anonymous');
      expect(appended[0]?.src).toBe(`${asked[0]?.url}?retry=1`);
      // End the load as the browser would for a refused script (webpack's own error path), so no timer is left.
      appended[0]?.onerror({ type: 'error', target: appended[0] });
      await expect(
        /** @type {{ loading: Promise<unknown> }} */ (/** @type {unknown} */ (page)).loading,
      ).rejects.toThrow(/Loading chunk/);
    });

    it('leave chunks as they were where no plugin answers (the remote’s own page, a partner page)', () => {
      /** @type {Array<Record<string, any>>} */
      const appended = [];
      const page = {
        document: {
          createElement: () => ({ setAttribute() {}, getAttribute: () => null }),
          getElementsByTagName: () => [],
          head: { appendChild: (/** @type {Record<string, any>} */ script) => appended.push(script) },
        },
        pin: () => undefined,
        setTimeout,
        clearTimeout,
      };
      vm.runInNewContext(read('remoteEntry.js').toString(), page);
      expect(appended[0]?.integrity).toBeUndefined();
      expect(appended[0]?.crossOrigin).toBeUndefined();
      appended[0]?.onerror({ type: 'error', target: appended[0] });
      /** @type {{ loading: Promise<unknown> }} */ (/** @type {unknown} */ (page)).loading.catch(() => undefined);
    });
  });
});
