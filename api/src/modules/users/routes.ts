import { type FastifyInstance } from 'fastify';
import { type AuthSession } from 'shared-contracts/schemas';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { verificationCodeMail } from './mails';
import { type CodePurpose, type UserRow } from './repository';

const SCENE_PURPOSE: Record<'signup' | 'reset' | 'email', CodePurpose> = {
  signup: 'signup',
  reset: 'reset',
  email: 'email_update',
};

export function userCalls(app: FastifyInstance, options: { defaultCcy: string }): CallRoute[] {
  async function session(user: UserRow, userAgent: string | undefined): Promise<AuthSession> {
    const { token } = await app.users.openSession(user.id, userAgent);
    return { token, email: user.email, user_id: user.id };
  }

  return [
    defineCall('signupCheck', { auth: 'none', rateLimited: true }, async ({ email }) => {
      return { registered: (await app.users.findByEmail(email)) !== undefined };
    }),

    // Sign-up codes only for new addresses, reset codes only for accounts, e-mail change codes only when logged in.
    defineCall('getCode', { auth: 'optional', rateLimited: true }, async ({ email, scene }, { user }) => {
      const existing = await app.users.findByEmail(email);
      if (scene === 'signup' && existing) throw new ApiError(ERROR_CODES.EMAIL_TAKEN);
      if (scene === 'reset' && !existing) throw new ApiError(ERROR_CODES.USER_NOT_FOUND);
      if (scene === 'email') {
        if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
        if (existing && existing.id !== user.id) throw new ApiError(ERROR_CODES.EMAIL_TAKEN);
      }
      const purpose = SCENE_PURPOSE[scene];
      const code = await app.users.issueCode(email, purpose);
      await app.mailer.send(verificationCodeMail(email.replace(/\s+/g, '').toLowerCase(), purpose, code));
      return null;
    }),

    defineCall('vcode', { auth: 'none', rateLimited: true }, async ({ email, code, scene }) => {
      if (!(await app.users.checkCode(email, SCENE_PURPOSE[scene], code, false))) {
        throw new ApiError(ERROR_CODES.CODE_INVALID);
      }
      return null;
    }),

    defineCall('signup', { auth: 'none', rateLimited: true }, async ({ email, password, code }, { request }) => {
      if (await app.users.findByEmail(email)) throw new ApiError(ERROR_CODES.EMAIL_TAKEN);
      if (!(await app.users.checkCode(email, 'signup', code, true))) throw new ApiError(ERROR_CODES.CODE_INVALID);
      const user = await app.users.create(email, password);
      if (!user) throw new ApiError(ERROR_CODES.EMAIL_TAKEN);
      return session(user, request.headers['user-agent']);
    }),

    defineCall('login', { auth: 'none', rateLimited: true }, async ({ email, password }, { request }) => {
      const result = await app.users.checkPassword(email, password);
      if (result === 'no_user') throw new ApiError(ERROR_CODES.USER_NOT_FOUND);
      if (result === 'wrong_password') throw new ApiError(ERROR_CODES.WRONG_CREDENTIALS);
      return session(result, request.headers['user-agent']);
    }),

    // Revokes this receipt only; other devices stay logged in.
    defineCall('logout', { auth: 'required' }, async (_body, { user }) => {
      if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
      await app.users.revokeSession(user.sessionId);
      return null;
    }),

    // A new password signs the account out everywhere (old receipts end with 10021).
    defineCall('reset', { auth: 'none', rateLimited: true }, async ({ email, code, password }) => {
      const user = await app.users.findByEmail(email);
      if (!user) throw new ApiError(ERROR_CODES.USER_NOT_FOUND);
      if (!(await app.users.checkCode(email, 'reset', code, true))) throw new ApiError(ERROR_CODES.CODE_INVALID);
      await app.users.setPassword(user.id, password);
      await app.users.revokeAllSessions(user.id);
      return null;
    }),

    defineCall('getUserInfo', { auth: 'required' }, async (_body, { user }) => {
      if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
      return { email: user.email, user_id: user.id, area: user.area, ccy: user.ccy ?? options.defaultCcy };
    }),

    defineCall('userSet', { auth: 'required' }, async ({ area, ccy }, { user }) => {
      if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
      const updated = await app.users.updateSettings(user.id, { area, ccy });
      return { area: updated?.area ?? area, ccy: updated?.ccy ?? ccy };
    }),

    defineCall('updateEmail', { auth: 'required', rateLimited: true }, async ({ email, code }, { user }) => {
      if (!user) throw new ApiError(ERROR_CODES.TOKEN_INVALID);
      if (!(await app.users.checkCode(email, 'email_update', code, true))) {
        throw new ApiError(ERROR_CODES.CODE_INVALID);
      }
      const updated = await app.users.updateEmail(user.id, email);
      if (!updated) throw new ApiError(ERROR_CODES.EMAIL_TAKEN);
      return { email: updated.email, user_id: updated.id };
    }),
  ];
}
