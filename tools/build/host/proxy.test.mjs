// @ts-check
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';

import { trustedProxyList } from './proxy.mjs';
import { FILES, OPENAPI, deadOrigin, makeDist, request, startApi, startHost } from './test-support.mjs';

const json = { 'content-type': 'application/json' };
const SYSTEM_ERROR = { code: 10003, message: 'system error', data: null };

describe('site host: api proxy (shell)', () => {
  /** @type {string} */ let root;
  /** @type {import('fastify').FastifyInstance} */ let api;
  /** @type {string} */ let base;
  /** @type {() => Promise<unknown>} */ let stop;

  beforeAll(async () => {
    root = makeDist();
    let apiOrigin;
    ({ api, origin: apiOrigin } = await startApi());
    // The api stand-in takes 1 MiB; the proxy checks the same limit first.
    ({ base, stop } = await startHost({ root, spa: true, shell: true, apiOrigin, apiBodyLimit: 1024 * 1024 }));
  });
  afterAll(async () => {
    await stop();
    await api.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('passes a call with its body, and the client address, host and scheme', async () => {
    const answer = await request(`${base}/eshop/get/card?lang=en`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ iccid: '8986' }),
    });
    expect(answer.status).toBe(200);
    const { data } = JSON.parse(answer.text);
    expect(data.url).toBe('/eshop/get/card?lang=en');
    expect(data.body).toEqual({ iccid: '8986' });
    // The test client connects from loopback, which the host trusts by default (a proxy on this machine): the
    // client address is the one it names, forwarded alone.
    expect(data.xff).toBe('203.0.113.9');
    expect(data.forwardedHost).toBe(new URL(base).host);
    expect(data.forwardedProto).toBe('http');
  });

  it("passes one request id to the api: the caller's when it looks like one, else its own", async () => {
    const given = 'lb-7f3c2a91-0042';
    const kept = await request(`${base}/eshop/get/card`, {
      method: 'POST',
      headers: { ...json, 'x-request-id': given },
      body: '{}',
    });
    expect(JSON.parse(kept.text).data.requestId).toBe(given);
    const made = await request(`${base}/eshop/get/card`, {
      method: 'POST',
      headers: { ...json, 'x-request-id': 'not an id; DROP' },
      body: '{}',
    });
    expect(JSON.parse(made.text).data.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('forwards the socket address without X-Forwarded-For of its own', async () => {
    const answer = await request(`${base}/eshop/get/card`, { method: 'POST', headers: json, body: '{}' });
    expect(JSON.parse(answer.text).data.xff).toBe('127.0.0.1');
  });

  it("passes the api's headers back as they are, adding no CORS of its own", async () => {
    const answer = await request(`${base}/eshop/api/get/card`, {
      method: 'POST',
      headers: { ...json, origin: 'http://partner.example' },
      body: '{}',
    });
    expect(answer.headers['access-control-allow-origin']).toBe('http://api-decides.example');
    expect(answer.headers['set-cookie']).toEqual(['seen=1; Path=/; HttpOnly']);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers.vary ?? '').not.toContain('Origin');
    expect(answer.headers['x-powered-by']).toBeUndefined();
  });

  it("passes the api's documents and an already encoded answer untouched; other /eshop/ pages are the SPA", async () => {
    const docs = await request(`${base}/eshop/openapi.json`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(docs.body).toString('utf8')).toBe(OPENAPI);
    expect(JSON.parse((await request(`${base}/eshop/health`)).text)).toEqual({ status: 'ok' });
    const page = await request(`${base}/eshop/card/list`);
    expect(page.text).toBe(FILES['index.html']);
  });

  it.each([
    ['with Content-Length', { 'content-length': String(2 * 1024 * 1024) }],
    ['chunked', { 'transfer-encoding': 'chunked' }],
  ])(
    'answers 413 in the envelope to a 2 MB body (%s), and the same connection serves the next call',
    async (_, framing) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const big = Buffer.alloc(2 * 1024 * 1024, 'a');
        const tooLarge = await request(`${base}/eshop/get/card`, {
          method: 'POST',
          headers: { ...json, ...framing },
          body: big,
          agent,
        });
        expect(tooLarge.status).toBe(413);
        expect(JSON.parse(tooLarge.text)).toEqual({
          code: 10002,
          message: 'parameter error: body too large',
          data: null,
        });
        expect(tooLarge.headers.connection).not.toBe('close');

        const next = await request(`${base}/eshop/get/card`, { method: 'POST', headers: json, body: '{"n":2}', agent });
        expect(next.status).toBe(200);
        expect(JSON.parse(next.text).data.body).toEqual({ n: 2 });
        expect(next.reusedSocket).toBe(true);
        expect(next.socket).toBe(tooLarge.socket);
      } finally {
        agent.destroy();
      }
    },
  );

  it('does not read a declared body of tens of megabytes: 413 at once, and that connection closes', async () => {
    const answer = await request(`${base}/eshop/get/card`, {
      method: 'POST',
      headers: { ...json, 'content-length': String(64 * 1024 * 1024) },
      body: '{',
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.text)).toEqual({ code: 10002, message: 'parameter error: body too large', data: null });
  });

  it('forwards a body just under the limit', async () => {
    const body = JSON.stringify({ text: 'b'.repeat(1024 * 1024 - 20) });
    const answer = await request(`${base}/eshop/get/card`, { method: 'POST', headers: json, body });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data.body.text).toHaveLength(1024 * 1024 - 20);
  });
});

// Issue 23: behind a load balancer every visitor is one IP unless the host believes the balancer; and a client must
// never pick the address the api counts it under.
describe('site host: trusted proxies (TRUSTED_PROXIES)', () => {
  /** @type {string} */ let root;
  /** @type {import('fastify').FastifyInstance} */ let api;
  /** @type {string} */ let apiOrigin;
  /** @type {Array<() => Promise<unknown>>} */ const stops = [];

  beforeAll(async () => {
    root = makeDist();
    ({ api, origin: apiOrigin } = await startApi());
  });
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await api.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** A shell host trusting `trustedProxies`; the xff and proto the api got for a call with `headers`. */
  async function through(trustedProxies, headers) {
    const { base, stop } = await startHost({ root, shell: true, apiOrigin, trustedProxies });
    stops.push(stop);
    const answer = await request(`${base}/eshop/get/card`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: '{}',
    });
    const { data } = JSON.parse(answer.text);
    return { xff: data.xff, proto: data.forwardedProto };
  }

  it("drops an untrusted client's X-Forwarded-For (and X-Forwarded-Proto): the api gets the socket's address", async () => {
    // The test client (127.0.0.1) is not a proxy this host trusts.
    const spoofed = { 'x-forwarded-for': '192.0.2.66, 10.0.0.1', 'x-forwarded-proto': 'https' };
    expect(await through(['10.20.0.0/16'], spoofed)).toEqual({ xff: '127.0.0.1', proto: 'http' });
  });

  it('takes the client address through trusted hops only, never further left', async () => {
    // From a trusted balancer (loopback here) that itself came through another trusted one (10.20.x).
    const chain = { 'x-forwarded-for': '192.0.2.66, 203.0.113.7, 10.20.1.2', 'x-forwarded-proto': 'https' };
    expect(await through(['loopback', '10.20.0.0/16'], chain)).toEqual({ xff: '203.0.113.7', proto: 'https' });
  });

  it('reads TRUSTED_PROXIES as IPs and CIDRs, default loopback, and refuses anything else', () => {
    expect(trustedProxyList(undefined)).toEqual(['loopback']);
    expect(trustedProxyList(' ')).toEqual(['loopback']);
    expect(trustedProxyList('10.0.0.1, 10.20.0.0/16,fd00::/8 ,uniquelocal')).toEqual([
      '10.0.0.1',
      '10.20.0.0/16',
      'fd00::/8',
      'uniquelocal',
    ]);
    for (const bad of ['true', '*', 'lb.internal', '10.0.0.0/40']) {
      expect(() => trustedProxyList(bad)).toThrow(/TRUSTED_PROXIES/);
    }
  });
});

describe('site host: api down', () => {
  it('answers 502 with the system error envelope, never cached', async () => {
    const root = makeDist();
    const { base, stop } = await startHost({ root, shell: true, apiOrigin: await deadOrigin() });
    try {
      for (const answer of [
        await request(`${base}/eshop/get/card`, { method: 'POST', headers: json, body: '{}' }),
        await request(`${base}/eshop/health`),
      ]) {
        expect([502, 503]).toContain(answer.status);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(JSON.parse(answer.text)).toEqual(SYSTEM_ERROR);
      }
    } finally {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
