import { type ApiClient } from 'shared-contracts';
import { failed, type Outcome } from '../../../lib/problem';
import { type SessionStart } from '../../../lib/session';

export type ThirdPartyProvider = 'google' | 'facebook';

/** A provider the login page offers; `demo` when the local demo provider stands in for it (pnpm start). */
export interface OfferedProvider {
  provider: ThirdPartyProvider;
  demo: boolean;
}

/** The providers getConfig names for this page (none when the configuration cannot be read). */
export async function offeredProviders(api: ApiClient, url: string): Promise<OfferedProvider[]> {
  const result = await api.call('getConfig', { url }, { closeMessage: true });
  if (!result.ok) return [];
  const offered: OfferedProvider[] = [];
  for (const provider of ['google', 'facebook'] as const) {
    const value = result.data[provider];
    if (value) offered.push({ provider, demo: value === 'demo' });
  }
  return offered;
}

export async function startThirdParty(
  api: ApiClient,
  provider: ThirdPartyProvider,
  redirectUri: string,
): Promise<Outcome<{ url: string; state: string }>> {
  const result = await api.call('loginThirdPartyStart', { provider, redirect_uri: redirectUri });
  return result.ok ? { ok: true, data: result.data } : failed(result);
}

export async function finishThirdParty(
  api: ApiClient,
  request: { provider: ThirdPartyProvider; code: string; state: string; redirect_uri: string; iss?: string },
): Promise<Outcome<SessionStart>> {
  const result = await api.call('loginThirdParty', request);
  return result.ok ? { ok: true, data: result.data } : failed(result);
}
