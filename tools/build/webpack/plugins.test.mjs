// @ts-check
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

import { minimizers } from './common.mjs';
import { EAGER_COMPILE_HINT, eagerCompileHint, ownExposeAssets, withFirstView } from './plugins.mjs';
import { runWebpack } from './test-support.mjs';

describe("a remote's manifest", () => {
  it("lists under each expose its own expose chunk and the shared chunks, never the other exposes' chunks", () => {
    const manifest = ownExposeAssets({
      exposes: [
        {
          name: 'routes',
          assets: {
            js: {
              sync: ['__federation_expose_routes.1111.js', '__federation_expose_embed.2222.js', '8471.3333.js'],
              async: ['card-locale-en-json.4444.js'],
            },
            css: { sync: [], async: [] },
          },
        },
        {
          name: './embed',
          assets: { js: { sync: ['__federation_expose_routes.1111.js', '__federation_expose_embed.2222.js'] } },
        },
      ],
    });
    expect(manifest.exposes?.[0]?.assets?.js?.sync).toEqual(['__federation_expose_routes.1111.js', '8471.3333.js']);
    expect(manifest.exposes?.[0]?.assets?.js).toMatchObject({ async: ['card-locale-en-json.4444.js'] });
    expect(manifest.exposes?.[1]?.assets?.js?.sync).toEqual(['__federation_expose_embed.2222.js']);
  });
});

describe("a remote's first views in its manifest", () => {
  const groups = new Map([
    ['card-purchase', ['card-purchase.1111.js', '8471.2222.js']],
    ['card-activities', ['card-activities.3333.js', '8471.2222.js']],
    ['cardmore-strings-en-json', ['cardmore-strings-en-json.4444.js']],
    ['cardmore-strings-ar-json', ['cardmore-strings-ar-json.5555.js']],
  ]);

  it("lists each route's chunks once, and its strings per language", () => {
    const manifest = withFirstView(
      { name: 'mf_card' },
      { '/:flag/:iccid': ['card-purchase', 'card-activities', 'cardmore-strings-[lang]-json'] },
      groups,
    );
    expect(manifest).toEqual({
      name: 'mf_card',
      firstView: {
        '/:flag/:iccid': {
          js: ['card-purchase.1111.js', '8471.2222.js', 'card-activities.3333.js'],
          byLanguage: { en: ['cardmore-strings-en-json.4444.js'], ar: ['cardmore-strings-ar-json.5555.js'] },
        },
      },
    });
  });

  it('fails the build for a chunk name the build does not have (a renamed chunk is never silently dropped)', () => {
    expect(() => withFirstView({}, { '/pkg': ['pkg-records'] }, groups)).toThrow('no chunk named pkg-records');
    expect(() => withFirstView({}, { '/pkg': ['pkg-locale-[lang]-json'] }, groups)).toThrow('no chunk named');
  });
});

describe('the eager compile hint', () => {
  /** @type {string} */ let dir;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-hint-'));
    fs.writeFileSync(path.join(dir, 'page.js'), 'globalThis.drawn = [1, 2, 3].map((n) => n * 2).join(",");\n');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'globalThis.worker = "the service worker";\n');
    await runWebpack({
      mode: 'production',
      context: dir,
      entry: { main: './page.js', sw: './sw.js' },
      output: { path: path.join(dir, 'dist'), filename: '[name].js' },
      optimization: { minimizer: minimizers() },
      plugins: [eagerCompileHint()],
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const read = (/** @type {string} */ file) => fs.readFileSync(path.join(dir, 'dist', file), 'utf8');

  it("is a page script's first line after minification (the minifier keeps no comment), and the script still runs", () => {
    const [first, ...rest] = read('main.js').split('\n');
    expect(first).toBe('//# allFunctionsCalledOnLoad');
    expect(first).toBe(EAGER_COMPILE_HINT);
    expect(rest.join('\n')).not.toContain('//');
    const context = vm.createContext({});
    vm.runInContext(read('main.js'), context);
    expect(context.drawn).toBe('2,4,6');
  });

  it('is not in the service worker, which is no page script', () => {
    expect(read('sw.js')).not.toContain(EAGER_COMPILE_HINT);
  });
});
