// @ts-check
import Fastify from 'fastify';

import { textErrorHandler, sendText } from './errors.mjs';
import { apiProxy, DEFAULT_TRUSTED_PROXIES, requestIdOf } from './proxy.mjs';
import { isApiRequest } from './remotes-manifest.mjs';
import { contentSecurityPolicy, cors, originOf, securityHeaders } from './security.mjs';
import { sendCompressed } from './dynamic.mjs';
import { staticSite } from './static.mjs';

export { remotesManifest, isApiRequest, REMOTES } from './remotes-manifest.mjs';
export { trustedProxyList, DEFAULT_TRUSTED_PROXIES } from './proxy.mjs';

/** The api's own limit (api/src/app.ts DEFAULT_BODY_LIMIT). */
export const DEFAULT_API_BODY_LIMIT = 64 * 1024;
const STATIC_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * @typedef {object} SiteHostOptions
 * @property {string} root                   absolute path of the built folder (dist)
 * @property {boolean} [spa]                 page routes without a file get index.html
 * @property {boolean} [shell]               the shell's host: api proxy, /remotes.json, same-origin resources
 * @property {string} [apiOrigin]            where the proxy sends api requests (shell)
 * @property {Record<string, string>} [remotes]  federation name -> mf-manifest.json URL; its origins enter the CSP
 * @property {number} [apiBodyLimit]         largest request body the proxy forwards, in bytes
 * @property {string[]} [allowedOrigins]     CORS origins for the static files ('*' for any)
 * @property {(request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply, served: { csp: string })
 *   => string | null | Promise<string | null>} [page]  the page for / and page routes, made at request time (templatedPage; for the
 *   shell ssrPage over page.mjs shellPage), told the Content-Security-Policy it is answered with
 * @property {Record<string, () => unknown>} [extraJson]  path -> document built at request time (may be a promise),
 *   besides /remotes.json (or instead of it: the shell's pinned map, remotes-manifest.mjs pinnedDocuments)
 * @property {Record<string, string[]>} [csp]  extra sources per CSP directive, e.g. { 'connect-src': [apiOrigin] }
 * @property {boolean} [hsts]                send Strict-Transport-Security (only behind https)
 * @property {string[]} [trustedProxies]    who may tell this host the client's address (X-Forwarded-For): IPs,
 *   CIDRs, or loopback/linklocal/uniquelocal; default ['loopback'] (see trustedProxyList)
 * @property {import('fastify').FastifyServerOptions['logger']} [logger]
 */

/**
 * One origin of the site as a Fastify instance (not listening): static files, and for the shell the api proxy
 * and the remotes manifest.
 * @param {SiteHostOptions} options
 */
export async function createSiteHost(options) {
  const { root, spa = false, shell = false, remotes = {}, allowedOrigins = [], extraJson = {} } = options;
  // The client's address is the socket's, unless the socket is a trusted proxy (a load balancer in front): then the
  // last address in X-Forwarded-For that no trusted proxy added. The api proxy forwards only that address.
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustedProxies ?? DEFAULT_TRUSTED_PROXIES,
    // One id per request, passed on to the api (proxy.mjs) and logged by both.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
  });
  const proxied = (/** @type {import('fastify').FastifyRequest} */ request) =>
    shell && isApiRequest(request.method, request.url.split('?')[0] ?? '');

  const remoteOrigins = Object.values(remotes).flatMap((url) => originOf(url) ?? []);
  const csp = contentSecurityPolicy({ remoteOrigins, extra: options.csp });
  securityHeaders(app, {
    csp,
    crossOriginResourcePolicy: shell ? 'same-origin' : 'cross-origin',
    hsts: options.hsts ?? false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (STATIC_METHODS.has(request.method) || proxied(request)) return;
    return sendText(reply.header('allow', 'GET, HEAD, OPTIONS'), 405);
  });
  cors(app, { allowedOrigins, skip: proxied });
  app.setErrorHandler(textErrorHandler);

  const documents = { ...(shell ? { '/remotes.json': () => remotes } : {}), ...extraJson };
  for (const [url, build] of Object.entries(documents)) {
    app.get(url, async (request, reply) =>
      sendCompressed(request, reply, JSON.stringify(await build()), 'application/json; charset=utf-8'),
    );
  }
  const page = options.page;
  /** The page, filled in at request time; null: the page answered already (a redirect of the server render). */
  const sendPage = page
    ? async (
        /** @type {import('fastify').FastifyRequest} */ request,
        /** @type {import('fastify').FastifyReply} */ reply,
      ) => {
        const html = await page(request, reply, { csp });
        return html === null ? reply : sendCompressed(request, reply, html, 'text/html; charset=utf-8');
      }
    : undefined;
  // A page filled in at request time answers / and every page route instead of index.html.
  if (sendPage) app.get('/', sendPage);
  // The shell's server bundle runs in this host only: never served.
  await staticSite(app, { root, spa, page: sendPage, serverCode: !shell, notHere: proxied });
  if (shell) {
    await apiProxy(app, {
      apiOrigin: options.apiOrigin ?? 'http://127.0.0.1:3000',
      bodyLimit: options.apiBodyLimit ?? DEFAULT_API_BODY_LIMIT,
    });
  }
  return app;
}
