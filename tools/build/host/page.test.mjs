import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { manifestCache } from './manifests.mjs';
import { directionOf, languageFor, shellPage } from './page.mjs';
import { integrityOf, remotePins } from './remotes-manifest.mjs';
import { REMOTE_MANIFEST } from './test-support.mjs';

const TABLE = [
  { path: '/', owner: 'mf_card' },
  { path: '/:flag/:iccid', owner: 'mf_card' },
  { path: '/pool/detail', owner: 'mf_pool' },
  { path: '/pkg', owner: 'mf_card', ownerByQuery: { param: 'poolId', owner: 'mf_pool' } },
];

const MANIFEST = REMOTE_MANIFEST;

describe("the shell's page", () => {
  it('guesses the language from ?lan=, then Accept-Language, then English', () => {
    const supported = new Set(['en', 'ar', 'de']);
    expect(languageFor(new URLSearchParams('lan=ar'), 'de-DE', supported)).toBe('ar');
    expect(languageFor(new URLSearchParams(), 'xx, de-DE;q=0.8', supported)).toBe('de');
    expect(languageFor(new URLSearchParams('lan=zz'), 'fr', supported)).toBe('en');
    expect([directionOf('ar'), directionOf('he'), directionOf('de')]).toEqual(['rtl', 'rtl', 'ltr']);
  });

  describe('served', () => {
    let remote;
    let root;
    let answer = MANIFEST;
    let asked = 0;

    beforeAll(async () => {
      remote = Fastify();
      remote.get('/mf-manifest.json', async (request, reply) => {
        asked += 1;
        if (!answer) return reply.code(503).send({});
        return answer;
      });
      await remote.listen({ port: 0, host: '127.0.0.1' });
      // A shell build: its entry in two deferred scripts, and its strings per language.
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-page-'));
      fs.writeFileSync(
        path.join(root, 'index.html'),
        '<!doctype html><html lang=en dir=ltr><head><title>t</title><script defer src="/react-dom.87654321.js"></script>' +
          '<script defer src="/main.12345678.js"></script></head><body><div id="root"></div></body></html>',
      );
      for (const file of [
        'shell-locale-en-json.aaaaaaaa.js',
        'common-locale-en-json.bbbbbbbb.js',
        'shell-locale-ar-json.cccccccc.js',
      ]) {
        fs.writeFileSync(path.join(root, file), '');
      }
    });
    afterAll(async () => {
      await remote.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    const manifestUrl = () => `http://127.0.0.1:${remote.server.address().port}/mf-manifest.json`;

    it('carries the remotes map (safe inside a script element) and preloads the first view', async () => {
      const remotes = { mf_card: manifestUrl(), mf_pool: 'http://x.test/</script><b>/mf-manifest.json' };
      const page = shellPage({ root, remotes: () => remotes, table: TABLE, manifests: manifestCache() });
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
      const arabic = await page({ url: '/2/8988', headers: { 'accept-language': 'ar-EG,ar;q=0.9' } });
      expect(arabic).toContain('<html lang="ar" dir="rtl">');
      expect(arabic).toContain('/shell-locale-ar-json.cccccccc.js');
      expect(arabic).not.toContain('/shell-locale-en-json.aaaaaaaa.js');
    });

    it("keeps the shell's deferred entry scripts as built, and adds no script but the map", async () => {
      const page = shellPage({ root, remotes: () => ({ mf_card: manifestUrl() }), table: TABLE });
      for (const url of ['/2/8988', '/pkg', '/no/such/page/here']) {
        const html = await page({ url, headers: {} });
        expect(html).toContain(
          '<script defer src="/react-dom.87654321.js"></script><script defer src="/main.12345678.js"></script>',
        );
        expect([...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])).toEqual([
          '<script defer src="/react-dom.87654321.js">',
          '<script defer src="/main.12345678.js">',
          '<script type="application/json" id="remotes-map">',
        ]);
        expect(html).toContain('<body><div id="root"></div></body>');
      }
      // An address that matches no route: the map and the shell's strings, nothing of a remote.
      const none = await page({ url: '/no/such/page/here', headers: {} });
      expect(none).toContain('/shell-locale-en-json.aaaaaaaa.js');
      expect(none).not.toContain('rel="preload" href="http');
    });

    it('lists a server-rendered page’s code for after its first paint, started by one script with the nonce', async () => {
      // An older build (no script-less document, no entry list): its server-rendered pages keep the deferred tags.
      const older = shellPage({ root, remotes: () => ({ mf_card: manifestUrl() }), table: TABLE });
      expect(await older({ url: '/2/8988', headers: {} }, { codeAfterPaint: { nonce: 'n' } })).toContain(
        '<script defer src="/main.12345678.js">',
      );
      // The build's document without script tags and its entry's scripts in order (webpack/html.mjs serverPage).
      fs.writeFileSync(
        path.join(root, 'index.ssr.html'),
        '<!doctype html><html lang=en dir=ltr><head><title>t</title></head><body><div id="root"></div></body></html>',
      );
      fs.writeFileSync(path.join(root, 'entry-scripts.json'), '["/react-dom.87654321.js","/main.12345678.js"]');
      const page = shellPage({ root, remotes: () => ({ mf_card: manifestUrl() }), table: TABLE });
      const html = await page({ url: '/2/8988', headers: {} }, { codeAfterPaint: { nonce: 'n0nce+/=' } });
      const head = html.slice(0, html.indexOf('</head>'));
      // Nothing in the head asks for code while the HTML is laid out: no script tag with a source, no preload.
      expect(head).not.toMatch(/<script[^>]+src=|rel="preload"/);
      expect(head).toContain('id="remotes-map"');
      const listed = /<script type="application\/json" id="page-code">(.*?)<\/script>/.exec(html)?.[1];
      const code = JSON.parse(listed);
      expect(code.scripts).toEqual(['/react-dom.87654321.js', '/main.12345678.js']);
      const base = manifestUrl().replace('mf-manifest.json', '');
      expect(code.preloads).toEqual(
        expect.arrayContaining([
          ['/shell-locale-en-json.aaaaaaaa.js', 'script'],
          [manifestUrl(), 'fetch', 'anonymous'],
          [`${base}remoteEntry.js`, 'script'],
        ]),
      );
      // The start script, after the list and #root, with the response's nonce; it starts after a frame has painted.
      const start = /<script nonce="n0nce\+\/=">([\s\S]*?)<\/script><\/body>/.exec(html)?.[1];
      expect(start).toContain("getElementById('page-code')");
      expect(start).toContain('requestAnimationFrame');
      expect(start).not.toMatch(/^\s*\/\/|\/\*/m);
      // Still a script (no comment left half-stripped).
      expect(() => new Function(start)).not.toThrow();
      expect(html.indexOf('id="root"')).toBeLessThan(html.indexOf('id="page-code"'));
      // Client-rendered routes of the same build keep index.html as built.
      expect(await page({ url: '/card/set', headers: {} })).toContain('<script defer src="/main.12345678.js">');
      fs.rmSync(path.join(root, 'index.ssr.html'));
      fs.rmSync(path.join(root, 'entry-scripts.json'));
    });

    describe('with the remotes pinned (remote integrity)', () => {
      const FILES = {
        'remoteEntry.js': integrityOf('var mf_card;'),
        '__federation_expose_routes.0947a278.js': integrityOf('routes'),
      };
      /** Pins as the host holds them after reading each remote's mf-integrity.json (mf_pool: none). */
      const pinsFor = async (/** @type {Record<string, string>} */ remotes) => {
        const pins = remotePins({
          remotes,
          mode: 'required',
          log: () => undefined,
          startWaitMs: 20,
          fetchJson: async (url) => {
            if (!url.startsWith(manifestUrl().replace('mf-manifest.json', ''))) throw new Error('down');
            return { files: { 'mf-manifest.json': integrityOf('manifest'), ...FILES } };
          },
        });
        await pins.ready;
        return pins;
      };

      it("carries the pins in the page's map, and each remote preload with its hash, as the shell will load it", async () => {
        const remotes = { mf_card: manifestUrl(), mf_pool: 'http://127.0.0.1:9/mf-manifest.json' };
        const pins = await pinsFor(remotes);
        try {
          const page = shellPage({ root, remotes: () => remotes, table: TABLE, manifests: manifestCache(), pins });
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
          // The shell's own strings are the page's origin's: no pin needed.
          expect(html).toContain('<link rel="preload" href="/shell-locale-en-json.aaaaaaaa.js" as="script">');
          // A remote without pins is refused by the shell: nothing of it in the page.
          const pool = await page({ url: '/pool/detail', headers: {} });
          expect(pool).not.toContain('href="http://127.0.0.1:9');
        } finally {
          pins.stop();
        }
      });
    });

    it('reads a manifest once per few seconds, and a remote that is down only loses its preloads', async () => {
      const manifests = manifestCache();
      const page = shellPage({ root, remotes: () => ({ mf_card: manifestUrl() }), table: TABLE, manifests });
      const before = asked;
      await page({ url: '/', headers: {} });
      await page({ url: '/2/1', headers: {} });
      expect(asked - before).toBe(1);

      answer = null;
      try {
        const down = shellPage({
          root,
          remotes: () => ({ mf_card: manifestUrl() }),
          table: TABLE,
          manifests: manifestCache(),
        });
        const html = await down({ url: '/2/1', headers: {} });
        expect(html).toContain('id="remotes-map"');
        expect(html).not.toContain('rel="preload" href="http');
        expect(html).toContain('/shell-locale-en-json.aaaaaaaa.js');
      } finally {
        answer = MANIFEST;
      }
    });
  });
});
