import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import Fastify from 'fastify';
import { sendCompressed, templatedPage } from './dynamic.mjs';

async function appWith(handler) {
  const app = Fastify();
  app.get('/doc', handler);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  // Raw bytes and headers (fetch would decode the body itself).
  app.get$ = (headers = {}) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/doc', headers }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, rawPayload: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  return app;
}

describe('documents made at request time', () => {
  it('are brotli or gzip encoded when the browser asks, and plain otherwise', async () => {
    const body = JSON.stringify({ mf_card: 'http://localhost:8081/mf-manifest.json' });
    const app = await appWith((request, reply) => sendCompressed(request, reply, body, 'application/json'));
    const br = await app.get$({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(body);
    const gzip = await app.get$({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(body);
    const plain = await app.get$();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.toString()).toBe(body);
    await app.close();
  });

  it('fill %NAME% placeholders of a page, escaped, and leave unknown ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-page-'));
    const file = path.join(dir, 'index.html');
    fs.writeFileSync(file, '<script src="%EMBED_SRC%" data-api="%API_BASE%" data-x="%OTHER%"></script>');
    const page = templatedPage(file, () => ({ EMBED_SRC: 'http://cards.example/embed.js', API_BASE: '"><b>' }));
    expect(page()).toBe(
      '<script src="http://cards.example/embed.js" data-api="&#34;&#62;&#60;b&#62;" data-x="%OTHER%"></script>',
    );
  });
});
