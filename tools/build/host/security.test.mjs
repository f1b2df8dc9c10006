// @ts-check
import fs from 'node:fs';

import { contentSecurityPolicy, HSTS, hstsWanted, imageCspSources, STRIPE_JS_SOURCES } from './security.mjs';
import { makeDist, request, startHost } from './test-support.mjs';

const REMOTES = {
  mf_card: 'http://localhost:18081/mf-manifest.json',
  mf_checkout: 'https://checkout.cdn.example/v42/mf-manifest.json',
};
const SHELL = 'http://localhost:18080';
const PARTNER = 'http://localhost:18090';

/** @param {string} header */
function directives(header) {
  return Object.fromEntries(
    header.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('site host: security headers', () => {
  /** @type {string} */ let root;
  /** @type {{ base: string, stop: () => Promise<unknown> }} */ let shell;
  /** @type {{ base: string, stop: () => Promise<unknown> }} */ let remote;

  beforeAll(async () => {
    root = makeDist();
    shell = await startHost({ root, spa: true, shell: true, remotes: REMOTES, apiOrigin: 'http://127.0.0.1:9' });
    remote = await startHost({ root, spa: true, remotes: REMOTES, allowedOrigins: [SHELL, PARTNER] });
  });
  afterAll(async () => {
    await Promise.all([shell.stop(), remote.stop()]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends a CSP without eval or inline scripts, naming the remotes, and no framing of the shell', async () => {
    for (const url of ['/', '/2/8986', '/main.0123abcd.js', '/missing.js']) {
      const answer = await request(shell.base + url);
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).not.toContain('unsafe-eval');
      const policy = directives(csp);
      expect(policy['script-src']).toEqual(["'self'", 'http://localhost:18081', 'https://checkout.cdn.example']);
      expect(policy['connect-src']).toEqual(
        expect.arrayContaining(['http://localhost:18081', 'https://checkout.cdn.example']),
      );
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'http://localhost:18081']));
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      // No wildcard source: every origin a page may use is named.
      for (const [name, sources] of Object.entries(policy)) {
        for (const source of sources)
          expect([name, source]).not.toEqual([name, expect.stringMatching(/^(https?:|\*)$/)]);
      }
      // The shell's service worker and web app manifest, from its own origin only.
      expect(policy['worker-src']).toEqual(["'self'"]);
      expect(policy['manifest-src']).toEqual(["'self'"]);
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('lets other origins load a remote host’s chunks (CORP cross-origin)', async () => {
    const answer = await request(`${remote.base}/remoteEntry.js`);
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers CORS for the scripts the shell loads with crossorigin="anonymous" (their integrity is checked)', async () => {
    for (const file of ['/remoteEntry.js', '/12.89abcdef.js']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const answer = await request(remote.base + file, { headers: { origin: SHELL, 'accept-encoding': encoding } });
        expect([file, encoding, answer.status]).toEqual([file, encoding, 200]);
        // Public code, for any origin, without credentials: no Vary: Origin (the service worker's offline copies are
        // stored without an Origin and must match the page's cors request).
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.headers.vary ?? '').not.toMatch(/Origin/);
      }
    }
  });

  it('answers CORS for allowed origins only, varying on Origin', async () => {
    const allowed = await request(`${remote.base}/mf-manifest.json`, { headers: { origin: PARTNER } });
    expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(allowed.headers.vary).toMatch(/Origin/);
    const refused = await request(`${remote.base}/mf-manifest.json`, { headers: { origin: 'http://evil.example' } });
    expect(refused.status).toBe(200);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers.vary).toMatch(/Origin/);

    const preflight = await request(`${remote.base}/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { origin: SHELL, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SHELL);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });

  it("answers any origin with '*' when allowed origins say so", async () => {
    const open = await startHost({ root, allowedOrigins: ['*'] });
    try {
      const answer = await request(`${open.base}/mf-manifest.json`, { headers: { origin: 'http://any.example' } });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await open.stop();
    }
  });

  it('sends HSTS (two years, subdomains) in production (NODE_ENV unset included) or when asked, never in development', async () => {
    expect(hstsWanted(false, { NODE_ENV: 'production' })).toBe(true);
    expect(hstsWanted(true, { NODE_ENV: 'development' })).toBe(true);
    expect(hstsWanted(false, { NODE_ENV: 'development' })).toBe(false);
    expect(hstsWanted(false, { NODE_ENV: 'test' })).toBe(false);
    expect(hstsWanted(undefined, {})).toBe(true);
    expect(hstsWanted(undefined, { NODE_ENV: 'staging' })).toBe(true);
    const secure = await startHost({ root, spa: true, hsts: true });
    try {
      expect((await request(`${secure.base}/`)).headers['strict-transport-security']).toBe(
        'max-age=63072000; includeSubDomains',
      );
      expect(HSTS).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await secure.stop();
    }
  });

  it('names image hosts only as the operator lists them (IMAGE_ORIGINS), and Stripe only by its own origins', () => {
    expect(imageCspSources(undefined)).toEqual({});
    expect(imageCspSources(' https://img.example.com, https://cdn.example.org/ ')).toEqual({
      'img-src': ['https://img.example.com', 'https://cdn.example.org'],
    });
    for (const wrong of [
      'https:',
      '*',
      'https://*.example.com',
      'https://img.example.com/banners',
      'ftp://x.example',
    ]) {
      expect(() => imageCspSources(wrong)).toThrow('IMAGE_ORIGINS');
    }
    const policy = directives(
      contentSecurityPolicy({
        remoteOrigins: [],
        extra: { ...STRIPE_JS_SOURCES, ...imageCspSources('https://i.example') },
      }),
    );
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://i.example']);
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it('adds CSP sources per directive and HSTS only when asked', () => {
    const policy = directives(
      contentSecurityPolicy({
        remoteOrigins: ['http://localhost:8081'],
        extra: { 'connect-src': ['http://localhost:8080'] },
      }),
    );
    expect(policy['connect-src']).toEqual(["'self'", 'http://localhost:8081', 'http://localhost:8080']);
    expect(policy['script-src']).toEqual(["'self'", 'http://localhost:8081']);
  });
});
