// @ts-check
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';

import replyFrom from '@fastify/reply-from';

import {
  MESSAGES,
  PARAM_ERROR,
  SYSTEM_ERROR,
  TOO_LARGE_MESSAGE,
  envelopeErrorHandler,
  sendEnvelope,
} from './errors.mjs';
import { isApiRequest } from './remotes-manifest.mjs';

/** Who may tell a host the client's address when TRUSTED_PROXIES is unset: a proxy on this machine only. */
export const DEFAULT_TRUSTED_PROXIES = ['loopback'];
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUSTED_PROXIES (comma-separated IP addresses and CIDRs, or loopback, linklocal, uniquelocal) as a list; unset or
 * empty: DEFAULT_TRUSTED_PROXIES. Anything else (a host name, "true", "*") stops the start with a clear message.
 * @param {string | undefined} value
 * @returns {string[]}
 */
export function trustedProxyList(value) {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const valid =
      PROXY_RANGE_NAMES.has(entry) ||
      (family !== 0 &&
        rest.length === 0 &&
        (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))));
    if (!valid) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address, a CIDR, or loopback, linklocal, uniquelocal`);
    }
  }
  return entries.length ? entries : DEFAULT_TRUSTED_PROXIES;
}

const TOO_LARGE = Symbol('body too large');
// Above the limit the body is still read (and dropped) so the 413 goes out on a connection that stays usable;
// past this much the connection is closed instead of reading on.
const DRAIN_LIMIT = 16 * 1024 * 1024;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Reads the body into a Buffer up to `limit` bytes. Fastify's own limit would answer 413 with Connection: close,
 * leaving the client's keep-alive socket broken while it is still sending.
 * @param {import('node:http').IncomingMessage} payload @param {number} limit
 * @param {(error: Error | null, body?: Buffer | typeof TOO_LARGE) => void} done
 */
function readBody(payload, limit, done) {
  if (Number(payload.headers['content-length']) > DRAIN_LIMIT) return done(tooLarge());
  /** @type {Buffer[]} */
  let chunks = [];
  let size = 0;
  /** @param {Error | null} error @param {Buffer | typeof TOO_LARGE} [body] */
  const finish = (error, body) => {
    payload.removeListener('data', onData).removeListener('end', onEnd).removeListener('error', finish);
    done(error, body);
  };
  const onData = (/** @type {Buffer} */ chunk) => {
    size += chunk.length;
    if (size > DRAIN_LIMIT) return finish(tooLarge());
    if (size > limit) chunks = [];
    else chunks.push(chunk);
  };
  const onEnd = () => finish(null, size > limit ? TOO_LARGE : Buffer.concat(chunks, size));
  payload.on('data', onData).on('end', onEnd).on('error', finish);
}

const tooLarge = () => Object.assign(new Error('request body too large'), { statusCode: 413 });

/**
 * The api behind the shell's origin: every request isApiRequest() names goes to `apiOrigin` over a keep-alive
 * pool, with the body checked against the api's own limit first.
 * @param {import('fastify').FastifyInstance} app
 * @param {{ apiOrigin: string, bodyLimit: number }} options
 */
export async function apiProxy(app, { apiOrigin, bodyLimit }) {
  await app.register(async (scope) => {
    await scope.register(replyFrom, { base: apiOrigin, destroyAgent: true, disableRequestLogging: true });
    // Bodies go to the api byte for byte, whatever their type: the api parses and validates them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => readBody(request.raw, bodyLimit, done));
    scope.setErrorHandler(envelopeErrorHandler);

    /** @type {import('fastify').RouteHandlerMethod} */
    const forward = (request, reply) => {
      if (!isApiRequest(request.method, request.url.split('?')[0] ?? '')) return reply.callNotFound();
      if (request.body === TOO_LARGE) return sendEnvelope(reply, 413, PARAM_ERROR, TOO_LARGE_MESSAGE);
      const body = /** @type {Buffer | undefined} */ (request.body);
      const type = request.headers['content-type'];
      return reply.from(undefined, {
        // A Buffer would otherwise be JSON-encoded by reply-from for application/json.
        ...(body === undefined
          ? {}
          : { body: body.length || type ? body : null, contentType: type ?? 'application/octet-stream' }),
        rewriteRequestHeaders: (req, headers) => forwarded(req, headers),
        rewriteHeaders: (headers) => {
          delete headers['x-powered-by'];
          return headers;
        },
        // One attempt: a retry of a POST could run a call twice, and a down api should answer at once.
        retryDelay: () => null,
        // reply-from has logged the cause already.
        onError: (reply, { error }) => {
          const status = /** @type {{ statusCode?: number }} */ (error).statusCode === 504 ? 504 : 502;
          sendEnvelope(reply, status, SYSTEM_ERROR, MESSAGES[SYSTEM_ERROR]);
        },
      });
    };
    scope.route({ method: METHODS, url: '/eshop', handler: forward });
    scope.route({ method: METHODS, url: '/eshop/*', handler: forward });
  });
}

/** A request id from the caller (a load balancer in front) is kept when it looks like one; else a fresh one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
/** @param {string | string[] | undefined} header */
export function requestIdOf(header) {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * The api rate-limits by the client address and trusts this host (its TRUSTED_PROXIES): X-Forwarded-For carries
 * that address alone, as this host worked it out (request.ip: the socket's, or from trusted proxies' hops only).
 * Whatever an untrusted client put in X-Forwarded-For is not passed on: it would pick the api's counter. The
 * request's id goes along (X-Request-Id), so this host's log line and the api's name the same request.
 * @param {{ headers: import('node:http').IncomingHttpHeaders, ip: string, protocol: string, id: string }} request
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
export function forwarded(request, headers) {
  return {
    ...headers,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-request-id': request.id,
    ...(request.headers.host ? { 'x-forwarded-host': request.headers.host } : {}),
  };
}
