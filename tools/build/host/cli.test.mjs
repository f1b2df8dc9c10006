// @ts-check
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { isApiRequest, remotesManifest } from './remotes-manifest.mjs';
import { decoded, makeDist, request, startCli } from './test-support.mjs';

describe('remotes manifest contract', () => {
  it('builds name -> manifest URL from the environment, with local defaults', () => {
    expect(remotesManifest({ REMOTE_MF_POOL: 'https://cdn.example/pool/mf-manifest.json' })).toEqual({
      mf_card: 'http://localhost:8081/mf-manifest.json',
      mf_pool: 'https://cdn.example/pool/mf-manifest.json',
      mf_esim: 'http://localhost:8083/mf-manifest.json',
      mf_account: 'http://localhost:8084/mf-manifest.json',
      mf_checkout: 'http://localhost:8085/mf-manifest.json',
    });
  });

  it('sends calls and api documents to the api, and other /eshop/ GETs to the SPA', () => {
    expect(isApiRequest('POST', '/eshop/get/card')).toBe(true);
    expect(isApiRequest('OPTIONS', '/eshop/api/get/card')).toBe(true);
    expect(isApiRequest('GET', '/eshop/docs/')).toBe(true);
    expect(isApiRequest('HEAD', '/eshop/openapi.json')).toBe(true);
    expect(isApiRequest('GET', '/eshop/health')).toBe(true);
    // The sandbox payment provider's hosted pay page is the api's, on the shop's origin.
    expect(isApiRequest('GET', '/eshop/pay/sandbox/0f3c2a')).toBe(true);
    // So is the alert mails' unsubscribe page (a link in a mail, opened without the app).
    expect(isApiRequest('GET', '/eshop/alerts/unsubscribe/Zx3v0Q9k2LmN4pQrStUvWx')).toBe(true);
    // And the renewal mails' page that removes a visitor's saved payment method.
    expect(isApiRequest('GET', '/eshop/pay/methods/remove/Zx3v0Q9k2LmN4pQrStUvWx0123456789')).toBe(true);
    expect(isApiRequest('GET', '/eshop/pay/order')).toBe(false);
    expect(isApiRequest('GET', '/eshop/card/list')).toBe(false);
    expect(isApiRequest('POST', '/eshopping')).toBe(false);
  });
});

describe('esim-host CLI', () => {
  /** @type {string} */ let pkg;
  beforeAll(() => {
    // A package folder: dist with the partner example built inside it, like mf-card.
    pkg = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'esim-cli-'));
    fs.renameSync(makeDist(), path.join(pkg, 'dist'));
    fs.mkdirSync(path.join(pkg, 'partner-example'));
    fs.writeFileSync(
      path.join(pkg, 'partner-example', 'index.html'),
      '<div id="esim-card"></div><script async src="%EMBED_SRC%" data-api="%API_BASE%"></script>',
    );
  });
  afterAll(() => fs.rmSync(pkg, { recursive: true, force: true }));

  it('serves a remote and its partner example on a second origin, its script tag naming this deployment', async () => {
    const host = await startCli(
      ['--dir', 'dist', '--port', '0', '--spa', '--partner-dir', 'partner-example', '--host', '127.0.0.1'],
      {
        cwd: pkg,
        env: { PARTNER_PORT: '0', SHELL_PORT: '18080', REMOTE_MF_CHECKOUT: 'http://localhost:18085/mf-manifest.json' },
        count: 2,
      },
    );
    try {
      const [sitePort, partnerPort] = host.ports;
      expect(host.output()).toContain(`[host] ${path.basename(pkg)} on http://localhost:${sitePort}`);
      const page = await request(`http://127.0.0.1:${partnerPort}/`);
      expect(page.text).toContain(
        `<script async src="http://localhost:${sitePort}/embed.js" data-api="http://localhost:18080/eshop">`,
      );
      const csp = page.headers['content-security-policy'] ?? '';
      expect(csp).toContain(`script-src 'self' http://localhost:${sitePort}`);
      expect(csp).toContain('http://localhost:18085');
      expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:18080/);
      // Without Stripe configured, no Stripe.js.
      expect(csp).not.toContain('stripe.com');

      const site = await request(`http://127.0.0.1:${sitePort}/mf-manifest.json`, {
        headers: { origin: 'http://localhost:18080' },
      });
      expect(site.headers['access-control-allow-origin']).toBe('http://localhost:18080');
      expect(site.headers['cross-origin-resource-policy']).toBe('cross-origin');
    } finally {
      expect(await host.stop()).toBe(0);
    }
  });

  it('lets Stripe.js load only when the shop takes payments with Stripe (STRIPE_PUBLISHABLE_KEY)', async () => {
    const host = await startCli(['--dir', 'dist', '--port', '0', '--spa', '--host', '127.0.0.1'], {
      cwd: pkg,
      env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_example' },
      count: 1,
    });
    try {
      const page = await request(`http://127.0.0.1:${host.ports[0]}/`);
      const csp = page.headers['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    } finally {
      expect(await host.stop()).toBe(0);
    }
  });

  it("allows no inline script on the shell's host: no hash, no 'unsafe-inline' (ssr.mjs adds a nonce per page)", async () => {
    const host = await startCli(['--dir', 'dist', '--port', '0', '--spa', '--shell', '--host', '127.0.0.1'], {
      cwd: pkg,
      env: {},
      count: 1,
    });
    try {
      const page = await request(`http://127.0.0.1:${host.ports[0]}/`);
      const scripts = /script-src ([^;]*)/.exec(page.headers['content-security-policy'] ?? '')?.[1] ?? '';
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain('sha256-');
      expect(scripts).not.toContain("'nonce-");
      expect(scripts).not.toContain('unsafe-inline');
    } finally {
      expect(await host.stop()).toBe(0);
    }
  });

  it("answers the shell's page with the remotes map and <html lang dir>, rendered on the server or not", async () => {
    // A shell build: index.html and its route table, without a server bundle.
    const shellPkg = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'esim-cli-shell-'));
    const dist = path.join(shellPkg, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>shop</title><script defer src="/main.1.js"></script></head>' +
        '<body><div id="root"></div><noscript>JavaScript</noscript></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'shell-locale-ar-json.aaaaaaaa.js'), '');
    fs.writeFileSync(
      path.join(dist, 'route-table.json'),
      JSON.stringify([
        { path: '/', owner: 'mf_card' },
        { path: '/:flag/:iccid', owner: 'mf_card' },
      ]),
    );
    const host = await startCli(['--dir', 'dist', '--port', '0', '--spa', '--shell', '--host', '127.0.0.1'], {
      cwd: shellPkg,
      env: { REMOTE_INTEGRITY: 'off', REMOTE_MF_CARD: 'http://127.0.0.1:9/mf-manifest.json' },
      count: 1,
    });
    try {
      const base = `http://127.0.0.1:${host.ports[0]}`;
      const home = await request(`${base}/?lan=ar`);
      expect(home.headers['x-ssr-fallback']).toBeUndefined();
      const html = decoded(home);
      expect(html).toContain('<html lang="ar" dir="rtl">');
      expect(html).toContain('<script type="application/json" id="remotes-map">');
      expect(html).toContain('<link rel="preload" href="/shell-locale-ar-json.aaaaaaaa.js" as="script">');
      expect(html).toContain('<script defer src="/main.1.js"></script>');
      // A route rendered on the server, but no server bundle: the same page, for the client to render.
      const card = await request(`${base}/2/8988`);
      expect(card.headers['x-ssr-fallback']).toBe('1');
      expect(decoded(card)).toContain('id="remotes-map"');
    } finally {
      expect(await host.stop()).toBe(0);
      fs.rmSync(shellPkg, { recursive: true, force: true });
    }
  });

  it('stops with a clear message when the folder is missing', () => {
    const bin = path.join(__dirname, '..', 'bin', 'host.mjs');
    const run = spawnSync(process.execPath, [bin, '--dir', 'no-such-dist', '--port', '0'], {
      cwd: pkg,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no-such-dist does not exist: build first');
  });
});
