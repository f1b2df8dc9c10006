import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db } from '../db/index';
import { postgresRateLimitStore } from './rate-limit-store';

export interface SecurityOptions {
  db: Db;
  /** Allowed browser origins ('*' any: the API takes bearer tokens, never cookies, so no ambient authority). */
  corsOrigins: string[] | '*';
}

const HELMET_OPTIONS = {
  // The API answers JSON only; the docs page sets its own policy (swagger-ui staticCSP).
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"] },
  },
  // Partner pages on other origins call us with fetch (CORS), which CORP does not affect; keep it explicit.
  crossOriginResourcePolicy: { policy: 'cross-origin' as const },
};

/**
 * The security headers helmet sets with HELMET_OPTIONS, worked out once: they are the same for every answer, and
 * @fastify/helmet builds its helmet middleware (option checks, CSP directives) again on every request (bench:api
 * --cpu-prof). Helmet itself decides them, on a throw-away instance, so they follow helmet's defaults.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const plain = Fastify();
  plain.get('/', async () => '');
  try {
    const [secured, bare] = await Promise.all([probe.inject('/'), plain.inject('/')]);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(secured.headers)) {
      if (typeof value === 'string' && !(name in bare.headers)) headers[name] = value;
    }
    return headers;
  } finally {
    await Promise.all([probe.close(), plain.close()]);
  }
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    origin: options.corsOrigins === '*' ? '*' : options.corsOrigins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
  });
  // Off by default; the auth calls opt in with `config.rateLimit` (see http/calls.ts).
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(options.db),
    // Fail closed: a call whose counter cannot be reached answers 503/10007 (the store's limitsUnavailable), never
    // passes uncounted; a password guess or a mail to a stranger waits until the database is back.
    skipOnError: false,
  });
}

export default fp(securityPlugin, { name: 'security' });
