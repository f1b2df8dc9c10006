import { type ApiClient, type UserInfo } from 'shared-contracts';
import { failed, type Outcome } from '../../../lib/problem';

/** The account's e-mail, id, region and currency. A session-end code also makes the client end the session. */
export async function loadAccount(api: ApiClient): Promise<Outcome<UserInfo>> {
  const result = await api.call('getUserInfo', {}, { closeMessage: true });
  return result.ok ? { ok: true, data: result.data } : failed(result);
}

/** The currencies the site offers (getConfig's list for this page's address); empty when unreachable. */
export async function loadCurrencies(api: ApiClient, url: string): Promise<string[]> {
  const result = await api.call('getConfig', { url }, { closeMessage: true });
  return result.ok ? result.data.ccy_list : [];
}

/** Mails a code to the NEW address (scene 'email'). */
export async function sendEmailCode(api: ApiClient, email: string): Promise<Outcome<true>> {
  const result = await api.call('getCode', { email, scene: 'email' });
  return result.ok ? { ok: true, data: true } : failed(result);
}

export async function changeEmail(
  api: ApiClient,
  email: string,
  code: string,
): Promise<Outcome<{ email: string; user_id: number }>> {
  const result = await api.call('updateEmail', { email, code });
  return result.ok ? { ok: true, data: result.data } : failed(result);
}

/** Region and currency to the account (spec: sent with closeMessage; the page says how it went). */
export async function saveSettings(api: ApiClient, settings: { area: string; ccy: string }): Promise<Outcome<true>> {
  const result = await api.call('userSet', settings, { closeMessage: true });
  return result.ok ? { ok: true, data: true } : failed(result);
}

/** Ends this receipt on the server. Quiet and staying put either way: the page forgets the login regardless. */
export async function logOut(api: ApiClient): Promise<void> {
  await api.call('logout', {}, { closeMessage: true, disableBack: true });
}

/** Ends every session of the user, this one included (/user/auth/logout/all). */
export async function logOutEverywhere(api: ApiClient): Promise<boolean> {
  const result = await api.call('logoutAll', {}, { disableBack: true });
  return result.ok;
}
