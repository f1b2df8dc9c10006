import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { origins, ports } from '../support/ports';
import { root } from '../support/servers';
import { expect, test } from '../support/test';

// The site host in front of everything (http://localhost:SHELL_PORT): compression, the api proxy's errors and a
// keep-alive connection that survives them, security headers.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  socket: unknown;
}

function send(agent: http.Agent, url: string, init: { method?: string; headers?: object; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, { agent, method: init.method ?? 'GET', headers: { ...init.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          socket: request.socket,
        }),
      );
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

test('every .js, .json and .html answer of the site is compressed when the browser asks', async ({ page }) => {
  const agent = new http.Agent({ keepAlive: true });
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (/\.(js|json)$/.test(new URL(response.url()).pathname)) scripts.push(response.url());
  });
  await page.goto('/2/89880000000000000001');
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();
  const urls = [
    `${origins.shell}/`,
    `${origins.shell}/2/89880000000000000001`,
    `${origins.shell}/remotes.json`,
    ...scripts,
  ];
  expect(scripts.length).toBeGreaterThan(5);
  for (const url of urls) {
    const br = await send(agent, url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status, url).toBe(200);
    expect(br.headers['content-encoding'], url).toBe('br');
    const gzip = await send(agent, url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding'], url).toBe('gzip');
  }
  agent.destroy();
});

test('a 2 MB body answers 413 with the envelope and the same connection keeps working', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const big = JSON.stringify({ iccid: '89880000000000000001', pad: 'x'.repeat(2 * 1024 * 1024) });
  const tooLarge = await send(agent, `${origins.shell}/eshop/get/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) },
    body: big,
  });
  expect(tooLarge.status).toBe(413);
  expect(JSON.parse(tooLarge.body.toString())).toMatchObject({ code: 10002, data: null });
  const next = await send(agent, `${origins.shell}/eshop/check/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flag: '2', iccid: '89880000000000000001' }),
  });
  expect(next.status).toBe(200);
  expect(JSON.parse(next.body.toString())).toMatchObject({ code: 10000 });
  expect(next.socket).toBe(tooLarge.socket);
  agent.destroy();
});

test('security headers: a CSP without unsafe-eval or inline scripts, no framing of the shop', async ({ request }) => {
  const answer = await request.get('/2/89880000000000000001');
  const csp = answer.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['referrer-policy']).toBeTruthy();
  // A remote's files may be loaded by the shop and by partners on other origins.
  const manifest = await request.get(`${origins.mf_card}/mf-manifest.json`, { headers: { origin: origins.partner } });
  expect(manifest.headers()['access-control-allow-origin']).toBe(origins.partner);
  const refused = await request.get(`${origins.mf_card}/mf-manifest.json`, {
    headers: { origin: 'https://evil.example' },
  });
  expect(refused.headers()['access-control-allow-origin']).toBeUndefined();
});

test('with the api down, calls answer 502/503 with the envelope and pages still load', async () => {
  const port = ports.shell + 7;
  const host: ChildProcess = spawn(
    process.execPath,
    [
      path.join(root, 'tools', 'build', 'bin', 'host.mjs'),
      '--dir',
      path.join(root, 'shell', 'dist'),
      '--spa',
      '--shell',
      '--port',
      String(port),
    ],
    {
      env: {
        ...process.env,
        // A development host (unset, NODE_ENV is production, which wants the deploy's REMOTES_LOCK_FILE).
        NODE_ENV: 'development',
        API_ORIGIN: 'http://127.0.0.1:9',
        // The suite's remotes, whose files this host pins at start (remote integrity).
        ...Object.fromEntries(
          (['mf_card', 'mf_pool', 'mf_esim', 'mf_account', 'mf_checkout'] as const).map((name) => [
            `REMOTE_${name.toUpperCase()}`,
            `${origins[name]}/mf-manifest.json`,
          ]),
        ),
      },
      stdio: 'ignore',
    },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://localhost:${port}`;
    await expect
      .poll(async () => (await send(agent, `${base}/remotes.json`).catch(() => ({ status: 0 }))).status)
      .toBe(200);
    const down = await send(agent, `${base}/eshop/get/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ flag: '2', iccid: '89880000000000000001', lang: 'en' }),
    });
    expect([502, 503]).toContain(down.status);
    expect(JSON.parse(down.body.toString())).toEqual({ code: 10003, message: expect.any(String), data: null });
    expect(down.body.toString()).not.toMatch(/ECONNREFUSED|at .*\.m?js/);
    const pageAnswer = await send(agent, `${base}/2/89880000000000000001`);
    expect(pageAnswer.status).toBe(200);
  } finally {
    agent.destroy();
    host.kill('SIGTERM');
  }
});
