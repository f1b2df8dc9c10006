import { useCallback, useEffect, useState } from 'react';
import { type EidInfo } from 'shared-contracts';
import { getApiClient } from '../../lib/api-client';

export type EidInfoState =
  | { status: 'loading' }
  | { status: 'ready'; info: EidInfo }
  | { status: 'failed'; code: number; message: string; network: boolean };

/**
 * The slot of the page (/eid/info). A failure is shown on the page (closeMessage), and a session end stays here
 * (disableBack): the page offers the login itself.
 */
export function useEidInfo(eid: string) {
  const [state, setState] = useState<EidInfoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    void getApiClient()
      .call('eidInfo', { eid }, { closeMessage: true, disableBack: true })
      .then((result) => {
        if (cancelled) return;
        setState(
          result.ok
            ? { status: 'ready', info: result.data }
            : { status: 'failed', code: result.code, message: result.message, network: result.network === true },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [eid, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
