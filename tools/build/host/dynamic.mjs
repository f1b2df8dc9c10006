// @ts-check
// Documents made at request time (the remotes manifest, the partner page's settings and page, the shell's page and
// its server-rendered card pages) are compressed on the fly, with the same choice the precompressed files get
// (brotli, then gzip), at a quality made for request time: brotli's highest (the build's, 11) took about 60 ms of
// the event loop for a 37 kB card page on this machine, quality 5 about 1.5 ms for 8 % more bytes.
import fs from 'node:fs';
import zlib from 'node:zlib';
// Same rule as static.mjs: documents that name a build are revalidated on every use.
const NO_CACHE = 'no-cache';
/** Brotli quality of a document compressed per request. */
export const DYNAMIC_BROTLI_QUALITY = 5;

/**
 * @param {import('fastify').FastifyRequest} request
 * @param {import('fastify').FastifyReply} reply
 * @param {string} body
 * @param {string} contentType
 */
export function sendCompressed(request, reply, body, contentType) {
  // A page may have said more already (ssr.mjs: Vary: Cookie, and no-store when logged in).
  const vary = reply.getHeader('vary');
  reply
    .header('content-type', contentType)
    .header('cache-control', reply.getHeader('cache-control') ?? NO_CACHE)
    .header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = acceptedEncoding(request);
  if (encoding === 'br') {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY };
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(body, { params }));
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body, { level: 6 }));
  return reply.send(body);
}

/**
 * The compression a request takes: brotli, then gzip, else none.
 * @param {import('fastify').FastifyRequest} request @returns {'br' | 'gzip' | null}
 */
export function acceptedEncoding(request) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * A page whose `%NAME%` placeholders are filled from `values()` at request time (the partner example page names
 * the embed script of the mf-card deployment it is paired with).
 * @param {string} file
 * @param {() => Record<string, string>} values
 */
export function templatedPage(file, values) {
  const source = fs.readFileSync(file, 'utf8');
  const escape = (/** @type {string} */ text) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return () => {
    const map = values();
    return source.replace(/%([A-Z_]+)%/g, (match, name) => (name in map ? escape(map[name] ?? '') : match));
  };
}
