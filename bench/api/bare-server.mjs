// The bare Fastify the api is compared with: the api's own fastify version, default options, one POST route that
// parses the JSON body and answers a fixed envelope whose data is the api's real get/card answer (same size).
// Started as a child process like the api, so both pay the same process and socket costs.
import fs from 'node:fs';

import { apiRequire } from '../lib/workspace.mjs';

const Fastify = apiRequire('fastify');
const envelope = JSON.parse(fs.readFileSync(process.env.BARE_ENVELOPE_FILE, 'utf8'));
const app = Fastify();
app.post('/eshop/get/card', async () => envelope);
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
