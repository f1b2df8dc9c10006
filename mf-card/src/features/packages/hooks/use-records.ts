import { useCallback, useEffect, useState } from 'react';
import { type Language, type PackageRecordGroups } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { getRecords } from '../api/get-records';

export type RecordsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; groups: PackageRecordGroups }
  | { status: 'failed'; code: number; message: string; network: boolean };

/** The purchased packages of `iccid` (null: nothing to load); `retry` loads them again. */
export function useRecords(iccid: string | null, lang: Language) {
  const [state, setState] = useState<RecordsState>({ status: iccid ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!iccid) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    void getRecords(getApiClient(), { iccid, lang }, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setState({ status: 'ready', groups: result.data });
      else setState({ status: 'failed', code: result.code, message: result.message, network: Boolean(result.network) });
    });
    return () => controller.abort();
  }, [iccid, lang, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
