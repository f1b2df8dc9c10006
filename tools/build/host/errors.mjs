// @ts-check
import { STATUS_CODES } from 'node:http';

// The api's envelope and English messages for the catalogue codes the host answers itself (spec section 8,
// api/src/http/errors.ts): the shell's api client shows its own translated text for these codes.
export const PARAM_ERROR = 10002;
export const SYSTEM_ERROR = 10003;
export const MESSAGES = { [PARAM_ERROR]: 'parameter error', [SYSTEM_ERROR]: 'system error' };
/** What the api answers (413, PARAM_ERROR) to a body over its limit. */
export const TOO_LARGE_MESSAGE = `${MESSAGES[PARAM_ERROR]}: body too large`;

/** @typedef {import('fastify').FastifyReply<any, any, any, any>} AnyReply */

/**
 * An error answer in the api's envelope, never cached.
 * @param {AnyReply} reply @param {number} status @param {number} code @param {string} message
 */
export function sendEnvelope(reply, status, code, message) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, message, data: null }));
}

/** @param {unknown} error */
function statusOf(error) {
  const status = /** @type {{ statusCode?: unknown }} */ (error)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * Static answers: the status and its reason phrase as text, never a stack.
 * @param {Error} error @param {import('fastify').FastifyRequest} request @param {import('fastify').FastifyReply} reply
 */
export function textErrorHandler(error, request, reply) {
  const status = statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'host error');
  return sendText(reply, status);
}

/**
 * Api proxy answers: the envelope the shell's api client understands.
 * @param {Error} error @param {import('fastify').FastifyRequest} request @param {import('fastify').FastifyReply} reply
 */
export function envelopeErrorHandler(error, request, reply) {
  const status = statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'proxy error');
  const code = status >= 500 ? SYSTEM_ERROR : PARAM_ERROR;
  return sendEnvelope(reply, status, code, status === 413 ? TOO_LARGE_MESSAGE : MESSAGES[code]);
}

/** @param {AnyReply} reply @param {number} status */
export function sendText(reply, status) {
  return reply
    .code(status)
    .header('cache-control', 'no-cache')
    .type('text/plain; charset=utf-8')
    .send(`${status} ${STATUS_CODES[status] ?? 'Error'}\n`);
}
