/**
 * Answers a route's prefetch asked for while the page started (mf_card/routes), kept for the page to take once.
 * Older than PREFETCHED_MAX_AGE_MS, or taken already: the page asks again.
 */
export const PREFETCHED_MAX_AGE_MS = 10_000;

const kept = new Map<string, { at: number; value: unknown }>();

export function keepPrefetched<T>(key: string, value: Promise<T>): void {
  // A failure is the page's to report when it takes the answer; nothing is left unhandled meanwhile.
  value.catch(() => undefined);
  kept.set(key, { at: Date.now(), value });
}

export function takePrefetched<T>(key: string): Promise<T> | null {
  const entry = kept.get(key);
  kept.delete(key);
  if (!entry || Date.now() - entry.at > PREFETCHED_MAX_AGE_MS) return null;
  return entry.value as Promise<T>;
}
