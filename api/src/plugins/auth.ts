import { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, ERROR_CODES } from '../http/errors';
import { type SessionUser } from '../modules/users/repository';

export type AuthMode = 'none' | 'optional' | 'required';

export interface Authenticator {
  /**
   * The caller's user. 'required': no receipt, a forged or unknown one, an expired one or one logged out on this
   * device 10013; signed out everywhere (logoutAll, password reset) 10021. Both end the session on the client.
   * An expired receipt answers like a forged one (issue 8), so an old token says nothing about having been real.
   * 'optional': any of those simply means a visitor (card pages work with an ICCID alone, and a stale receipt must
   * not lock a visitor out of a card page).
   */
  user(request: FastifyRequest, mode: AuthMode, bodyToken?: string): Promise<SessionUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Authenticator;
  }
}

const BEARER = /^Bearer\s+(\S{1,2048})\s*$/i;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return BEARER.exec(header)?.[1];
}

async function authPlugin(app: FastifyInstance) {
  const authenticator: Authenticator = {
    async user(request, mode, bodyToken) {
      if (mode === 'none') return null;
      // The header is the receipt; a few card-page calls also carry it in the body (auth_token).
      const token = bearerToken(request) ?? bodyToken;
      if (!token) {
        if (mode === 'required') throw new ApiError(ERROR_CODES.TOKEN_INVALID);
        return null;
      }
      const found = await app.users.lookupSession(token);
      if (found.state === 'valid') return found.user;
      if (mode === 'optional') return null;
      if (found.state === 'revoked' && found.reason === 'all') throw new ApiError(ERROR_CODES.ACCOUNT_DISABLED);
      throw new ApiError(ERROR_CODES.TOKEN_INVALID);
    },
  };
  app.decorate('auth', authenticator);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['repositories'] });
