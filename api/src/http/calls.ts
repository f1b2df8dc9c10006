import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { calls, callSchemas, type CallName } from 'shared-contracts/schemas';
import { type z } from 'zod';
import { type AuthMode } from '../plugins/auth';
import { type SessionUser } from '../modules/users/repository';
import { ApiError, ERROR_CODES } from './errors';
import { clearReceiptCookie, hasReceiptCookie } from '../modules/users/receipt-cookie';

const isSessionEndCode = (code: number) => code === ERROR_CODES.TOKEN_INVALID || code === ERROR_CODES.ACCOUNT_DISABLED;
import { SUCCESS_CODE, SUCCESS_MESSAGE, successEnvelope, ErrorEnvelope } from './envelope';

export type CallBody<N extends CallName> = z.output<(typeof callSchemas)[N]['request']>;
export type CallData<N extends CallName> = z.output<(typeof callSchemas)[N]['response']>;

export interface CallContext<A extends AuthMode = AuthMode> {
  request: FastifyRequest;
  /** The reply, for a call that sets a header (login: the receipt cookie); absent when a test calls a handler. */
  reply?: FastifyReply;
  /**
   * The logged-in caller: always there for auth 'required' (registerCall answered 10013/10021 otherwise); null for
   * a visitor (auth 'optional') or a call without auth ('none').
   */
  user: A extends 'required' ? SessionUser : SessionUser | null;
}

export interface CallOptions<A extends AuthMode = AuthMode> {
  auth: A;
  /** Strict per-IP limit for the account calls that guess or mail (login, sign-up, codes, reset). */
  rateLimited?: boolean;
}

/** The caller of an 'optional' call in a case that needs a login (a pool, the caller's own list): else 10013. */
export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
  return user;
}

export interface CallRoute<N extends CallName = CallName> {
  name: N;
  options: CallOptions;
  // Method syntax on purpose: a route of one call is then usable where any call's route is expected.
  handler(body: CallBody<N>, context: CallContext): Promise<CallData<N>>;
}

/**
 * A call of the map that a later issue implements: validated and documented now, answering HTTP 501 with the
 * catalogue's generic system error (`{ code: 10003, message: 'system error', data: null }`) until then. Nothing in the
 * answer says why; the log line of the error handler has the path.
 */
export function pendingCall(name: CallName): CallRoute {
  return {
    name,
    options: { auth: 'none' },
    async handler(): Promise<never> {
      throw new ApiError(ERROR_CODES.SYSTEM_ERROR, undefined, 501);
    },
  };
}

/**
 * One call of the map: its name picks the path and the schemas from shared-contracts. With auth 'required' the
 * handler's `user` is the logged-in caller (never null), so handlers do not check it again.
 */
export function defineCall<N extends CallName, A extends AuthMode>(
  name: N,
  options: CallOptions<A>,
  handler: (body: CallBody<N>, context: CallContext<A>) => Promise<CallData<N>>,
): CallRoute<N> {
  return {
    name,
    options,
    handler(body, { request, reply, user }) {
      // registerCall's authenticator already answered 10013/10021 for a 'required' call without a caller.
      if (options.auth === 'required') requireUser(user);
      return handler(body, { request, reply, user } as CallContext<A>);
    },
  };
}

export const PREFIXES = ['/eshop', '/eshop/api'] as const;

export interface RateLimitSettings {
  max: number;
  timeWindowMs: number;
}

function tagFor(path: string): string {
  if (path.startsWith('/user/') || path.startsWith('/v1/user/')) return 'account';
  if (path.includes('/pool/')) return 'pools';
  if (path.startsWith('/pay/')) return 'payments';
  if (path.startsWith('/eid/') || path.startsWith('/esim/') || path.startsWith('/v1/esim/')) return 'esim';
  if (path.startsWith('/v1/')) return 'card list';
  return 'card page';
}

function bodyToken(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('auth_token' in body)) return undefined;
  const token = (body as { auth_token?: unknown }).auth_token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * Registers a call as POST at /eshop<path> and /eshop/api<path>, validating the body with the request schema and
 * the answer with the envelope around the response schema. The OpenAPI document lists the path the client uses.
 */
export function registerCall(app: FastifyInstance, route: CallRoute, rateLimit: RateLimitSettings): void {
  const definition: { path: string; base?: 'api' } = calls[route.name];
  const schemas = callSchemas[route.name];
  const documented = definition.base === 'api' ? '/eshop/api' : '/eshop';
  for (const prefix of PREFIXES) {
    // Typed by CallRoute above; the route itself only moves the validated body to the handler and wraps the answer.
    app.route({
      method: 'POST',
      url: `${prefix}${definition.path}`,
      schema: {
        operationId: route.name,
        tags: [tagFor(definition.path)],
        summary: route.name,
        hide: prefix !== documented,
        body: schemas.request as z.ZodType,
        response: { 200: successEnvelope(schemas.response as z.ZodType), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
        ...(route.options.auth === 'required' ? { security: [{ bearer: [] }] } : {}),
      },
      config: route.options.rateLimited
        ? {
            rateLimit: {
              max: rateLimit.max,
              timeWindow: rateLimit.timeWindowMs,
              // One counter per call and client, whichever prefix it used.
              keyGenerator: (request: FastifyRequest) => `${route.name}:${request.ip}`,
              errorResponseBuilder: () => new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429),
            },
          }
        : {},
      handler: async (request, reply) => {
        const user = await app.auth.user(request, route.options.auth, bodyToken(request.body)).catch((error) => {
          // The session ended (10013/10021): the page renders as a visitor's from now on (modules/users/receipt-cookie.ts).
          if (error instanceof ApiError && isSessionEndCode(error.code) && hasReceiptCookie(request)) {
            clearReceiptCookie(request, reply);
          }
          throw error;
        });
        const data = await route.handler(request.body as never, { request, reply, user });
        return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data };
      },
    });
  }
}
