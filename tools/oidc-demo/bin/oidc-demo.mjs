#!/usr/bin/env node
// esim-oidc-demo: the local demo OpenID provider on its own. The api starts it by itself for `pnpm start`
// (OIDC_DEMO); this is for trying the provider alone or pointing another client at it.
//   OIDC_DEMO_PORT (8095), OIDC_DEMO_CLIENT_ID (esim-shop-demo), OIDC_DEMO_REDIRECT_URIS (comma-separated),
//   OIDC_DEMO_CLIENT_SECRET (unset: a public client, PKCE only)
import { startDemoProvider } from '../src/index.mjs';

const port = Number(process.env.OIDC_DEMO_PORT ?? 8095);
const redirectUris = (process.env.OIDC_DEMO_REDIRECT_URIS ?? 'http://localhost:8080/user/login/callback')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);
const provider = await startDemoProvider({
  port,
  clients: [
    {
      client_id: process.env.OIDC_DEMO_CLIENT_ID ?? 'esim-shop-demo',
      ...(process.env.OIDC_DEMO_CLIENT_SECRET ? { client_secret: process.env.OIDC_DEMO_CLIENT_SECRET } : {}),
      redirect_uris: redirectUris,
    },
  ],
});
console.log(`demo OpenID provider (not for production) at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => provider.close().then(() => process.exit(0)));
