// @ts-check
import fs from 'node:fs';

import { FILES, decoded, makeDist, request, startHost } from './test-support.mjs';

const REMOTES = { mf_card: 'http://localhost:18081/mf-manifest.json' };
const DEEP_ROUTE = '/2/89860000000000000001';

describe('site host: static files', () => {
  /** @type {string} */ let root;
  /** @type {() => Promise<unknown>} */ let stop;
  /** @type {string} */ let base;

  beforeAll(async () => {
    root = makeDist();
    ({ base, stop } = await startHost({
      root,
      spa: true,
      shell: true,
      remotes: REMOTES,
      apiOrigin: 'http://127.0.0.1:9',
    }));
  });
  afterAll(async () => {
    await stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/main.0123abcd.js', 'main.0123abcd.js', 'application/javascript'],
    ['/mf-manifest.json', 'mf-manifest.json', 'application/json'],
    ['/index.html', 'index.html', 'text/html'],
    ['/', 'index.html', 'text/html'],
    [DEEP_ROUTE, 'index.html', 'text/html'],
  ])('answers %s in brotli, gzip or as is, by Accept-Encoding', async (url, file, type) => {
    const text = FILES[/** @type {keyof typeof FILES} */ (file)];
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ]) {
      const answer = await request(base + url, { headers: accept ? { 'accept-encoding': accept } : {} });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toContain(type);
      expect(answer.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(decoded(answer)).toBe(text);
    }
  });

  it("serves a file asked again under the shell's Retry address (?retry=n) as itself, cached the same", async () => {
    const again = await request(`${base}/12.89abcdef.js?retry=2`, { headers: { 'accept-encoding': 'br' } });
    expect(again.status).toBe(200);
    expect(decoded(again)).toBe(FILES['12.89abcdef.js']);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await request(`${base}/remoteEntry.js?retry=1`);
    expect(entry.text).toBe(FILES['remoteEntry.js']);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('caches content-hashed files for a year and revalidates the documents that name a build', async () => {
    const cacheOf = async (/** @type {string} */ url) => (await request(base + url)).headers['cache-control'];
    expect(await cacheOf('/main.0123abcd.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/12.89abcdef.js')).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', DEEP_ROUTE, '/mf-manifest.json', '/remoteEntry.js', '/logo.png']) {
      expect(await cacheOf(url)).toBe('no-cache');
    }
    const answer = await request(`${base}/main.0123abcd.js`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.headers.etag).toBeTruthy();
    expect(answer.headers['last-modified']).toBeTruthy();
  });

  it('revalidates the service worker and the web app manifest (never matched as hashed), in their own types', async () => {
    const worker = await request(`${base}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['content-encoding']).toBe('br');
    const manifest = await request(`${base}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(JSON.parse(manifest.text)).toEqual(JSON.parse(FILES['manifest.webmanifest']));
  });

  it('falls back to index.html for page routes only: a missing chunk stays a 404', async () => {
    for (const url of ['/eshop/card/list', '/2/8986/', '/login?next=%2F']) {
      const answer = await request(base + url);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(FILES['index.html']);
    }
    const missing = await request(`${base}/missing.0123abcd.js`, { headers: { 'accept-encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('text/plain');
    expect(missing.text).not.toMatch(/at .*\.m?js/);
  });

  it('never serves build statistics, nor the compressed siblings by their own name', async () => {
    for (const url of ['/.stats/stats.json', '/.stats/', '/.stats', '/main.0123abcd.js.br', '/index.html.gz']) {
      const answer = await request(base + url);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('secret');
    }
  });

  it('answers HEAD, and 405 with Allow for other methods', async () => {
    const head = await request(`${base}/main.0123abcd.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await request(`${base}/index.html`, { method, body: 'x' });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('serves the remotes manifest from its options, never cached', async () => {
    const answer = await request(`${base}/remotes.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(answer.text)).toEqual(REMOTES);
  });
});

describe('site host: a plain site', () => {
  it('has no SPA fallback, no remotes.json, and serves extra JSON documents', async () => {
    const root = makeDist();
    const { base, stop } = await startHost({
      root,
      extraJson: { '/site-config.json': { mf_card: 'http://localhost:18081/mf-manifest.json' } },
    });
    try {
      expect((await request(base + DEEP_ROUTE)).status).toBe(404);
      expect((await request(`${base}/remotes.json`)).status).toBe(404);
      const config = await request(`${base}/site-config.json`);
      expect(config.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(config.text)).toEqual({ mf_card: 'http://localhost:18081/mf-manifest.json' });
      const partner = await request(`${base}/partner/`, { headers: { 'accept-encoding': 'gzip' } });
      expect(partner.headers['content-encoding']).toBe('gzip');
      expect(decoded(partner)).toBe(FILES['partner/index.html']);
    } finally {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('site host: a page made at request time', () => {
  it('answers page routes with the page, and files, folders and the api as before', async () => {
    const root = makeDist();
    const { base, stop } = await startHost({
      root,
      spa: true,
      shell: true,
      apiOrigin: 'http://127.0.0.1:9',
      echoPage: true,
    });
    try {
      for (const url of ['/2/89860000000000000001', '/pkg?iccid=1', '/login', '/eshop/card/list']) {
        const answer = await request(base + url);
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(`page of ${url}`);
        expect(answer.headers['content-security-policy']).toBeTruthy();
      }
      expect((await request(`${base}/logo.png`)).text).toBe(FILES['logo.png']);
      // A folder of root by a page route's name stays the folder's, never the page.
      expect((await request(`${base}/partner`)).text).not.toContain('page of');
      expect((await request(`${base}/partner/`)).text).toBe(FILES['partner/index.html']);
      // Hidden, or the api's (a document the proxy forwards; no api here): never the page.
      expect((await request(`${base}/.stats`)).status).toBe(404);
      expect((await request(`${base}/eshop/health`)).text).not.toContain('page of');
    } finally {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
