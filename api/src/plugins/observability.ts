import { randomUUID } from 'node:crypto';
import underPressure from '@fastify/under-pressure';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { errorBody } from '../http/envelope';
import { ERROR_CODES, messageFor } from '../http/errors';

/**
 * What an operator on call reads (issue 23): Prometheus metrics per call (rate, errors by catalogue code, latency),
 * payment and usage events, the job queue's depth and age, the outside providers' calls; liveness apart from
 * readiness; load shedding with the catalogue's 503 envelope; one request id from the site host into the logs; and
 * a shutdown that stops taking work, lets what runs finish, and says so to the load balancer.
 */

export interface ObservabilityOptions {
  /** Bearer token of GET /eshop/metrics; unset: open outside production, off (404) in production. */
  metricsToken?: string;
  production?: boolean;
  /** Shed load (503) when the event loop lags more than this, ms; 0: never. */
  maxEventLoopDelayMs?: number;
  /** Shed load when the event loop is busier than this share of the time (0..1); 0 (default): never, as a process
   * under full load that still answers in time is busy, not overloaded. */
  maxEventLoopUtilization?: number;
  /** How often the load is measured, ms (1000). */
  sampleIntervalMs?: number;
}

export interface JobQueueStat {
  queue: string;
  state: string;
  count: number;
  /** Seconds since the oldest job in this state was created. */
  oldestSeconds: number;
}

export interface Metrics {
  registry: Registry;
  /** A provider's async calls timed and counted by outcome, as `{kind}_provider_calls`. */
  instrument<T extends object>(kind: 'payment' | 'connectivity', name: string, provider: T): T;
  /** Verified provider events taken in by a webhook (payments) and their outcome. */
  paymentEvents: Counter<'provider' | 'outcome'>;
  /** Usage reports taken in (callbacks and pulls) and their outcome. */
  usageReports: Counter<'provider' | 'outcome'>;
  /** Where the job queue's figures come from at scrape time. */
  setJobStats(read: () => Promise<JobQueueStat[]>): void;
  /** The answer's catalogue code, when it is not a success (set by the error handler). */
  noteCode(request: FastifyRequest, code: number): void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** under-pressure's per-route handler (NEVER_SHED). */
    pressureHandler?: () => undefined;
  }
  interface FastifyInstance {
    metrics: Metrics;
    /** False once shutdown began (readiness answers 503, new requests too). */
    accepting(): boolean;
    /** Shutdown begins: readiness answers 503 from now on, so a load balancer stops sending. */
    stopAccepting(): void;
  }
}

/** A request id from the caller (the site host) is kept when it looks like one; else a fresh one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** Route config that lets a request through under pressure (under-pressure goes on when its handler returns nothing). */
export const NEVER_SHED = { pressureHandler: () => undefined };

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const providerCalls = new Histogram({
    name: 'provider_call_duration_seconds',
    help: 'Calls to outside providers (payments, connectivity) by provider, operation and outcome',
    labelNames: ['kind', 'provider', 'operation', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const paymentEvents = new Counter({
    name: 'payment_events_total',
    help: 'Payment provider events received by webhook, by provider and outcome (stored, duplicate, rejected)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const usageReports = new Counter({
    name: 'usage_reports_total',
    help: 'Usage reports from the connectivity provider, by provider and outcome (applied, duplicate, rejected)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  let readJobs: (() => Promise<JobQueueStat[]>) | undefined;
  const jobDepth = new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the queue by queue and state (created, retry, active)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const jobAge = new Gauge({
    name: 'job_queue_oldest_seconds',
    help: 'Age of the oldest job by queue and state, seconds',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    // One read serves both gauges: the age's collect runs after the depth's (registration order).
    async collect() {
      jobDepth.reset();
      jobAge.reset();
      if (!readJobs) return;
      for (const stat of await readJobs()) {
        jobDepth.set({ queue: stat.queue, state: stat.state }, stat.count);
        jobAge.set({ queue: stat.queue, state: stat.state }, stat.oldestSeconds);
      }
    },
  });
  return {
    registry,
    paymentEvents,
    usageReports,
    setJobStats(read) {
      readJobs = read;
    },
    // Replaced by the plugin, which keeps the codes of its own requests.
    noteCode() {},
    instrument(kind, name, provider) {
      return new Proxy(provider, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof value !== 'function' || typeof property !== 'string') return value;
          return (...args: unknown[]) => {
            const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
            if (!(result instanceof Promise)) return result;
            const end = providerCalls.startTimer({ kind, provider: name, operation: property });
            return result.then(
              (answer: unknown) => {
                end({ outcome: 'ok' });
                return answer;
              },
              (error: unknown) => {
                end({ outcome: 'error' });
                throw error;
              },
            );
          };
        },
      });
    },
  };
}

async function observabilityPlugin(app: FastifyInstance, options: ObservabilityOptions) {
  const metrics = createMetrics();
  const codes = new WeakMap<FastifyRequest, number>();
  metrics.noteCode = (request, code) => void codes.set(request, code);
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by route, method, HTTP status and catalogue code (ok: success)',
    labelNames: ['route', 'method', 'status', 'code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  app.decorate('metrics', metrics);

  let accepting = true;
  app.decorate('accepting', () => accepting);
  app.decorate('stopAccepting', () => {
    accepting = false;
  });
  // Readiness turns 503 at once, so a load balancer stops sending; Fastify then waits for the requests in flight.
  let closing = false;
  app.addHook('preClose', async () => {
    accepting = false;
    closing = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (closing && !request.url.startsWith('/eshop/health')) {
      reply.header('connection', 'close');
      return busy(reply, 'shutting down');
    }
    return undefined;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route.startsWith('/eshop/health') || route === '/eshop/metrics') return;
    const code = codes.get(request);
    requests.observe(
      {
        route,
        method: request.method,
        status: String(reply.statusCode),
        code: code === undefined ? 'ok' : String(code),
      },
      reply.elapsedTime / 1000,
    );
  });

  // Load shedding: an overloaded process answers the catalogue's "too many requests" as a 503 with Retry-After
  // (under-pressure's error, mapped by the errors plugin), before any work, instead of queueing requests it cannot
  // answer in time. Health checks are never shed: an orchestrator must not restart a process for being busy.
  const maxDelay = options.maxEventLoopDelayMs ?? 1000;
  const maxUtilization = options.maxEventLoopUtilization ?? 0;
  if (maxDelay > 0 || maxUtilization > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: maxDelay,
      maxEventLoopUtilization: maxUtilization,
      retryAfter: 5,
      sampleInterval: options.sampleIntervalMs ?? 1000,
    });
  }

  // Liveness: the process answers (restart it only when this fails). Readiness: it can do its work now (the database
  // and the job queue answer, and it is not shutting down); a load balancer sends traffic only while ready.
  app.get('/eshop/health/live', { schema: { hide: true }, config: NEVER_SHED }, async () => ({ status: 'ok' }));

  const enabled = options.metricsToken !== undefined || !options.production;
  app.get('/eshop/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = options.metricsToken;
    if (!enabled || (token && request.headers.authorization !== `Bearer ${token}`)) {
      return reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send(errorBody(ERROR_CODES.PARAM_ERROR, 'not found'));
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}

function busy(reply: FastifyReply, reason: string) {
  return reply
    .code(503)
    .header('retry-after', '5')
    .type('application/json; charset=utf-8')
    .send(errorBody(ERROR_CODES.TOO_MANY_REQUESTS, `${messageFor(ERROR_CODES.TOO_MANY_REQUESTS)} (${reason})`));
}

export default fp(observabilityPlugin, { name: 'observability' });
