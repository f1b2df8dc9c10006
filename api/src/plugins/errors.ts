import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError, ERROR_CODES, messageFor } from '../http/errors';
import { errorBody } from '../http/envelope';

interface Mapped {
  status: number;
  code: number;
  message: string;
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return messageFor(ERROR_CODES.PARAM_ERROR);
  const where = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return where ? `${messageFor(ERROR_CODES.PARAM_ERROR)}: ${where}` : messageFor(ERROR_CODES.PARAM_ERROR);
}

/**
 * HTTP status policy (the envelope's code is what clients act on):
 * - domain errors (ApiError): 200 with the catalogue code, like every answer of this API;
 * - malformed JSON 400/10001; schema violations 400/10002; body too large 413/10002; wrong content type 415/10002;
 * - unknown route 404/10002; rate limited 429/10007; anything unexpected 500/10003 'system error'.
 * Never a stack, never internals, never HTML.
 */
/**
 * The database cannot be reached right now (restarting, failing over, refusing connections): not a fault of the
 * request, and over in seconds. PostgreSQL's shutdown and connection SQLSTATEs, and the driver's socket errors.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
export function databaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET.has(code))) return true;
  return error instanceof Error && /^Connection terminated/.test(error.message);
}

function mapError(error: FastifyError | Error): Mapped {
  if (error instanceof ApiError) return { status: error.httpStatus, code: error.code, message: error.message };
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error) || fastifyError.validation) {
    return { status: 400, code: ERROR_CODES.PARAM_ERROR, message: describeValidation(fastifyError) };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, code: ERROR_CODES.SYSTEM_ERROR, message: messageFor(ERROR_CODES.SYSTEM_ERROR) };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: ERROR_CODES.PARSE_ERROR, message: messageFor(ERROR_CODES.PARSE_ERROR) };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: ERROR_CODES.PARAM_ERROR,
        message: `${messageFor(ERROR_CODES.PARAM_ERROR)}: body too large`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: ERROR_CODES.PARAM_ERROR,
        message: `${messageFor(ERROR_CODES.PARAM_ERROR)}: send application/json`,
      };
    default:
      break;
  }
  // secure-json-parse throws a SyntaxError (prototype poisoning is reported the same way) with statusCode 400.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, code: ERROR_CODES.PARSE_ERROR, message: messageFor(ERROR_CODES.PARSE_ERROR) };
  }
  if (databaseUnavailable(error)) {
    // The caller may try again in a moment (Retry-After is set by the handler below).
    return {
      status: 503,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
      message: `${messageFor(ERROR_CODES.TOO_MANY_REQUESTS)} (try again shortly)`,
    };
  }
  if (fastifyError.code === 'FST_UNDER_PRESSURE') {
    // Load shedding (plugins/observability): the caller should come back shortly (Retry-After is already set).
    return {
      status: 503,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
      message: `${messageFor(ERROR_CODES.TOO_MANY_REQUESTS)} (overloaded)`,
    };
  }
  if (fastifyError.statusCode === 429) {
    return { status: 429, code: ERROR_CODES.TOO_MANY_REQUESTS, message: messageFor(ERROR_CODES.TOO_MANY_REQUESTS) };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: ERROR_CODES.PARAM_ERROR, message: messageFor(ERROR_CODES.PARAM_ERROR) };
  }
  return { status: 500, code: ERROR_CODES.SYSTEM_ERROR, message: messageFor(ERROR_CODES.SYSTEM_ERROR) };
}

function sendEnvelope(reply: FastifyReply, mapped: Mapped) {
  // A string payload skips the route's response serializer: the envelope of a failure is not the success schema.
  return reply.code(mapped.status).type('application/json; charset=utf-8').send(errorBody(mapped.code, mapped.message));
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(error);
    // The metrics count answers by catalogue code (absent where the errors plugin runs without them).
    (request.server as Partial<FastifyInstance>).metrics?.noteCode(request, mapped.code);
    if (error instanceof ApiError && mapped.status === 501) {
      // A call of a later issue (pendingCall): expected, and the client sees only the generic system error.
      request.log.warn({ url: request.url }, 'call not implemented yet');
    } else if (mapped.status === 503) {
      request.log.warn({ err: error, url: request.url }, 'unavailable for now');
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '1');
    } else if (mapped.status >= 500) {
      request.log.error({ err: error, url: request.url }, 'unexpected error');
    } else if (!(error instanceof ApiError)) {
      request.log.info({ code: mapped.code, reason: error.message }, 'request rejected');
    }
    return sendEnvelope(reply, mapped);
  });

  app.setNotFoundHandler((request, reply) =>
    sendEnvelope(reply, {
      status: 404,
      code: ERROR_CODES.PARAM_ERROR,
      message: `not found: ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`,
    }),
  );

  // An empty body with Content-Type: application/json means "no parameters" (calls without payload), not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  // Every call is JSON: other bodies (text/plain included) are refused with 415 before any handler runs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    defaultJson(request, text, done);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
