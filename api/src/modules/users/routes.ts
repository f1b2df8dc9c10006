import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type AuthSession } from 'shared-contracts/schemas';
import { ApiError, ERROR_CODES } from '../../http/errors';
import {
  defineCall,
  requireUser,
  type CallBody,
  type CallContext,
  type CallRoute,
  type RateLimitSettings,
} from '../../http/calls';
import { countHit } from '../../plugins/rate-limit-store';
import { clearReceiptCookie, setReceiptCookie } from './receipt-cookie';
import { accountNoticeMail, verificationCodeMail, type AccountNotice } from './mails';
import { type ThirdPartyLogin, type ThirdPartyProvider } from './thirdparty';
import {
  CODE_RESEND_COOLDOWN_MS,
  normalizeEmail,
  type Clock,
  type CodePurpose,
  type SessionUser,
  type UserRow,
} from './repository';

const SCENE_PURPOSE: Record<'signup' | 'reset' | 'email', CodePurpose> = {
  signup: 'signup',
  reset: 'reset',
  email: 'email_update',
};

export interface UserCallOptions {
  defaultCcy: string;
  /** Per call and address, whichever IPs ask (the per-IP limit is registerCall's). */
  addressRateLimit: RateLimitSettings;
  clock?: Clock;
  /** Third-party login; absent: no provider is configured (10002 for either). */
  thirdParty?: ThirdPartyLogin;
}

export function userCalls(app: FastifyInstance, options: UserCallOptions): CallRoute[] {
  const clock = options.clock ?? (() => new Date());

  /**
   * The caller of a call whose auth is optional but whose e-mail change scene needs a login: without a usable
   * receipt, the answer a login-only call gives (10013, or 10021 when signed out everywhere).
   */
  async function sceneUser(user: SessionUser | null, request: FastifyRequest): Promise<SessionUser> {
    return user ?? requireUser(await app.auth.user(request, 'required'));
  }

  /** A login's receipt: in the answer, and as the cookie the site host's server rendering reads (receipt-cookie.ts). */
  function handOut({ request, reply }: CallContext, token: string, expiresAt: Date): void {
    if (reply) setReceiptCookie(request, reply, token, expiresAt, clock());
  }

  async function session(user: UserRow, context: CallContext, ifPasswordHash?: string): Promise<AuthSession> {
    const opened = await app.users.openSession(user.id, context.request.headers['user-agent'], ifPasswordHash);
    // The password changed between the check and now (a reset): the old one no longer logs in.
    if (!opened) throw new ApiError(ERROR_CODES.WRONG_CREDENTIALS);
    handOut(context, opened.token, opened.expiresAt);
    return { token: opened.token, email: user.email, user_id: user.id };
  }

  /**
   * Guessing and mailing calls are also limited per address, so spreading requests over many IPs does not get
   * around the per-IP limit: 429/10007 like that one.
   */
  async function limitAddress(call: string, email: string): Promise<void> {
    const { max, timeWindowMs } = options.addressRateLimit;
    // Counters are no data a page keeps in memory: past the change announcements (see rate-limit-store.ts).
    const { current } = await countHit(
      app.db.untracked,
      `address:${call}:${normalizeEmail(email)}`,
      clock().getTime(),
      timeWindowMs,
    );
    if (current > max) throw new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
  }

  /**
   * One mail per address, scene and account a minute, a code or a notice alike (429/10007 sooner): the cool-down
   * must not tell which of the two went out.
   */
  async function coolDown(purpose: CodePurpose, email: string, userId: number | null): Promise<void> {
    const key = `code-cooldown:${purpose}:${userId ?? ''}:${normalizeEmail(email)}`;
    const { current } = await countHit(app.db.untracked, key, clock().getTime(), CODE_RESEND_COOLDOWN_MS);
    if (current > 1) throw new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
  }

  /** Which notice the address gets instead of a code, if any (see AccountNotice). */
  function noticeFor(
    scene: 'signup' | 'reset' | 'email',
    existing: UserRow | undefined,
    caller: SessionUser | null,
  ): AccountNotice | null {
    if (scene === 'signup' && existing) return 'signup_existing';
    if (scene === 'reset' && !existing) return 'reset_unknown';
    if (scene === 'email' && caller && existing && existing.id !== caller.id) return 'email_taken';
    return null;
  }

  /** The third-party login of a provider this api is configured for; else 10002 (the button is not offered). */
  function thirdPartyFor(provider: ThirdPartyProvider): ThirdPartyLogin {
    if (!options.thirdParty || options.thirdParty.configValue(provider) === '') {
      throw new ApiError(ERROR_CODES.PARAM_ERROR, `${provider} login is not configured`);
    }
    return options.thirdParty;
  }

  /** Third-party login, step 2, from our callback page: the code for a session of the linked (or new) account. */
  async function finishThirdPartyLogin(
    { provider, code, state, redirect_uri, iss }: CallBody<'loginThirdParty'>,
    context: CallContext,
  ): Promise<AuthSession> {
    const login = thirdPartyFor(provider);
    const identity = await login.finish(provider, code, state, redirect_uri, iss);
    return session(await login.userFor(identity), context);
  }

  return [
    // No call tells whether an address has an account (issue 23: anyone could list who shops here): always false;
    // the sign-up code's mail tells the owner of an address that already has one.
    defineCall('signupCheck', { auth: 'none', rateLimited: true }, async ({ email }) => {
      await limitAddress('signupCheck', email);
      return { registered: false };
    }),

    // Sign-up codes only for new addresses, reset codes only for accounts, e-mail change codes only when logged in
    // (and for an address no other account uses). The answer is the same either way: the other cases mail the
    // address a notice instead of a code (AccountNotice), and the code then given is simply wrong (11023).
    // One mail per address and scene a minute: sooner answers 429/10007.
    defineCall('getCode', { auth: 'optional', rateLimited: true }, async ({ email, scene }, { user, request }) => {
      const caller = scene === 'email' ? await sceneUser(user, request) : null;
      await limitAddress('getCode', email);
      const purpose = SCENE_PURPOSE[scene];
      await coolDown(purpose, email, caller?.id ?? null);
      const address = normalizeEmail(email);
      const notice = noticeFor(scene, await app.users.findByEmail(email), caller);
      if (notice) {
        // The code branch's statements, for a code nothing accepts: both branches take the same time.
        await app.users.issueCode(email, purpose, caller?.id ?? null, { dead: true });
        await app.mailer.send(accountNoticeMail(address, notice));
        return null;
      }
      const issued = await app.users.issueCode(email, purpose, caller?.id ?? null);
      if (!issued.issued) throw new ApiError(ERROR_CODES.TOO_MANY_REQUESTS, undefined, 429);
      await app.mailer.send(verificationCodeMail(address, purpose, issued.code));
      return null;
    }),

    // Checks without using the code up; an e-mail change code only for the account that asked for it.
    defineCall('vcode', { auth: 'optional', rateLimited: true }, async ({ email, code, scene }, { user, request }) => {
      const userId = scene === 'email' ? (await sceneUser(user, request)).id : null;
      await limitAddress('vcode', email);
      if (!(await app.users.checkCode(email, SCENE_PURPOSE[scene], code, false, userId))) {
        throw new ApiError(ERROR_CODES.CODE_INVALID);
      }
      return null;
    }),

    // The code first: an address with an account never got a sign-up code (getCode mailed a notice), so it answers
    // 11023 like any wrong code. Only the owner of a new address's mailbox learns that it was taken meanwhile (10023).
    defineCall('signup', { auth: 'none', rateLimited: true }, async ({ email, password, code }, context) => {
      await limitAddress('signup', email);
      if (!(await app.users.checkCode(email, 'signup', code, true))) throw new ApiError(ERROR_CODES.CODE_INVALID);
      const user = await app.users.create(email, password);
      if (!user) throw new ApiError(ERROR_CODES.EMAIL_TAKEN);
      return session(user, context);
    }),

    // One answer for an unknown address and a wrong password (10026), in the same time (checkPassword verifies a
    // decoy hash for an unknown address).
    defineCall('login', { auth: 'none', rateLimited: true }, async ({ email, password }, context) => {
      await limitAddress('login', email);
      const result = await app.users.checkPassword(email, password);
      if (result === 'no_user' || result === 'wrong_password') throw new ApiError(ERROR_CODES.WRONG_CREDENTIALS);
      return session(result, context, result.passwordHash);
    }),

    // Third-party login, step 1: the provider's authorization URL (the browser goes there) and the state.
    defineCall('loginThirdPartyStart', { auth: 'none', rateLimited: true }, async ({ provider, redirect_uri }) =>
      thirdPartyFor(provider).start(provider, redirect_uri),
    ),

    defineCall('loginThirdParty', { auth: 'none', rateLimited: true }, finishThirdPartyLogin),

    // Revokes this receipt only; other devices stay logged in (this one then answers 10013).
    defineCall('logout', { auth: 'required' }, async (_body, { request, reply, user }) => {
      await app.users.revokeSession(user.sessionId);
      if (reply) clearReceiptCookie(request, reply);
      return null;
    }),

    // Every receipt of the account, this one included; each then answers 10021.
    defineCall('logoutAll', { auth: 'required' }, async (_body, { request, reply, user }) => {
      await app.users.revokeAllSessions(user.id);
      if (reply) clearReceiptCookie(request, reply);
      return null;
    }),

    // A new password ends every earlier receipt (10021) and logs the caller in with a new one.
    defineCall('reset', { auth: 'none', rateLimited: true }, async ({ email, code, password }, context) => {
      await limitAddress('reset', email);
      const result = await app.users.resetPassword(email, code, password, context.request.headers['user-agent']);
      // An address without an account never got a reset code (getCode mailed a notice): a wrong code, like any.
      if (result === 'no_user' || result === 'wrong_code') throw new ApiError(ERROR_CODES.CODE_INVALID);
      handOut(context, result.token, result.expiresAt);
      return { token: result.token, email: result.user.email, user_id: result.user.id };
    }),

    defineCall('getUserInfo', { auth: 'required' }, async (_body, { user: caller }) => {
      return { email: caller.email, user_id: caller.id, area: caller.area, ccy: caller.ccy ?? options.defaultCcy };
    }),

    defineCall('userSet', { auth: 'required' }, async ({ area, ccy }, { user }) => {
      const updated = await app.users.updateSettings(user.id, { area, ccy });
      return { area: updated?.area ?? area, ccy: updated?.ccy ?? ccy };
    }),

    // The code was mailed to the new address (getCode scene 'email') for this account only.
    defineCall('updateEmail', { auth: 'required', rateLimited: true }, async ({ email, code }, { user: caller }) => {
      await limitAddress('updateEmail', email);
      if (!(await app.users.checkCode(email, 'email_update', code, true, caller.id))) {
        throw new ApiError(ERROR_CODES.CODE_INVALID);
      }
      const updated = await app.users.updateEmail(caller.id, email);
      if (!updated) throw new ApiError(ERROR_CODES.EMAIL_TAKEN);
      return { email: updated.email, user_id: updated.id };
    }),
  ];
}
