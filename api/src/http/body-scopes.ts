import { type FastifyInstance, type FastifyRequest } from 'fastify';

/**
 * Routes that read their body as raw bytes (provider webhooks: the signature is over the exact bytes sent), in a
 * scope of their own: every content type is taken as a Buffer up to `bodyLimit`; the calls keep accepting JSON only.
 */
export async function registerRawBodyRoutes(
  app: FastifyInstance,
  bodyLimit: number,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    routes(scope);
  });
}

/** The raw body a raw-body route received (empty when there was none). */
export const rawBodyOf = (request: FastifyRequest): Buffer =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

/**
 * Routes of HTML pages with plain forms (the sandbox's pay page, the alert mails' unsubscribe page), in a scope of
 * their own that reads application/x-www-form-urlencoded bodies up to `bodyLimit` into a plain object.
 */
export async function registerFormRoutes(
  app: FastifyInstance,
  bodyLimit: number,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    routes(scope);
  });
}
