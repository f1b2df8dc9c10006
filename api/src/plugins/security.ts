import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db } from '../db/index';
import { postgresRateLimitStore } from './rate-limit-store';

export interface SecurityOptions {
  db: Db;
  /** Allowed browser origins ('*' any: the API takes bearer tokens, never cookies, so no ambient authority). */
  corsOrigins: string[] | '*';
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  await app.register(helmet, {
    // The API answers JSON only; the docs page sets its own policy (swagger-ui staticCSP).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"] },
    },
    // Partner pages on other origins call us with fetch (CORS), which CORP does not affect; keep it explicit.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
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
    // If the counter store fails, let the request through rather than lock everyone out.
    skipOnError: true,
  });
}

export default fp(securityPlugin, { name: 'security' });
