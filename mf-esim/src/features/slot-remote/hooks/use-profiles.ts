import { useCallback, useEffect, useState } from 'react';
import { type EsimProfile } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { eidProfileList } from '../api/profile-list';

export type ProfilesState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; list: EsimProfile[] }
  | { status: 'failed'; code: number; message: string; network: boolean };

/** The slot's profiles; `enabled` false (no login) asks nothing. `reload` asks again (a paid order's new profile). */
export function useProfiles(eid: string, enabled: boolean) {
  const [state, setState] = useState<ProfilesState>({ status: enabled ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return undefined;
    }
    let cancelled = false;
    // A reload keeps the list on screen while it is asked again.
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    void eidProfileList(getApiClient(), { eid }).then((result) => {
      if (cancelled) return;
      setState(
        result.ok
          ? { status: 'ready', list: result.data.list }
          : { status: 'failed', code: result.code, message: result.message, network: result.network === true },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [eid, enabled, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
