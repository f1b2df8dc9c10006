import { getStorage, isServerRender, STORAGE_KEYS } from 'shared-contracts';

/**
 * What a route's prefetch asked for while the page started (mf_card/routes' `prefetch`), kept for the page to take
 * once. Older than PREFETCHED_MAX_AGE_MS, taken already, or asked under another login (the receipt the calls carried
 * is part of the key: an answer for one account is never handed to another): the page asks again. The api client's
 * calls never reject (they answer a result), so a kept call left untaken is never an unhandled rejection.
 */
export const PREFETCHED_MAX_AGE_MS = 10_000;

const kept = new Map<string, { at: number; value: unknown }>();

const underLogin = (key: string) => `${getStorage().get(STORAGE_KEYS.RECEIPT) ?? ''}|${key}`;

export function keepPrefetched<T>(key: string, value: T): void {
  // On the server nothing takes them (effects do not run): the request's answers live in its scope instead.
  if (isServerRender()) return;
  kept.set(underLogin(key), { at: Date.now(), value });
}

export function takePrefetched<T>(key: string): T | null {
  const entry = kept.get(underLogin(key));
  kept.delete(underLogin(key));
  if (!entry || Date.now() - entry.at > PREFETCHED_MAX_AGE_MS) return null;
  return entry.value as T;
}
