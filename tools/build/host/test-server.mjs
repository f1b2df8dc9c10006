// @ts-check
// The tests' host process: jest loads test files as CommonJS, and @fastify/static needs an ESM-only package
// (content-disposition 3), so each host under test runs here, in plain Node, on a real socket.
//   node test-server.mjs '<createSiteHost options as JSON; extraJson values are the documents>'
// With `ssr` ({ table, remotes, apiOrigin, page }: the route table, the remotes map, the api's origin for the render,
// the shell's page as text), the page is ssrPage's over root's server bundle; with `echoPage`, a page that names the
// address it was made for.
import { createSiteHost } from './index.mjs';
import { ssrPage } from './ssr.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
const extraJson = Object.fromEntries(Object.entries(options.extraJson ?? {}).map(([url, doc]) => [url, () => doc]));
const { ssr, echoPage, ...siteOptions } = options;
/** @param {import('fastify').FastifyRequest} request */
const echo = async (request) => `page of ${request.url}`;
const page = echoPage
  ? echo
  : ssr
    ? ssrPage({
        root: options.root,
        table: ssr.table,
        remotes: () => ssr.remotes,
        apiOrigin: ssr.apiOrigin,
        page: async () => ssr.page,
      })
    : undefined;
const app = await createSiteHost({ ...siteOptions, extraJson, ...(page ? { page } : {}) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = /** @type {import('node:net').AddressInfo} */ (app.server.address());
process.stdout.write(`listening ${address.port}\n`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
