import { type ApiClient } from 'shared-contracts';
import { failed, type Outcome } from '../../../lib/problem';
import { type SessionStart } from '../../../lib/session';

export type CodeScene = 'signup' | 'reset';

export async function logIn(api: ApiClient, email: string, password: string): Promise<Outcome<SessionStart>> {
  const result = await api.call('login', { email, password });
  return result.ok ? { ok: true, data: result.data } : failed(result);
}

/** Mails a 6-digit code for the scene. */
export async function sendCode(api: ApiClient, email: string, scene: CodeScene): Promise<Outcome<true>> {
  const result = await api.call('getCode', { email, scene });
  return result.ok ? { ok: true, data: true } : failed(result);
}

/** Checks the code without using it up (the final call uses it). */
export async function verifyCode(
  api: ApiClient,
  email: string,
  code: string,
  scene: CodeScene,
): Promise<Outcome<true>> {
  const result = await api.call('vcode', { email, code, scene });
  return result.ok ? { ok: true, data: true } : failed(result);
}

export async function signUp(
  api: ApiClient,
  request: { email: string; password: string; code: string },
): Promise<Outcome<SessionStart>> {
  const result = await api.call('signup', request);
  return result.ok ? { ok: true, data: result.data } : failed(result);
}

function isSession(value: unknown): value is SessionStart {
  if (typeof value !== 'object' || value === null) return false;
  const { token, email, user_id } = value as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof email === 'string' && typeof user_id === 'number';
}

/**
 * Sets the new password with the reset code and logs in: reset answers a session like login; an api that answers
 * without one (the older contract) is followed by a login with the new password.
 */
export async function resetPassword(
  api: ApiClient,
  request: { email: string; password: string; code: string },
): Promise<Outcome<SessionStart>> {
  const result = await api.call('reset', request);
  if (!result.ok) return failed(result);
  const data: unknown = result.data;
  if (isSession(data)) return { ok: true, data };
  return logIn(api, request.email, request.password);
}
