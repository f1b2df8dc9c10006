import * as oidc from 'openid-client';
import { type CallRequest } from 'shared-contracts/schemas';
import { oauthRedirectUrls, type ApiConfig } from '../../config';
import { type Db } from '../../db/index';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { sha256Hex } from '../../lib/secrets';
import { normalizeEmail, type Clock, type UserRow } from './repository';

/** google or facebook: the providers getConfig can name (shared-contracts). */
export type ThirdPartyProvider = CallRequest<'loginThirdParty'>['provider'];

/** Google, or anything that speaks OpenID Connect with discovery (the local demo provider in tests). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE only), as the local demo provider registers the shop. */
  clientSecret?: string;
  /** The local demo provider stands in: getConfig says 'demo' and the button says so. */
  demo?: boolean;
}

/** Facebook Login: OAuth 2 authorization code + PKCE, then the Graph `me` endpoint for id and e-mail. */
export interface FacebookSettings {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface ThirdPartySettings {
  google?: OidcSettings;
  facebook?: FacebookSettings;
  /** Our callback pages the providers may send the browser back to (each registered with the provider). */
  redirectUris: string[];
}

/** What a provider vouches for; the e-mail only counts when the provider verified it. */
export interface ThirdPartyIdentity {
  provider: ThirdPartyProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** A started sign-in is good for 10 minutes, like a mailed code. */
export const THIRD_PARTY_LOGIN_TTL_MS = 10 * 60_000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopback = (url: string) => LOOPBACK.has(new URL(url).hostname);

interface LoginRow {
  code_verifier: string;
  nonce: string | null;
}

/**
 * Third-party login with `openid-client`: authorization code flow with PKCE (S256), state and (OpenID Connect)
 * nonce. The state, verifier and nonce of each started sign-in live in the database (state hashed, used once), so
 * any api process can finish what another started. A user is found by the provider's subject, else linked by a
 * verified e-mail, else created without a password (a reset sets one).
 */
export function createThirdPartyLogin(db: Db, settings: ThirdPartySettings, clock: Clock = () => new Date()) {
  const configurations = new Map<ThirdPartyProvider, Promise<oidc.Configuration>>();

  function configuration(provider: ThirdPartyProvider): Promise<oidc.Configuration> {
    let pending = configurations.get(provider);
    if (!pending) {
      pending = loadConfiguration(provider);
      // A provider that was unreachable is asked again next time.
      pending.catch(() => configurations.delete(provider));
      configurations.set(provider, pending);
    }
    return pending;
  }

  async function loadConfiguration(provider: ThirdPartyProvider): Promise<oidc.Configuration> {
    if (provider === 'google' && settings.google) {
      const { issuer, clientId, clientSecret } = settings.google;
      // Plain http only for a provider on this machine (the demo provider, tests).
      const execute = isLoopback(issuer) ? [oidc.allowInsecureRequests] : [];
      return oidc.discovery(new URL(issuer), clientId, clientSecret, clientSecret ? undefined : oidc.None(), {
        execute,
        timeout: 10,
      });
    }
    if (provider === 'facebook' && settings.facebook) {
      const { clientId, clientSecret, authorizationUrl, tokenUrl } = settings.facebook;
      const config = new oidc.Configuration(
        {
          issuer: new URL(authorizationUrl).origin,
          authorization_endpoint: authorizationUrl,
          token_endpoint: tokenUrl,
        },
        clientId,
        clientSecret,
        oidc.ClientSecretPost(clientSecret),
      );
      if (isLoopback(tokenUrl)) oidc.allowInsecureRequests(config);
      return config;
    }
    throw new ApiError(ERROR_CODES.PARAM_ERROR, `${provider} login is not configured`);
  }

  function checkRedirect(redirectUri: string): void {
    if (!settings.redirectUris.includes(redirectUri)) {
      throw new ApiError(ERROR_CODES.PARAM_ERROR, 'redirect_uri is not a callback page of this site');
    }
  }

  async function identityOf(
    provider: ThirdPartyProvider,
    config: oidc.Configuration,
    callbackUrl: URL,
    row: LoginRow,
  ): Promise<ThirdPartyIdentity> {
    const checks = { pkceCodeVerifier: row.code_verifier, expectedState: callbackUrl.searchParams.get('state')! };
    if (provider === 'google') {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        ...checks,
        expectedNonce: row.nonce ?? undefined,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new ApiError(ERROR_CODES.CODE_INVALID);
      const email = typeof claims.email === 'string' ? claims.email : null;
      return { provider, subject: claims.sub, email, emailVerified: email !== null && claims.email_verified === true };
    }
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, checks);
    const response = await oidc.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(settings.facebook!.userinfoUrl),
      'GET',
    );
    if (!response.ok) throw new ApiError(ERROR_CODES.CODE_INVALID);
    const me = (await response.json()) as { id?: unknown; email?: unknown };
    if (typeof me.id !== 'string' || me.id === '') throw new ApiError(ERROR_CODES.CODE_INVALID);
    const email = typeof me.email === 'string' ? me.email : null;
    // Facebook only returns an address its user confirmed (no e-mail field otherwise).
    return { provider, subject: me.id, email, emailVerified: email !== null };
  }

  return {
    /** getConfig's value for a provider: '' when off, 'demo' for the local demo provider, else the client id. */
    configValue(provider: ThirdPartyProvider): string {
      const entry = settings[provider];
      if (!entry) return '';
      return provider === 'google' && settings.google?.demo ? 'demo' : entry.clientId;
    },

    /** The provider's authorization URL for a new sign-in, and its state (the callback page checks it came back). */
    async start(provider: ThirdPartyProvider, redirectUri: string): Promise<{ url: string; state: string }> {
      checkRedirect(redirectUri);
      let config: oidc.Configuration;
      try {
        config = await configuration(provider);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(ERROR_CODES.SYSTEM_ERROR);
      }
      const state = oidc.randomState();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = provider === 'google' ? oidc.randomNonce() : null;
      const now = clock();
      await db.query(
        `INSERT INTO oauth_logins (state_hash, provider, redirect_uri, code_verifier, nonce, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          sha256Hex(state),
          provider,
          redirectUri,
          codeVerifier,
          nonce,
          now,
          new Date(now.getTime() + THIRD_PARTY_LOGIN_TTL_MS),
        ],
      );
      // Old rows are of no use to anybody; keep the table small.
      await db.query(`DELETE FROM oauth_logins WHERE expires_at < $1`, [new Date(now.getTime() - 24 * 3600_000)]);
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: provider === 'google' ? 'openid email profile' : 'email public_profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
      };
      if (nonce) parameters.nonce = nonce;
      if (provider === 'facebook' && settings.facebook && isLoopback(settings.facebook.authorizationUrl)) {
        // The local stand-in is an OpenID provider: ask only for what Facebook's dialog would give.
        parameters.scope = 'email';
      }
      return { url: oidc.buildAuthorizationUrl(config, parameters).href, state };
    },

    /**
     * Finishes a sign-in from the callback page: the state must be one this api started for the same provider and
     * callback, unused and less than 10 minutes old (else 11023, like a stale mailed code); the code is exchanged
     * with its PKCE verifier, the issuer of the response (RFC 9207) and the ID token's nonce checked. A provider that cannot be reached: 10003.
     */
    async finish(provider: ThirdPartyProvider, code: string, state: string, redirectUri: string, iss?: string) {
      checkRedirect(redirectUri);
      const row = await db.one<LoginRow>(
        `UPDATE oauth_logins SET consumed_at = $4
          WHERE state_hash = $1 AND provider = $2 AND redirect_uri = $3 AND consumed_at IS NULL AND expires_at > $4
          RETURNING code_verifier, nonce`,
        [sha256Hex(state), provider, redirectUri, clock()],
      );
      if (!row) throw new ApiError(ERROR_CODES.CODE_INVALID);
      const callbackUrl = new URL(redirectUri);
      callbackUrl.searchParams.set('code', code);
      callbackUrl.searchParams.set('state', state);
      // RFC 9207: a provider that names itself in the response is checked against the configured one (mix-up).
      if (iss) callbackUrl.searchParams.set('iss', iss);
      try {
        return await identityOf(provider, await configuration(provider), callbackUrl, row);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // The provider answered and refused (a used or wrong code, a bad ID token): like a wrong code.
        if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
          throw new ApiError(ERROR_CODES.CODE_INVALID);
        }
        if (error instanceof Error && 'code' in error && String(error.code).startsWith('OAUTH_')) {
          throw new ApiError(ERROR_CODES.CODE_INVALID);
        }
        throw new ApiError(ERROR_CODES.SYSTEM_ERROR);
      }
    },

    /**
     * The account of an identity: the one it is linked to; else the account with its verified e-mail (now linked);
     * else a new account without a password. An unverified or missing e-mail cannot link or create: 10002.
     */
    async userFor(identity: ThirdPartyIdentity): Promise<UserRow> {
      return db.tx(async (tx) => {
        const linked = await tx.one<UserRow>(
          `SELECT u.id, u.email, u.area, u.ccy FROM user_identities i JOIN users u ON u.id = i.user_id
            WHERE i.provider = $1 AND i.subject = $2`,
          [identity.provider, identity.subject],
        );
        if (linked) return linked;
        if (!identity.email || !identity.emailVerified) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, 'the provider did not share a verified e-mail address');
        }
        const email = normalizeEmail(identity.email);
        if (email.length > 64) throw new ApiError(ERROR_CODES.PARAM_ERROR, 'e-mail address too long');
        await tx.query(
          `INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, NULL, $2)
           ON CONFLICT (email) DO NOTHING`,
          [email, clock()],
        );
        const user = await tx.one<UserRow>(`SELECT id, email, area, ccy FROM users WHERE email = $1`, [email]);
        if (!user) throw new ApiError(ERROR_CODES.SYSTEM_ERROR);
        await tx.query(
          `INSERT INTO user_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [identity.provider, identity.subject, user.id, email],
        );
        return user;
      });
    },
  };
}

export type ThirdPartyLogin = ReturnType<typeof createThirdPartyLogin>;

/** A client id for the demo provider's registration; not a secret (the demo client is public, PKCE only). */
export const DEMO_CLIENT_ID = 'esim-shop-demo';

/** The providers the environment configures (the demo provider is added by src/server.ts when it runs). */
export function thirdPartySettingsFrom(
  config: Pick<
    ApiConfig,
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'GOOGLE_ISSUER'
    | 'FACEBOOK_CLIENT_ID'
    | 'FACEBOOK_CLIENT_SECRET'
    | 'FACEBOOK_AUTHORIZATION_URL'
    | 'FACEBOOK_TOKEN_URL'
    | 'FACEBOOK_USERINFO_URL'
    | 'OAUTH_REDIRECT_URLS'
    | 'SHELL_ORIGIN'
    | 'NODE_ENV'
  >,
): ThirdPartySettings {
  return {
    google: config.GOOGLE_CLIENT_ID
      ? { issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }
      : undefined,
    facebook:
      config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: config.FACEBOOK_CLIENT_ID,
            clientSecret: config.FACEBOOK_CLIENT_SECRET,
            authorizationUrl: config.FACEBOOK_AUTHORIZATION_URL,
            tokenUrl: config.FACEBOOK_TOKEN_URL,
            userinfoUrl: config.FACEBOOK_USERINFO_URL,
          }
        : undefined,
    redirectUris: oauthRedirectUrls(config),
  };
}
