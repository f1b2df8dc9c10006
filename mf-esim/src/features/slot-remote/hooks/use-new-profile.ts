import { useCallback, useEffect, useRef, useState } from 'react';
import { type ProfilesState } from './use-profiles';

/** How long, at most, the page waits for a paid order's profile, asking again with back-off (1 s, 2 s, ... 8 s). */
export const NEW_PROFILE_WAIT_MS = 90_000;
const FIRST_ASK_MS = 1_000;
const LONGEST_ASK_MS = 8_000;

/**
 * A paid order's new profile is ordered from the provider by the api's job queue, so it joins the slot's list a
 * moment after the payment. From `expect()` (the order was paid) until the list has more ICCIDs than it had then
 * (or NEW_PROFILE_WAIT_MS pass, or the page is left), the profiles are asked again with back-off, and `waiting` says
 * the new eSIM is being prepared.
 */
export function useNewProfile(profiles: ProfilesState, reload: () => void) {
  const [since, setSince] = useState<{ known: Set<string>; at: number } | null>(null);
  const latest = useRef(profiles);
  latest.current = profiles;
  const expect = useCallback(() => {
    const current = latest.current;
    const known = new Set(current.status === 'ready' ? current.list.map((profile) => profile.iccid) : []);
    setSince({ known, at: Date.now() });
    reload();
  }, [reload]);

  const arrived =
    since !== null &&
    profiles.status === 'ready' &&
    profiles.list.some((profile) => profile.iccid !== '' && !since.known.has(profile.iccid));

  useEffect(() => {
    if (!since || arrived) return undefined;
    let wait = FIRST_ASK_MS;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      if (Date.now() - since.at > NEW_PROFILE_WAIT_MS) {
        setSince(null);
        return;
      }
      timer = setTimeout(() => {
        reload();
        wait = Math.min(wait * 2, LONGEST_ASK_MS);
        next();
      }, wait);
    };
    next();
    return () => clearTimeout(timer);
  }, [since, arrived, reload]);

  useEffect(() => {
    if (arrived) setSince(null);
  }, [arrived]);

  return { expect, waiting: since !== null && !arrived };
}
