import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './http/serializer';
import { API_ROOT, DEFAULT_MAIL_FROM } from './config';
import { type Db } from './db/index';
import { CALL_NAMES, type CallName } from 'shared-contracts/schemas';
import { pendingCall, registerCall, type CallRoute, type RateLimitSettings } from './http/calls';
import { createMailer, type Mailer } from './mail';
import { cardCalls } from './modules/cards/routes';
import { catalogueCalls } from './modules/catalogue/routes';
import { siteCalls } from './modules/site/routes';
import { userCalls } from './modules/users/routes';
import { type Clock } from './modules/users/repository';
import { createThirdPartyLogin, type ThirdPartySettings } from './modules/users/thirdparty';
import { renewalCapCalls } from './modules/payments/cap';
import { poolCalls } from './modules/pools/routes';
import { supportCalls } from './modules/support/routes';
import { paymentHttpRoutes } from './modules/payments/http';
import payments, { type PaymentsOptions } from './modules/payments/plugin';
import connectivity, { type ConnectivityOptions } from './modules/connectivity/plugin';
import { connectivityHttpRoutes } from './modules/connectivity/http';
import { connectivityCalls } from './modules/connectivity/routes';
import { esimCalls } from './modules/esim/routes';
import { paymentCalls } from './modules/payments/routes';
import auth from './plugins/auth';
import docs from './plugins/docs';
import errors from './plugins/errors';
import observability, {
  NEVER_SHED,
  REQUEST_ID_HEADER,
  requestIdOf,
  type ObservabilityOptions,
} from './plugins/observability';
import { DEFAULT_GUESSING_LIMITS, guessingGuard, type GuessingLimits } from './plugins/guessing';
import repositories from './plugins/repositories';
import security from './plugins/security';

export interface BuildAppOptions {
  db: Db;
  /** Defaults to the file outbox under api/.data/outbox. */
  mailer?: Mailer;
  /** Fastify logger options (false in tests). */
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  sessionTtlHours?: number;
  /** Per-IP limit of each auth call (login, sign-up, codes, reset). */
  authRateLimit?: RateLimitSettings;
  /** Per-address limit of each account call that names an e-mail (login, codes, sign-up, reset, e-mail change). */
  addressRateLimit?: RateLimitSettings;
  /**
   * Every answer also written by zod's serializer, which checks it, and compared (http/serializer.ts); default: under
   * jest (NODE_ENV test).
   */
  verifyResponses?: boolean;
  /** Per-IP and per-account limits of the calls that take an ICCID or EID (plugins/guessing.ts). */
  guessing?: GuessingLimits;
  /** The time sessions, verification codes and address limits go by; tests move it instead of sleeping. */
  clock?: Clock;
  corsOrigins?: string[] | '*';
  trustProxy?: FastifyServerOptions['trustProxy'];
  production?: boolean;
  defaultCcy?: string;
  /** Third-party login providers and our callback pages; absent: none configured. */
  thirdParty?: ThirdPartySettings;
  /** Payment providers, the shop's public origin for pay pages and return URLs, the job workers. */
  payments?: PaymentsOptions;
  /** The connectivity provider (simulator or eSIM Go) and its workers; default: the simulator, workers as payments'. */
  connectivity?: ConnectivityOptions;
  /** Metrics' token, load shedding's thresholds. */
  observability?: ObservabilityOptions;
}

export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Per address and call, whichever IPs the requests come from: 10 in 15 minutes. */
export const DEFAULT_ADDRESS_RATE_LIMIT: RateLimitSettings = { max: 10, timeWindowMs: 15 * 60_000 };

/** The whole api as a Fastify instance, in layers: external plugins, then the app's own, then the calls. */
/**
 * Fastify's request lines, one per request instead of two: nothing when it arrives, and when it is answered one line
 * of flat fields (method, url, ip, status, time; the request id comes with the logger). No serializers: at info level
 * this line is written for every call. Errors keep Fastify's own lines.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields = {
      method: request.method,
      url: request.url,
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? 'loopback',
    // Calls and their fields are case-sensitive on the wire; keep routing strict too.
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    // One id per request, the site host's when it sent one: in every log line of the request and in its answer.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
    // One log line per request, when it is answered, instead of Fastify's two (RequestLog).
    logController: new RequestLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by fast-json-stringify from their schemas; the api's own tests check each against zod too.
  app.setSerializerCompiler(
    responseSerializerCompiler({ verify: options.verifyResponses ?? process.env.NODE_ENV === 'test' }),
  );

  // 1. external: error envelope first (it also installs the JSON parser), metrics, request ids and load shedding,
  // security headers, CORS, rate limits, docs
  await app.register(errors);
  await app.register(observability, { production: options.production ?? false, ...options.observability });
  await app.register(security, { db: options.db, corsOrigins: options.corsOrigins ?? '*' });
  await app.register(docs);
  // Readiness (and the health check that predates it): the database and the job queue answer, and the process is
  // not shutting down. Liveness is /eshop/health/live.
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const checks = {
      database: await options.db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      jobs: await app.payments.jobs.reachable(),
      accepting: app.accepting(),
    };
    const ok = checks.database && checks.jobs && checks.accepting;
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
  };
  app.get('/eshop/health', { schema: { hide: true }, config: NEVER_SHED }, ready);
  app.get('/eshop/health/ready', { schema: { hide: true }, config: NEVER_SHED }, ready);

  // 2. the app's own: database, repositories, mail, authentication
  await app.register(repositories, {
    db: options.db,
    mailer:
      options.mailer ?? createMailer({ from: DEFAULT_MAIL_FROM, outboxDir: path.join(API_ROOT, '.data', 'outbox') }),
    sessionTtlHours: options.sessionTtlHours ?? 24 * 30,
    clock: options.clock,
  });
  await app.register(auth);
  await app.register(payments, { production: options.production ?? false, ...options.payments });
  app.metrics.setJobStats(() => app.payments.jobs.stats());
  await app.register(connectivity, {
    workers: options.payments?.workers ?? false,
    now: options.payments?.now,
    ...options.connectivity,
  });

  // 3. the calls of spec section 7, each under /eshop and /eshop/api
  const rateLimit = options.authRateLimit ?? { max: 10, timeWindowMs: 60_000 };
  const thirdParty = options.thirdParty
    ? createThirdPartyLogin(options.db, options.thirdParty, options.clock)
    : undefined;
  await app.register(async (scope) => {
    const routes: CallRoute[] = [
      ...cardCalls(scope),
      ...catalogueCalls(scope),
      ...siteCalls(scope, {
        production: options.production ?? false,
        thirdPartyLogin: (provider) => thirdParty?.configValue(provider) ?? '',
      }),
      ...userCalls(scope, {
        defaultCcy: options.defaultCcy ?? 'USD',
        addressRateLimit: options.addressRateLimit ?? DEFAULT_ADDRESS_RATE_LIMIT,
        clock: options.clock,
        thirdParty,
      }),
      ...poolCalls(scope),
      ...renewalCapCalls(scope),
      ...supportCalls(scope),
      ...paymentCalls(scope),
      ...esimCalls(scope),
      ...connectivityCalls(scope),
    ];
    const implemented = new Set<CallName>(routes.map((route) => route.name));
    for (const name of CALL_NAMES) if (!implemented.has(name)) routes.push(pendingCall(name));
    // Every call that names an ICCID or EID counts towards the guessing limits.
    const clock = options.clock ?? (() => new Date());
    const guarded = guessingGuard(options.db, options.guessing ?? DEFAULT_GUESSING_LIMITS, () => clock().getTime());
    scope.addHook('onClose', () => guarded.close());
    for (const route of routes) registerCall(scope, guarded(route), rateLimit);
  });
  // Provider webhooks and the sandbox's pay page (not calls: raw or form bodies, HTML answers).
  await app.register(paymentHttpRoutes);
  // The connectivity provider's usage callbacks and the alert mails' unsubscribe page.
  await app.register(connectivityHttpRoutes);

  return app;
}
