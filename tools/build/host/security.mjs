// @ts-check

/** @typedef {Record<string, string[]>} CspSources directive -> extra sources, added to the defaults */

/** @param {string} url */
export function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of every page: scripts only from this origin and the remotes' origins, never
 * 'unsafe-eval' or inline scripts; no wildcard source anywhere (every origin a page may use is named: the remotes',
 * and through `extra` the api's, Stripe's when it takes payments, IMAGE_ORIGINS).
 * @param {{ remoteOrigins: string[], extra?: CspSources }} options
 */
export function contentSecurityPolicy({ remoteOrigins, extra = {} }) {
  const self = ["'self'", ...remoteOrigins];
  /** @type {CspSources} */
  const directives = {
    'default-src': ["'self'"],
    // The federation runtime loads remoteEntry.js and chunks from each remote's origin with script tags.
    'script-src': self,
    // styled-components injects <style> tags at run time. A nonce would need a per-request index.html and that
    // nonce handed to the styled-components of every remote (and of the partner embed), so inline styles are
    // allowed; inline scripts are not.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Banner and country images come from the api's data as data: URLs, paths of the site or addresses on the image
    // hosts the operator names (IMAGE_ORIGINS, through `extra`); remote bundles may carry their own images and fonts.
    'img-src': [...self, 'data:', 'blob:'],
    'font-src': [...self, 'data:'],
    // The federation runtime fetches each remote's mf-manifest.json; the partner embed fetches the api.
    'connect-src': self,
    // The shell's service worker (/sw.js) and web app manifest come from its own origin only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    // No page has a <base>: none may be injected to move the page's relative script addresses elsewhere.
    'base-uri': ["'none'"],
    // Every form of the site is sent by script to its own origin; the payment providers' pages (Stripe Checkout,
    // PayPal) and third-party login are reached by navigation, which form-action does not govern.
    'form-action': ["'self'"],
    // Partners embed the card remote with a script, never a page of ours in a frame.
    'frame-ancestors': ["'none'"],
  };
  for (const [name, sources] of Object.entries(extra)) directives[name] = [...(directives[name] ?? []), ...sources];
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/**
 * Stripe.js (loaded by the checkout sheet only when Stripe takes the payment, for its device fingerprint) and its
 * frames, as Stripe documents them for a Content-Security-Policy.
 * @type {CspSources}
 */
export const STRIPE_JS_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/**
 * IMAGE_ORIGINS: the hosts of the banner and flag images the api's data names by https address (comma-separated
 * origins), added to img-src. Anything but an http(s) origin stops the host with a clear message.
 * @param {string | undefined} value @returns {CspSources}
 */
export function imageCspSources(value) {
  const origins = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const origin = originOf(item);
      if (!origin || !/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin) || origin !== item.replace(/\/$/, '')) {
        throw new Error(`IMAGE_ORIGINS: "${item}" is not an origin (https://images.example.com)`);
      }
      return origin;
    });
  return origins.length > 0 ? { 'img-src': origins } : {};
}

/** @param {CspSources[]} parts */
export function mergeCspSources(...parts) {
  /** @type {CspSources} */
  const merged = {};
  for (const part of parts) {
    for (const [name, sources] of Object.entries(part)) merged[name] = [...(merged[name] ?? []), ...sources];
  }
  return merged;
}

/** Two years, subdomains included: the value hstspreload.org asks for. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** NODE_ENV values that are not production; anything else (unset, 'prod', 'staging', a typo) is, as in the api. */
const NOT_PRODUCTION = new Set(['development', 'test']);

/**
 * Whether a host runs as production: every NODE_ENV but development and test, unset included. A deploy that forgets
 * it, or spells it its own way, gets the strict host (pinned remotes, HSTS), never the development one.
 * @param {NodeJS.ProcessEnv} env
 */
export const isProduction = (env = process.env) => !NOT_PRODUCTION.has((env.NODE_ENV ?? '').trim());

/**
 * Whether a host sends Strict-Transport-Security: in production (behind https), or when asked (--hsts). Never by
 * default elsewhere: on http://localhost it would pin the browser to https for every local site.
 * @param {boolean | undefined} asked @param {NodeJS.ProcessEnv} env
 */
export const hstsWanted = (asked, env = process.env) => Boolean(asked) || isProduction(env);

/**
 * Security headers on every answer. A header already set (the api's own, passed back by the proxy) is kept.
 * @param {import('fastify').FastifyInstance} app
 * @param {{ csp: string, crossOriginResourcePolicy: 'same-origin' | 'cross-origin', hsts: boolean }} options
 */
export function securityHeaders(app, { csp, crossOriginResourcePolicy, hsts }) {
  /** @type {Record<string, string>} */
  const headers = {
    'content-security-policy': csp,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    // The header older browsers read instead of frame-ancestors.
    'x-frame-options': 'DENY',
    // Remote hosts: the shell and partner pages on other origins load these chunks with plain script tags.
    'cross-origin-resource-policy': crossOriginResourcePolicy,
    // Keeps window.opener for payment or login pop-ups while cutting other cross-origin windows off.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'x-permitted-cross-domain-policies': 'none',
    // Production only (hstsWanted): on http://localhost it would pin the browser to https for every localhost site.
    ...(hsts ? { 'strict-transport-security': HSTS } : {}),
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
    reply.removeHeader('x-powered-by');
    return payload;
  });
}

const CORS_METHODS = 'GET, HEAD, OPTIONS';
/**
 * Scripts: public code any page may run with a plain script tag. The shell loads a remote's with
 * crossorigin="anonymous" (no credentials) to check their integrity, so they are answered for any origin: a
 * per-origin answer would need Vary: Origin, and a cached copy stored without an Origin (the shell's service worker
 * keeps its offline copies so) would then never match the page's request.
 */
const PUBLIC_SCRIPT = /\.m?js$/;

/**
 * CORS for the static files: the shell and partner pages fetch mf-manifest.json across origins, and the shell loads
 * a remote's scripts with crossorigin="anonymous" (their integrity is checked, which needs a CORS answer). Requests
 * that `skip` (the api proxy) get nothing here: the api answers CORS itself.
 * @param {import('fastify').FastifyInstance} app
 * @param {{ allowedOrigins: string[], skip: (request: import('fastify').FastifyRequest) => boolean }} options
 */
export function cors(app, { allowedOrigins, skip }) {
  const any = allowedOrigins.includes('*');
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (skip(request)) return;
    const origin = request.headers.origin;
    if (any || PUBLIC_SCRIPT.test(request.url.split('?')[0] ?? '')) reply.header('access-control-allow-origin', '*');
    else {
      reply.header('vary', 'Origin');
      if (origin && allowed.has(origin)) reply.header('access-control-allow-origin', origin);
    }
    if (request.method !== 'OPTIONS') return;
    reply.header('allow', CORS_METHODS).header('access-control-allow-methods', CORS_METHODS);
    const asked = request.headers['access-control-request-headers'];
    if (asked && reply.hasHeader('access-control-allow-origin')) reply.header('access-control-allow-headers', asked);
    return reply.header('access-control-max-age', '600').code(204).send();
  });
}
