import { createSafeStorage, type SafeStorage } from 'shared-contracts';
import { type ThirdPartyProvider } from '../api/third-party';

/** Our callback page (registered with each provider by the api's OAUTH_REDIRECT_URLS). */
const CALLBACK_PATH = '/user/login/callback';
const PENDING_KEY = 'THIRD_PARTY_LOGIN';

/** A sign-in this tab started: the callback only finishes one whose state it remembers (no login CSRF). */
export interface PendingThirdParty {
  provider: ThirdPartyProvider;
  state: string;
  redirectUri: string;
  /** The login page's ?redirect=, kept across the trip to the provider. */
  redirect: string | null;
}

function tabStorage(): SafeStorage {
  let backing: Storage | null = null;
  try {
    backing = globalThis.sessionStorage ?? null;
  } catch {
    backing = null;
  }
  return createSafeStorage(backing);
}

export function callbackUrl(origin = globalThis.location.origin): string {
  return `${origin}${CALLBACK_PATH}`;
}

export function rememberPending(pending: PendingThirdParty, storage: SafeStorage = tabStorage()): void {
  storage.setJSON(PENDING_KEY, pending);
}

/** The pending sign-in, removed as it is read: a callback URL works once. */
export function takePending(storage: SafeStorage = tabStorage()): PendingThirdParty | null {
  const pending = storage.getJSON<PendingThirdParty>(PENDING_KEY);
  storage.remove(PENDING_KEY);
  if (!pending || typeof pending.state !== 'string' || typeof pending.redirectUri !== 'string') return null;
  if (pending.provider !== 'google' && pending.provider !== 'facebook') return null;
  return pending;
}
