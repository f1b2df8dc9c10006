import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCookies } from './ssr.mjs';

const RECEIPT_COOKIE = 'esim_receipt';
import { request, startHost } from './test-support.mjs';

// The shell's page (page.mjs shellPage) as the host fills it in: #root, then <noscript>.
const PAGE =
  '<!doctype html><html lang="en"><head><title>shop</title></head>' +
  '<body><div id="root"></div><noscript>JavaScript</noscript><script src="/main.js"></script></body></html>';
const TABLE = [
  { path: '/', owner: 'mf_card' },
  { path: '/:flag/:iccid', owner: 'mf_card' },
  { path: '/eshop/card/list', owner: 'mf_card' },
  { path: '/card/set', owner: 'mf_card' },
  { path: '/pkg', owner: 'mf_card', ownerByQuery: { param: 'poolId', owner: 'mf_pool' } },
];

/**
 * A shell dist with a server bundle (dist/server/render.js) of this source, or none. The stand-in render writes what
 * it was given into the page: React's inline script with the nonce, the cookies, the api origin.
 */
function shellDist(renderSource) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-ssr-'));
  fs.writeFileSync(path.join(root, 'index.html'), PAGE);
  if (renderSource !== undefined) {
    fs.mkdirSync(path.join(root, 'server'));
    fs.writeFileSync(path.join(root, 'server', 'package.json'), '{ "type": "commonjs" }\n');
    fs.writeFileSync(path.join(root, 'server', 'render.js'), renderSource);
  }
  return root;
}

const RENDERS = `
exports.render = async (request) => ({
  status: 200,
  language: 'de',
  dir: 'ltr',
  styles: '<style data-styled="true">.a{color:red}</style>',
  html: '<main data-cookies="' + encodeURIComponent(JSON.stringify(request.cookies)) + '" data-api="' + request.apiOrigin +
    '">card ' + request.url + '</main><script nonce="' + request.nonce + '">revealed()</script>',
  data: {
    answers: { 'getCard|{}': { ok: true, code: 10000, data: { note: '</script><script>alert(1)</script>' } } },
    receipt: request.cookies.esim_receipt ? 'digest-of-the-login' : null,
  },
  timings: { data: 2, render: 3 },
});`;
const THROWS = `exports.render = async () => { throw new Error('remote unreachable'); };`;
const REDIRECTS = `exports.render = async (request) => ({ status: 302, redirect: '/1/8988?lan=de', language: 'en',
  dir: 'ltr', styles: '', html: '', data: null, timings: {} });`;
const BROKEN = `throw new Error('cannot load');`;

const hosts = [];
afterAll(async () => {
  await Promise.all(hosts.map((stop) => stop()));
});

/** The shell's host over this dist (its own process: test-server.mjs), and a GET of a page. */
async function host(root) {
  const { base, stop } = await startHost({
    root,
    spa: true,
    shell: true,
    apiOrigin: 'http://127.0.0.1:1',
    ssr: {
      table: TABLE,
      remotes: { mf_card: 'http://localhost:1/mf-manifest.json' },
      apiOrigin: 'http://127.0.0.1:29999',
      page: PAGE,
    },
  });
  hosts.push(stop);
  return async (url, headers = {}) => {
    const answer = await request(`${base}${url}`, { headers });
    return { statusCode: answer.status, headers: answer.headers, body: answer.text };
  };
}

/** The cookies the render was given (the stand-in writes them into the page). */
const cookiesOf = (body) => JSON.parse(decodeURIComponent(/data-cookies="([^"]*)"/.exec(body)?.[1] ?? 'null'));
const nonceOf = (csp) => /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];

describe('a page rendered on the server', () => {
  it("fills #root, the head's styles and seed, <html lang dir>; the CSP's nonce is the page scripts'", async () => {
    const get = await host(shellDist(RENDERS));
    const page = await get('/2/8988?x=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-ssr-fallback']).toBeUndefined();
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('<div id="root" data-ssr="1"><main');
    expect(page.body).toContain('card /2/8988?x=1</main>');
    expect(page.body).toContain('data-api="http://127.0.0.1:29999"');
    // The styles in the head; the seed after the page's HTML, before the shell's scripts.
    expect(page.body).toMatch(/<style data-styled="true">.*<\/style><\/head>/);
    expect(page.body).toMatch(
      /<\/main><script nonce="[^"]+">revealed\(\)<\/script><\/div><script type="application\/json" id="ssr-data">.*<\/script><noscript>JavaScript<\/noscript><script src="\/main.js">/,
    );
    // The seed cannot end its script early.
    const seed = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(seed).not.toContain('</script>');
    expect(JSON.parse(seed).answers['getCard|{}'].data.note).toBe('</script><script>alert(1)</script>');
    // The rest of the document (the shell's scripts) stays.
    expect(page.body).toContain('<noscript>JavaScript</noscript><script src="/main.js"></script>');

    const nonce = nonceOf(page.headers['content-security-policy']);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(page.body).toContain(`<script nonce="${nonce}">revealed()</script>`);
    // A new nonce for every response.
    const again = await get('/2/8988');
    expect(nonceOf(again.headers['content-security-policy'])).not.toBe(nonce);
    expect(page.headers['server-timing']).toMatch(/ssr;dur=[\d.]+, data;dur=2\.0, render;dur=3\.0/);
  });

  it('varies by cookie; a logged-in page is private and never stored, with the receipt cookie for the render', async () => {
    const get = await host(shellDist(RENDERS));
    const visitor = await get('/2/8988', { cookie: 'LANGUAGE_KEY=de' });
    expect(visitor.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(cookiesOf(visitor.body)).toEqual({ LANGUAGE_KEY: 'de' });

    const member = await get('/2/8988', { cookie: `LANGUAGE_KEY=de; ${RECEIPT_COOKIE}=tok%2B1` });
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(cookiesOf(member.body)).toEqual({ LANGUAGE_KEY: 'de', [RECEIPT_COOKIE]: 'tok+1' });
  });

  it('answers a redirect the page asks for (a card on another flag), kept by no cache', async () => {
    const get = await host(shellDist(REDIRECTS));
    const moved = await get('/2/8988?lan=de');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/1/8988?lan=de');
    expect(moved.headers['cache-control']).toBe('private, no-store');
  });

  it('answers the page as it is, with x-ssr-fallback, when the render fails', async () => {
    const get = await host(shellDist(THROWS));
    const page = await get('/2/8988');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-ssr-fallback']).toBe('1');
    expect(page.body).toBe(PAGE);
    expect(page.headers['content-security-policy']).not.toContain("'nonce-");
  });

  it('answers the page as it is, with x-ssr-fallback, when the server bundle is missing or cannot be loaded', async () => {
    for (const root of [shellDist(undefined), shellDist(BROKEN)]) {
      const get = await host(root);
      const page = await get('/2/8988');
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-ssr-fallback']).toBe('1');
      expect(page.body).toBe(PAGE);
    }
  });

  it('renders the card list, /pkg with ?iccid= only, and leaves the routes it does not render as they are', async () => {
    const get = await host(shellDist(RENDERS));
    expect((await get('/pkg?iccid=8988')).body).toContain('data-ssr="1"');
    expect((await get('/eshop/card/list')).body).toContain('data-ssr="1"');
    for (const url of ['/', '/pkg', '/pkg?iccid=8988&poolId=p1', '/card/set']) {
      const page = await get(url);
      expect(page.body).toBe(PAGE);
      expect(page.headers['x-ssr-fallback']).toBeUndefined();
    }
  });
});

describe('parseCookies', () => {
  it('decodes values and skips what it cannot read', () => {
    expect(parseCookies('a=1; b=x%20y; bad=%E0%A4%A; =z; c')).toEqual({ a: '1', b: 'x y', '': 'z' });
    expect(parseCookies(undefined)).toEqual({});
  });
});
