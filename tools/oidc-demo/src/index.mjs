import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider, { errors } from 'oidc-provider';
import { facebookId } from './facebook-id.mjs';
import { loginPage, errorPage } from './pages.mjs';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on this machine, for the api's tests, the e2e suite
 * and the "demo sign-in" of `pnpm start` when no real Google or Facebook app is configured. It is never used in
 * production: anyone can sign in as any address.
 *
 * It speaks two shapes, as the shop's adapters expect them:
 * - Google's: discovery, authorization code + PKCE, an ID token carrying email and email_verified;
 * - Facebook's: OAuth 2 (no openid scope) and a Graph-like `GET /graph/me?fields=id,name,email` with the token.
 *
 * @typedef {{ client_id: string, client_secret?: string, redirect_uris: string[] }} DemoClient
 * @param {{ port?: number, host?: string, clients: DemoClient[], label?: string }} options
 * @returns {Promise<{ issuer: string, port: number, close(): Promise<void> }>}
 */
export async function startDemoProvider({ port = 0, host = '127.0.0.1', clients, label = 'Demo sign-in' }) {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const issuer = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`;

  const provider = new Provider(issuer, configuration(clients));
  // The demo runs on plain http on the loopback; nothing here is behind a proxy.
  provider.proxy = false;
  const callback = provider.callback();

  server.on('request', (req, res) => {
    handle(provider, callback, req, res, label).catch((error) => {
      // oidc-provider's errors (an expired interaction, a bad request) carry their HTTP status; ours too.
      const status = Number(error?.statusCode ?? error?.status);
      res.statusCode = status >= 400 && status < 600 ? status : 500;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(errorPage(error instanceof Error ? error.message : 'error'));
    });
  });

  return {
    issuer,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function configuration(clients) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: clients.map((client) => ({
      client_id: client.client_id,
      redirect_uris: client.redirect_uris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      ...(client.client_secret
        ? { client_secret: client.client_secret, token_endpoint_auth_method: 'client_secret_post' }
        : { token_endpoint_auth_method: 'none' }),
    })),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'demo', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Like Google, the ID token itself carries the e-mail claims the scope asked for.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, accountId) => ({
      accountId,
      claims: () => ({ sub: accountId, email: accountId, email_verified: true, name: accountId.split('@')[0] }),
    }),
    renderError: (ctx, _out, error) => {
      ctx.type = 'html';
      ctx.body = errorPage(error instanceof Error ? error.message : 'error');
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };
}

async function handle(provider, callback, req, res, label) {
  const url = new URL(req.url ?? '/', 'http://demo.invalid');
  const interaction = url.pathname.match(/^\/interaction\/([\w-]+)(\/login)?$/);
  if (interaction) return handleInteraction(provider, req, res, label, Boolean(interaction[2]));
  if (url.pathname === '/graph/me' && req.method === 'GET') return graphMe(provider, req, res, url);
  // The pages carry their icon inline; a browser that asks anyway gets no 404 in its console.
  if (url.pathname === '/favicon.ico') {
    res.statusCode = 204;
    res.setHeader('cache-control', 'public, max-age=86400');
    res.end();
    return undefined;
  }
  return callback(req, res);
}

/** The demo's login screen: any e-mail address signs in; consent is granted at once (it is the user's own app). */
async function handleInteraction(provider, req, res, label, submitted) {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params, uid } = details;

  if (prompt.name === 'consent') {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: String(params.client_id) });
    const missing = prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    if (missing.missingResourceScopes) {
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes)) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  if (!submitted || req.method !== 'POST') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(loginPage({ uid, label, clientId: String(params.client_id) }));
    return undefined;
  }

  const form = new URLSearchParams(await readBody(req));
  if (form.get('action') === 'deny') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  }
  const email = (form.get('email') ?? '').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 64) {
    res.statusCode = 400;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(loginPage({ uid, label, clientId: String(params.client_id), error: 'Enter an e-mail address.' }));
    return undefined;
  }
  return provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
}

/** Facebook's Graph `me` in the shape the shop's Facebook adapter reads: { id, name, email }. */
async function graphMe(provider, req, res, url) {
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : url.searchParams.get('access_token');
  const accessToken = token ? await provider.AccessToken.find(token) : undefined;
  res.setHeader('content-type', 'application/json');
  if (!accessToken) {
    res.statusCode = 401;
    const error = new errors.InvalidToken('invalid token');
    res.end(JSON.stringify({ error: { message: error.message, type: 'OAuthException', code: 190 } }));
    return;
  }
  const accountId = accessToken.accountId;
  res.end(JSON.stringify({ id: facebookId(accountId), name: accountId.split('@')[0], email: accountId }));
}

/** The login form's body; more than 8 KB is refused (413) and not read any further. */
function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 8192) {
        // The rest is drained unread.
        req.removeAllListeners('data');
        req.resume();
        reject(Object.assign(new Error('body too large'), { statusCode: 413 }));
      }
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
