/**
 * @jest-environment node
 */
// The server render's api calls go over node:http: the api sees the same POST, the client reads the same answer.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { loopbackFetch } from './loopback-fetch';

let server: http.Server;
let base = '';
const seen: Array<{ method?: string; url?: string; type?: string; auth?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({
        method: request.method,
        url: request.url,
        type: request.headers['content-type'],
        auth: request.headers.authorization,
        body,
      });
      if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 1_000);
      if (request.url === '/empty') return void response.writeHead(204).end();
      response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 10000, data: { echo: JSON.parse(body || '{}'), é: 'ü' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('posts the call and hands back its answer', async () => {
  const body = JSON.stringify({ iccid: '89880000000000000001', name: 'Reise-SIM ✈' });
  const response = await loopbackFetch(`${base}/eshop/get/card`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer abc' },
    body,
  });
  expect(response.status).toBe(200);
  expect(response.ok).toBe(true);
  expect(await response.json()).toEqual({ code: 10000, data: { echo: JSON.parse(body), é: 'ü' } });
  expect(seen.at(-1)).toEqual({
    method: 'POST',
    url: '/eshop/get/card',
    type: 'application/json',
    auth: 'Bearer abc',
    body,
  });
});

it('keeps the status of an error and of an empty answer', async () => {
  const missing = await loopbackFetch(`${base}/missing`, { method: 'POST', body: '{}' });
  expect([missing.status, missing.ok]).toEqual([404, false]);
  expect(await missing.json()).toMatchObject({ code: 10000 });
  const empty = await loopbackFetch(`${base}/empty`);
  expect(empty.status).toBe(204);
  expect(await empty.text()).toBe('');
});

it('stops when its signal aborts, and fails when nothing answers', async () => {
  const controller = new AbortController();
  const slow = loopbackFetch(`${base}/slow`, { method: 'POST', body: '{}', signal: controller.signal });
  setTimeout(() => controller.abort(), 20);
  await expect(slow).rejects.toMatchObject({ name: 'AbortError' });
  await expect(loopbackFetch('http://127.0.0.1:1/eshop/get/card', { method: 'POST', body: '{}' })).rejects.toThrow();
});
