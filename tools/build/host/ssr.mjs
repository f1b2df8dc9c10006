// @ts-check
// Server-side rendering in the site host. The shell's build writes its server bundle (dist/server/render.js,
// shell/src/server/render.tsx); this host requires it and, for the routes in SSR_ROUTES, answers the shell's page
// (`page`: page.mjs shellPage) with the app's HTML in #root, its styles in the head, the api answers it was rendered
// with (#ssr-data), `<html lang dir>` of the request's language, and a script nonce for React's inline scripts. Other
// routes get that page as it is, and so does a rendered route whenever the render fails (no server bundle, the
// remote's server entry unreachable, an error or a timeout in the render), then with x-ssr-fallback: the client
// renders it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { scriptJson } from './page.mjs';
import { routeFor } from './routes.mjs';

const require = createRequire(import.meta.url);

/**
 * Route table paths rendered on the server, each with what its address must hold: /pkg only with ?iccid= (without
 * it the page shows the card stored on the device, which the server does not know). The card list renders logged
 * in with the receipt cookie, and as the login prompt without.
 * @type {Map<string, (search: URLSearchParams) => boolean>}
 */
export const SSR_ROUTES = new Map([
  ['/:flag/:iccid', () => true],
  ['/eshop/card/list', () => true],
  ['/pkg', (/** @type {URLSearchParams} */ search) => Boolean(search.get('iccid')?.trim()) && !search.has('poolId')],
]);

/** @param {string} header */
export function parseCookies(header = '') {
  /** @type {Record<string, string>} */
  const cookies = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // Not ours.
    }
  }
  return cookies;
}

/**
 * The server bundle, required once; null when there is none or it cannot be loaded (the host then never renders).
 * @param {string} root the shell's dist
 */
function loadRenderer(root) {
  const file = path.join(root, 'server', 'render.js');
  if (!fs.existsSync(file)) return null;
  try {
    const loaded = require(file);
    return typeof loaded.render === 'function' ? loaded.render : null;
  } catch (error) {
    console.error(`[host] ssr: ${file} cannot be loaded, pages are client-rendered: ${error}`);
    return null;
  }
}

/**
 * The shell's page with server rendering for SSR_ROUTES.
 * `page`: the shell's page for a request, which the render fills in (and answers as it is when it does not render).
 * @param {{ root: string, table: readonly import('./routes.mjs').RouteEntry[],
 *   remotes: () => Record<string, string>, apiOrigin: string,
 *   page: (request: any, options?: { codeAfterPaint?: { nonce: string } }) => Promise<string>, timeoutMs?: number,
 *   verifyServerCode?: (remote: string, file: string, body: Uint8Array) => boolean }} o
 */
export function ssrPage(o) {
  const off = process.env.SSR === '0';
  const render = off ? null : loadRenderer(o.root);
  if (render) console.log('[host] ssr: rendering', [...SSR_ROUTES.keys()].join(', '), 'on the server');
  /**
   * @param {import('fastify').FastifyRequest} request @param {import('fastify').FastifyReply} [reply]
   * @param {{ csp: string }} [served] what the host answers the page with: its Content-Security-Policy
   */
  return async (request, reply, served) => {
    const [pathname = '/', query = ''] = request.url.split('?');
    const search = new URLSearchParams(query);
    const route = off ? null : routeFor(o.table, pathname, search);
    const rendered = route ? SSR_ROUTES.get(route.entry.path) : undefined;
    if (!rendered || !rendered(search) || !reply || !served) return o.page(request);
    if (!render) {
      // A page rendered on the server, but the server bundle is missing or cannot be loaded: the client renders it.
      reply.header('x-ssr-fallback', '1');
      return o.page(request);
    }
    const t0 = performance.now();
    const nonce = randomBytes(16).toString('base64');
    const cookies = parseCookies(request.headers.cookie);
    try {
      const [result, document] = await Promise.all([
        render({
          url: request.url,
          cookies,
          acceptLanguage: String(request.headers['accept-language'] ?? ''),
          apiOrigin: o.apiOrigin,
          remotes: o.remotes(),
          timeoutMs: o.timeoutMs ?? 3_000,
          nonce,
          verifyServerCode: o.verifyServerCode,
        }),
        o.page(request, { codeAfterPaint: { nonce } }),
      ]);
      if (result.redirect) {
        // The page's own address is another (the card's flag, as the page would move there itself).
        reply.header('vary', 'Cookie');
        reply.header('cache-control', 'private, no-store');
        reply.redirect(result.redirect, 302);
        return null;
      }
      const root = /<div id="root">[\s\S]*?<\/div><noscript>/;
      if (!root.test(document)) throw new Error('index.html has no #root to fill');
      const html = document
        .replace(/<html\b[^>]*>/, `<html lang="${result.language}" dir="${result.dir}">`)
        .replace('</head>', `${result.styles}</head>`)
        // The seed after the page's HTML, not in the head: only the scripts read it (after the document is parsed),
        // and its kilobytes before the body would hold back the first paint on a slow link or a slow phone's parser.
        .replace(
          root,
          () =>
            `<div id="root" data-ssr="1">${result.html}</div>` +
            `<script type="application/json" id="ssr-data">${scriptJson(result.data)}</script><noscript>`,
        );
      // React's inline scripts (the reveal of a boundary) and the page's start (page.mjs codeAfterPaint) run with this
      // response's nonce; no other inline script.
      reply.header('content-security-policy', served.csp.replace(/script-src /, `script-src 'nonce-${nonce}' `));
      // The page is rendered from the request's cookies (language, currency, the login): no cache shares it, and a
      // logged-in page is kept by none (sendCompressed keeps these and adds Accept-Encoding).
      reply.header('vary', 'Cookie');
      // Rendered for a login (the api's receipt cookie, which the render reads; its seed names the login's digest).
      if (result.data?.receipt) reply.header('cache-control', 'private, no-store');
      const ms = performance.now() - t0;
      reply.header('server-timing', [
        `ssr;dur=${ms.toFixed(1)}`,
        ...Object.entries(result.timings).map(([name, at]) => `${name};dur=${Number(at).toFixed(1)}`),
      ]);
      return html;
    } catch (error) {
      console.warn(`[host] ssr of ${pathname} failed, client-rendered page: ${String(error).split('\n')[0]}`);
      reply.header('x-ssr-fallback', '1');
      return o.page(request);
    }
  };
}
