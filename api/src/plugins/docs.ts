import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DESCRIPTION = `Every call is \`POST\` with a JSON body and answers the envelope \`{ code, message, data }\`.
Success is code 10000. Each call is served at \`/eshop<path>\` and at \`/eshop/api<path>\` (the document lists the
form the client uses). Send \`Authorization: Bearer <token>\` from login/sign-up where a call needs a user.

Failures carry \`data: null\`: domain errors (card not found 10102, please log in 10013, ...) come with HTTP 200;
malformed JSON is 400/10001; a schema violation (unknown field, wrong type, too long) 400/10002; a body over the
limit 413/10002; an unknown route 404/10002; too many auth attempts 429/10007; anything unexpected 500/10003.`;

async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'eSIM shop api', description: DESCRIPTION, version: '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'login receipt (RECEIPT)' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/eshop/docs',
    staticCSP: true,
    // The docs are often opened over plain http (localhost, the shell's proxy): do not upgrade their assets.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/eshop/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export default fp(docsPlugin, { name: 'docs' });
