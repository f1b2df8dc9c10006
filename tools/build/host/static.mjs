// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';

import { sendText } from './errors.mjs';

// Documents that name the current build: a browser must revalidate them, or it keeps loading old chunks. The
// service worker (sw.js, which holds the precache list) and the web app manifest too, whatever their names hold, and
// a remote's mf-integrity.json (its files' hashes, which the shell host pins at deploy).
const BUILD_DOCUMENTS =
  /(^|\/)([^/]*\.html|mf-manifest\.json|mf-stats\.json|mf-integrity\.json|remoteEntry\.js|remotes(\.lock)?\.json|embed\.js|sw\.js|[^/]*\.webmanifest)$/;
const HASHED = /\.[0-9a-f]{8,}\.\w+$/;
// Build statistics are for the size report, not for browsers; compressed siblings are only served through
// Accept-Encoding (by their own name they would go out with the wrong type).
const HIDDEN = /(^|\/)\.stats(\/|$)|\.(br|gz)$/;

/** The server build's folder (dist/server: code that runs in a host process, not in a browser). */
const SERVER_CODE = /^\/server(\/|$)/;

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** @param {string} pathname a URL path */
export function cacheControlFor(pathname) {
  if (pathname.endsWith('/') || BUILD_DOCUMENTS.test(pathname)) return NO_CACHE;
  return HASHED.test(pathname) ? IMMUTABLE : NO_CACHE;
}

/** @param {string} pathname */
export const isHidden = (pathname) => HIDDEN.test(pathname);

/** A page route of the single-page app: no extension in the last segment (a missing chunk stays a 404). */
const isPageRoute = (/** @type {string} */ pathname) =>
  !isHidden(pathname) && !pathname.split('/').pop()?.includes('.');

/** A page route's address in plain characters, in its one spelling (no "..", "//", escapes or backslashes). */
const PLAIN_PAGE_PATH = /^(\/[A-Za-z0-9_~-]+)+$/;

/**
 * Files of `root`, precompressed .br/.gz chosen by Accept-Encoding, cache rules by file kind, and (spa) index.html
 * for page routes without a file.
 * @param {import('fastify').FastifyInstance} app
 * `serverCode`: the folder of the server build (server/) is served (a remote's, which the site host loads and checks
 * against its pins) or not (the shell's own, which only its host runs: a 404, also as a page route).
 * `notHere`: requests another part of the host answers (the api proxy's), never a page.
 * @param {{ root: string, spa: boolean, page?: (request: import('fastify').FastifyRequest,
 *   reply: import('fastify').FastifyReply) => unknown, serverCode?: boolean,
 *   notHere?: (request: import('fastify').FastifyRequest) => boolean }} options
 */
export async function staticSite(app, { root, spa, page, serverCode = true, notHere = () => false }) {
  const hidden = (/** @type {string} */ pathname) => isHidden(pathname) || (!serverCode && SERVER_CODE.test(pathname));
  /** A request the page (or index.html) answers when no file does. */
  const pageRequest = (/** @type {import('fastify').FastifyRequest} */ request, /** @type {string} */ pathname) =>
    spa && (request.method === 'GET' || request.method === 'HEAD') && isPageRoute(pathname) && !hidden(pathname);
  if (spa && page) {
    // A page route in plain characters with no file or folder of that name gets its page at once. Through
    // @fastify/static it would first be looked for as a file, which reads root's whole listing to check the spelling
    // (hundreds of locale chunks: about a tenth of the host's time per rendered page) before giving up. Anything
    // else (a file, a folder, an odd spelling) goes the way below.
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!PLAIN_PAGE_PATH.test(pathname) || !pageRequest(request, pathname) || notHere(request)) return;
      if (fs.existsSync(path.join(root, pathname))) return;
      await page(request, reply);
      return reply;
    });
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    // Cache-Control comes from cacheControlFor; send's default would be max-age=0.
    cacheControl: false,
    dotfiles: 'ignore',
    allowedPath: (pathname) => !hidden(pathname),
    setHeaders(reply, filePath) {
      const urlPath = `/${path.relative(root, filePath).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
      reply.header('cache-control', cacheControlFor(urlPath));
    },
  });

  const index = path.join(root, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // reply.sendFile also picks index.html.br / .gz by Accept-Encoding (@fastify/static preCompressed).
    if (pageRequest(request, pathname)) {
      if (page) return page(request, reply);
      if (fs.existsSync(index)) return reply.code(200).sendFile('/index.html');
    }
    return sendText(reply, 404);
  });
}
