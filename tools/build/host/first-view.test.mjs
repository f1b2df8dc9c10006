import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import zlib from 'node:zlib';
import {
  earlyFiles,
  firstViewPage,
  languageFor,
  manifestCache,
  remoteFirstView,
  routeFor,
  START_SCRIPT,
  START_SCRIPT_HASH,
} from './first-view.mjs';
import { integrityOf, remotePins } from './remotes-manifest.mjs';

/** The remote owning `pathname` for this query, as the host ranks routes. */
const ownerFor = (table, pathname, search) => routeFor(table, pathname, search)?.owner ?? null;

const TABLE = [
  { path: '/', owner: 'mf_card' },
  { path: '/:flag/:iccid', owner: 'mf_card' },
  { path: '/pool/detail', owner: 'mf_pool' },
  { path: '/pkg', owner: 'mf_card', ownerByQuery: { param: 'poolId', owner: 'mf_pool' } },
];

const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './routes',
      name: 'routes',
      assets: {
        js: {
          sync: ['__federation_expose_routes.0947a278.js', '__federation_expose_embed.8cfd673b.js'],
          async: [
            'cardmore-strings-en-json.33333333.js',
            'card-locale-ar-json.11111111.js',
            'card-locale-en-json.22222222.js',
            '9134.4e70ade2.js',
          ],
        },
      },
    },
  ],
};

describe('the shell page of a route', () => {
  it('finds the owning remote as the router ranks routes: static segments first, then the query hand-over', () => {
    expect(ownerFor(TABLE, '/2/8988', new URLSearchParams())).toBe('mf_card');
    expect(ownerFor(TABLE, '/pool/detail', new URLSearchParams())).toBe('mf_pool');
    expect(ownerFor(TABLE, '/', new URLSearchParams())).toBe('mf_card');
    expect(ownerFor(TABLE, '/pkg', new URLSearchParams('poolId=3'))).toBe('mf_pool');
    expect(ownerFor(TABLE, '/a/b/c', new URLSearchParams())).toBeNull();
  });

  it("ranks the shell's real route table as the shell's router does (the host has no React to ask)", () => {
    const table = JSON.parse(
      fs.readFileSync(new URL('../../../shell/src/app/routes/route-table.json', import.meta.url), 'utf8'),
    );
    const none = new URLSearchParams();
    expect(ownerFor(table, '/2/89880000000000000001', none)).toBe('mf_card');
    expect(ownerFor(table, '/pool/detail', none)).toBe('mf_pool');
    expect(ownerFor(table, '/card/set', none)).toBe('mf_card');
    expect(ownerFor(table, '/card/msg', none)).toBe('mf_account');
    expect(ownerFor(table, '/user/info', none)).toBe('mf_account');
    expect(ownerFor(table, '/pay/order', none)).toBe('mf_checkout');
    expect(ownerFor(table, '/esim/shop/89049032000000000000000000000001', none)).toBe('mf_esim');
    expect(ownerFor(table, '/esim/card/set/0', none)).toBe('mf_esim');
    expect(ownerFor(table, '/eshop/card/list', none)).toBe('mf_card');
    expect(ownerFor(table, '/pkg', new URLSearchParams('poolId=7'))).toBe('mf_pool');
  });

  it('guesses the language from ?lan=, then Accept-Language, then English', () => {
    const supported = new Set(['en', 'ar', 'de']);
    expect(languageFor(new URLSearchParams('lan=ar'), 'de-DE', supported)).toBe('ar');
    expect(languageFor(new URLSearchParams(), 'xx, de-DE;q=0.8', supported)).toBe('de');
    expect(languageFor(new URLSearchParams('lan=zz'), 'fr', supported)).toBe('en');
  });

  it("names the remote's entry, its route chunk and its strings from mf-manifest.json, nothing else", () => {
    const view = remoteFirstView('http://cdn.test/card/mf-manifest.json', MANIFEST, 'en');
    expect(view.fetch).toEqual(['http://cdn.test/card/mf-manifest.json']);
    expect(view.scripts).toEqual([
      'http://cdn.test/card/remoteEntry.js',
      'http://cdn.test/card/__federation_expose_routes.0947a278.js',
      'http://cdn.test/card/card-locale-en-json.22222222.js',
    ]);
    // A manifest without asset lists: the manifest only; none read (the remote is down): nothing.
    expect(view.early).toBeNull();
    expect(remoteFirstView('http://cdn.test/mf-manifest.json', { exposes: [] }, 'en')).toEqual({
      fetch: ['http://cdn.test/mf-manifest.json'],
      scripts: [],
      early: null,
      earlyView: false,
    });
    expect(remoteFirstView('http://cdn.test/mf-manifest.json', null, 'en')).toEqual({
      fetch: [],
      scripts: [],
      early: null,
      earlyView: false,
    });
    // The route's first screen as the remote names it (firstView): its chunks, and its strings in the language.
    const screens = {
      ...MANIFEST,
      firstView: {
        '/:flag/:iccid': { js: ['card-purchase.44444444.js'], byLanguage: { en: ['cardmore-strings-en-json.5.js'] } },
      },
    };
    expect(remoteFirstView('http://cdn.test/card/mf-manifest.json', screens, 'en', '/:flag/:iccid').scripts).toEqual([
      'http://cdn.test/card/remoteEntry.js',
      'http://cdn.test/card/__federation_expose_routes.0947a278.js',
      'http://cdn.test/card/card-locale-en-json.22222222.js',
      'http://cdn.test/card/card-purchase.44444444.js',
      'http://cdn.test/card/cardmore-strings-en-json.5.js',
    ]);
    expect(remoteFirstView('http://cdn.test/card/mf-manifest.json', screens, 'ar', '/:flag/:iccid').scripts).toContain(
      'http://cdn.test/card/card-purchase.44444444.js',
    );
    expect(remoteFirstView('http://cdn.test/card/mf-manifest.json', screens, 'en', '/pkg').scripts).toHaveLength(3);
    // A remote with an early script (earlyCalls): its address, beside the remote's other files.
    const early = { ...MANIFEST, earlyCalls: { name: 'early-calls.33333333.js' } };
    expect(remoteFirstView('http://cdn.test/card/mf-manifest.json', early, 'en').early).toBe(
      'http://cdn.test/card/early-calls.33333333.js',
    );
    // It draws the first view of the routes its manifest names (views), not of others.
    const drawing = { ...MANIFEST, earlyCalls: { name: 'early-calls.33333333.js', views: ['/:flag/:iccid'] } };
    const at = 'http://cdn.test/card/mf-manifest.json';
    expect(remoteFirstView(at, drawing, 'en', '/:flag/:iccid').earlyView).toBe(true);
    expect(remoteFirstView(at, drawing, 'en', '/pkg').earlyView).toBe(false);
    expect(remoteFirstView(at, early, 'en', '/:flag/:iccid').earlyView).toBe(false);
  });

  it('forgets a manifest whose remote went down once it is read again, and waits for no slow one', async () => {
    let clock = 0;
    let reply = async () => MANIFEST;
    const manifests = manifestCache(
      (url) => reply(url),
      () => clock,
    );
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBe(MANIFEST);
    reply = async () => {
      throw new Error('ECONNREFUSED');
    };
    clock = 1_000;
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBe(MANIFEST);
    clock = 10_000;
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBeNull();
    reply = () => new Promise(() => undefined);
    clock = 20_000;
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBeNull();
  });

  describe('served', () => {
    let remote;
    let root;
    let answer = MANIFEST;
    let asked = 0;
    /** @type {string[]} */
    const earlyAsked = [];
    const EARLY_BODIES = {
      'early-calls.33333333.js': 'window.early = 1;'.repeat(50),
      'early-strings-en-json.44444444.js': 'window.strings = {};',
      'remoteEntry.js': 'var mf_card;',
    };

    beforeAll(async () => {
      remote = Fastify();
      remote.get('/mf-manifest.json', async (request, reply) => {
        asked += 1;
        if (!answer) return reply.code(503).send({});
        return answer;
      });
      remote.get('/:file', async (request, reply) => {
        earlyAsked.push(request.params.file);
        const body = EARLY_BODIES[request.params.file];
        return body ? reply.type('text/javascript').send(body) : reply.code(404).send('');
      });
      await remote.listen({ port: 0, host: '127.0.0.1' });
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'first-view-'));
      fs.writeFileSync(
        path.join(root, 'index.html'),
        '<!doctype html><html lang=en dir=ltr><head><title>t</title></head><body></body></html>',
      );
      for (const file of [
        'shell-locale-en-json.aaaaaaaa.js',
        'common-locale-en-json.bbbbbbbb.js',
        'shell-locale-ar-json.cccccccc.js',
      ]) {
        fs.writeFileSync(path.join(root, file), '');
      }
    });
    let heldRoot = '';
    beforeAll(() => {
      // A shell build with its deferred entry scripts (the entry in two files).
      heldRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'first-view-held-'));
      fs.writeFileSync(
        path.join(heldRoot, 'index.html'),
        '<!doctype html><html lang=en dir=ltr><head><title>t</title><script defer src="/react-dom.87654321.js"></script>' +
          '<script defer src="/main.12345678.js"></script></head><body></body></html>',
      );
      fs.writeFileSync(path.join(heldRoot, 'shell-locale-en-json.aaaaaaaa.js'), '');
    });
    afterAll(async () => {
      await remote.close();
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(heldRoot, { recursive: true, force: true });
    });

    const manifestUrl = () => `http://127.0.0.1:${remote.server.address().port}/mf-manifest.json`;

    it('carries the remotes map (safe inside a script element) and preloads the first view', async () => {
      const remotes = { mf_card: manifestUrl(), mf_pool: 'http://x.test/</script><b>/mf-manifest.json' };
      const page = firstViewPage({ root, remotes: () => remotes, table: TABLE, manifests: manifestCache() });
      const html = await page({ url: '/2/8988?lan=en', headers: {} });
      const map = /<script type="application\/json" id="remotes-map">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(map)).toEqual(remotes);
      expect(map).not.toContain('</script>');
      const base = manifestUrl().replace('mf-manifest.json', '');
      expect(html).toContain('<link rel="preload" href="/shell-locale-en-json.aaaaaaaa.js" as="script">');
      expect(html).toContain('<link rel="preload" href="/common-locale-en-json.bbbbbbbb.js" as="script">');
      expect(html).toContain(`<link rel="preload" href="${manifestUrl()}" as="fetch" crossorigin="anonymous">`);
      expect(html).toContain(`<link rel="preload" href="${base}remoteEntry.js" as="script">`);
      expect(html).toContain(`href="${base}__federation_expose_routes.0947a278.js"`);
      expect(html).toContain(`href="${base}card-locale-en-json.22222222.js"`);
      expect(html).not.toContain('embed');
      expect(html.indexOf('remotes-map')).toBeLessThan(html.indexOf('</head>'));
      expect(html).toContain('<html lang="en" dir="ltr">');
      // No early script in this remote's manifest: none in the page.
      expect(html).not.toContain('<script async');
      const arabic = await page({ url: '/2/8988', headers: { 'accept-language': 'ar-EG,ar;q=0.9' } });
      expect(arabic).toContain('<html lang="ar" dir="rtl">');
      expect(arabic).toContain('/shell-locale-ar-json.cccccccc.js');
    });

    it("runs the owning remote's early script first, told which route the address matched", async () => {
      answer = { ...MANIFEST, earlyCalls: { name: 'early-calls.33333333.js' } };
      try {
        const remotes = { mf_card: manifestUrl(), mf_pool: 'http://127.0.0.1:9/mf-manifest.json' };
        const page = firstViewPage({ root, remotes: () => remotes, table: TABLE, manifests: manifestCache() });
        const base = manifestUrl().replace('mf-manifest.json', '');
        const html = await page({ url: '/2/8988', headers: {} });
        const tag = `<script async src="${base}early-calls.33333333.js" data-route="/:flag/:iccid" fetchpriority="high"></script>`;
        expect(html).toContain(tag);
        expect(html.indexOf(tag)).toBeLessThan(html.indexOf('rel="preload"'));
        expect(await page({ url: '/pkg', headers: {} })).toContain('data-route="/pkg"');
        // Another remote's route: not mf_card's script.
        expect(await page({ url: '/pool/detail', headers: {} })).not.toContain('early-calls');
      } finally {
        answer = MANIFEST;
      }
    });

    it("holds the shell's entry for the early view of a route whose early script draws one", async () => {
      answer = { ...MANIFEST, earlyCalls: { name: 'early-calls.33333333.js', views: ['/:flag/:iccid'] } };
      try {
        const remotes = { mf_card: manifestUrl() };
        const page = firstViewPage({
          root: heldRoot,
          remotes: () => remotes,
          table: TABLE,
          manifests: manifestCache(),
        });
        const base = manifestUrl().replace('mf-manifest.json', '');
        const html = await page({ url: '/2/8988', headers: {} });
        // The entry's files are neither asked nor run before the early view: START_SCRIPT, just before the early
        // script, adds them.
        expect(html).not.toContain('<script defer');
        expect(html).not.toContain('rel="preload" href="/main.12345678.js"');
        // Nothing else is asked before the view: the early script needs no high priority (which would make it count
        // in Lighthouse's first paint).
        expect(html).toContain(
          `<script async src="${base}early-calls.33333333.js" data-route="/:flag/:iccid"></script>`,
        );
        expect(html).not.toContain('rel="preload" href="/react-dom.87654321.js"');
        const start =
          /<script data-main="\/react-dom\.87654321\.js \/main\.12345678\.js" data-preload="([^"]*)">(.*?)<\/script>/.exec(
            html,
          );
        expect(start?.[2]).toBe(START_SCRIPT);
        expect(html.indexOf(start?.[0] ?? '?')).toBeLessThan(html.indexOf('early-calls.33333333.js'));
        // The route's other files are asked when the entry runs, not beside the early script.
        const later = JSON.parse((start?.[1] ?? '').replaceAll('&#34;', '"'));
        expect(later).toContainEqual(['/shell-locale-en-json.aaaaaaaa.js', 'script']);
        expect(later).toContainEqual([manifestUrl(), 'fetch', 'anonymous']);
        expect(later).toContainEqual([`${base}remoteEntry.js`, 'script']);
        expect(html).not.toContain(`<link rel="preload" href="${base}remoteEntry.js"`);
        // The hash the shell host's CSP allows is this script's.
        const digest = crypto.createHash('sha256').update(START_SCRIPT).digest('base64');
        expect(START_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
        // A route without an early view keeps its deferred entry and its preloads.
        const list = await page({ url: '/pkg', headers: {} });
        expect(list).toContain('<script defer src="/react-dom.87654321.js"></script>');
        expect(list).toContain('<script defer src="/main.12345678.js"></script>');
        expect(list).toContain(`<link rel="preload" href="${base}remoteEntry.js" as="script">`);
        expect(list).not.toContain('data-main');
      } finally {
        answer = MANIFEST;
      }
    });

    it("serves the remote's early script and its chunks from the page's origin, and nothing else of the remote", async () => {
      answer = {
        ...MANIFEST,
        earlyCalls: {
          name: 'early-calls.33333333.js',
          views: ['/:flag/:iccid'],
          files: ['early-calls.33333333.js', 'early-strings-en-json.44444444.js'],
        },
      };
      const remotes = { mf_card: manifestUrl() };
      const manifests = manifestCache();
      const early = earlyFiles({ remotes: () => remotes, manifests });
      const page = firstViewPage({ root: heldRoot, remotes: () => remotes, table: TABLE, manifests, early });
      try {
        const html = await page({ url: '/2/8988', headers: {} });
        expect(html).toContain(
          '<script async src="/_early/mf_card/early-calls.33333333.js" data-route="/:flag/:iccid">',
        );
        const script = await early.get('mf_card', 'early-calls.33333333.js');
        expect(script?.body.toString()).toBe(EARLY_BODIES['early-calls.33333333.js']);
        expect(zlib.brotliDecompressSync(script?.br ?? Buffer.from('')).toString()).toBe(script?.body.toString());
        expect(zlib.gunzipSync(script?.gzip ?? Buffer.from('')).toString()).toBe(script?.body.toString());
        // Asked of the remote once (when the page named it), whatever the number of requests after.
        await early.get('mf_card', 'early-calls.33333333.js');
        expect(earlyAsked.filter((file) => file === 'early-calls.33333333.js')).toHaveLength(1);
        const chunk = await early.get('mf_card', 'early-strings-en-json.44444444.js');
        expect(chunk?.body.toString()).toBe(EARLY_BODIES['early-strings-en-json.44444444.js']);
        // Not an early file of the remote's manifest, not a remote of the site, not a plain name: none.
        for (const [remote, file] of [
          ['mf_card', 'remoteEntry.js'],
          ['mf_pool', 'early-calls.33333333.js'],
          ['__proto__', 'early-calls.33333333.js'],
          ['mf_card', '../mf-manifest.json'],
        ]) {
          expect([remote, file, await early.get(remote, file)]).toEqual([remote, file, null]);
        }
        expect(earlyAsked).not.toContain('remoteEntry.js');
        // A listed file the remote does not have: none, and asked again next time.
        answer = {
          ...answer,
          earlyCalls: { ...answer.earlyCalls, files: [...answer.earlyCalls.files, 'early-x.5.js'] },
        };
        const fresh = earlyFiles({ remotes: () => remotes, manifests: manifestCache() });
        expect(await fresh.get('mf_card', 'early-x.5.js')).toBeNull();
        expect(await fresh.get('mf_card', 'early-x.5.js')).toBeNull();
        expect(earlyAsked.filter((file) => file === 'early-x.5.js')).toHaveLength(2);
      } finally {
        answer = MANIFEST;
      }
    });

    describe('with the remotes pinned (remote integrity)', () => {
      const BASE_FILES = {
        'remoteEntry.js': integrityOf('var mf_card;'),
        '__federation_expose_routes.0947a278.js': integrityOf('routes'),
        'early-calls.33333333.js': integrityOf(EARLY_BODIES['early-calls.33333333.js']),
      };
      /** Pins as the host holds them after reading each remote's mf-integrity.json (mf_pool: none). */
      const pinsFor = async (/** @type {Record<string, string>} */ remotes, files = BASE_FILES) => {
        const pins = remotePins({
          remotes,
          mode: 'required',
          log: () => undefined,
          startWaitMs: 20,
          fetchJson: async (url) => {
            if (!url.startsWith(manifestUrl().replace('mf-manifest.json', ''))) throw new Error('down');
            return { files: { 'mf-manifest.json': integrityOf('manifest'), ...files } };
          },
        });
        await pins.ready;
        return pins;
      };

      it("carries the pins in the page's map, and each remote preload with its hash, as the shell will load it", async () => {
        const remotes = { mf_card: manifestUrl(), mf_pool: 'http://127.0.0.1:9/mf-manifest.json' };
        const pins = await pinsFor(remotes);
        try {
          const page = firstViewPage({ root, remotes: () => remotes, table: TABLE, manifests: manifestCache(), pins });
          const html = await page({ url: '/2/8988?lan=en', headers: {} });
          const map = JSON.parse(
            /<script type="application\/json" id="remotes-map">(.*?)<\/script>/.exec(html)?.[1] ?? '',
          );
          expect(map).toEqual({
            ...remotes,
            integrity: { mode: 'required', manifests: { mf_card: integrityOf('manifest') } },
          });
          const base = manifestUrl().replace('mf-manifest.json', '');
          expect(html).toContain(`<link rel="preload" href="${manifestUrl()}" as="fetch" crossorigin="anonymous">`);
          expect(html).toContain(
            `<link rel="preload" href="${base}remoteEntry.js" as="script" crossorigin="anonymous" integrity="${integrityOf('var mf_card;')}">`,
          );
          expect(html).toContain(
            `href="${base}__federation_expose_routes.0947a278.js" as="script" crossorigin="anonymous"`,
          );
          // A file the pins do not name would be refused by the shell: not asked for.
          expect(html).not.toContain('card-locale-en-json.22222222.js');
          // A remote without pins is refused by the shell: nothing of it in the page.
          const pool = await page({ url: '/pool/detail', headers: {} });
          expect(pool).not.toContain('href="http://127.0.0.1:9');
        } finally {
          pins.stop();
        }
      });

      it('serves an early file only when its bytes are the pinned ones', async () => {
        answer = {
          ...MANIFEST,
          earlyCalls: {
            name: 'early-calls.33333333.js',
            views: ['/:flag/:iccid'],
            files: ['early-calls.33333333.js', 'early-strings-en-json.44444444.js'],
          },
        };
        const remotes = { mf_card: manifestUrl() };
        const pins = await pinsFor(remotes);
        const tampered = await pinsFor(remotes, {
          ...BASE_FILES,
          'early-calls.33333333.js': integrityOf('something else'),
        });
        const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
        try {
          const early = earlyFiles({ remotes: () => remotes, manifests: manifestCache(), pins });
          expect((await early.get('mf_card', 'early-calls.33333333.js'))?.body.toString()).toBe(
            EARLY_BODIES['early-calls.33333333.js'],
          );
          // Listed by the manifest, but not pinned: refused.
          expect(await early.get('mf_card', 'early-strings-en-json.44444444.js')).toBeNull();
          const refusing = earlyFiles({ remotes: () => remotes, manifests: manifestCache(), pins: tampered });
          expect(await refusing.get('mf_card', 'early-calls.33333333.js')).toBeNull();
          expect(warn).toHaveBeenCalledWith(expect.stringContaining('does not match its pinned hash'));
        } finally {
          warn.mockRestore();
          pins.stop();
          tampered.stop();
          answer = MANIFEST;
        }
      });
    });

    it('reads a manifest once per few seconds, and a remote that is down only loses its preloads', async () => {
      const manifests = manifestCache();
      const page = firstViewPage({ root, remotes: () => ({ mf_card: manifestUrl() }), table: TABLE, manifests });
      const before = asked;
      await page({ url: '/', headers: {} });
      await page({ url: '/2/1', headers: {} });
      expect(asked - before).toBe(1);

      answer = null;
      const down = firstViewPage({
        root,
        remotes: () => ({ mf_card: manifestUrl() }),
        table: TABLE,
        manifests: manifestCache(),
      });
      const html = await down({ url: '/2/1', headers: {} });
      expect(html).toContain('id="remotes-map"');
      expect(html).not.toContain('rel="preload" href="http');
      expect(html).toContain('/shell-locale-en-json.aaaaaaaa.js');
      answer = MANIFEST;
    });
  });
});
