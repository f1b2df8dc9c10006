import { startTransition, useCallback, useEffect, useState } from 'react';
import {
  aheadOf,
  normalizeLanguage,
  peekInitialResult,
  useInitialCall,
  type CallResult,
  type Language,
  type PackageRecordGroups,
  type RoutePrefetch,
} from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { firstRecordsRequest, getRecords } from '../api/get-records';

export type RecordsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; groups: PackageRecordGroups }
  | { status: 'failed'; code: number; message: string; network: boolean };

/**
 * mf_card/routes' prefetch of /pkg?iccid=…: the card's packages are asked ahead while the page starts; the page's
 * same call takes the answer from the api client.
 */
export function prefetchRecords({ search, lang }: RoutePrefetch): void {
  const request = firstRecordsRequest(search, normalizeLanguage(lang));
  if (request) void getRecords(aheadOf(getApiClient()), request);
}

function recordsState(result: CallResult<'pkgRecord'>): RecordsState {
  return result.ok
    ? { status: 'ready', groups: result.data }
    : { status: 'failed', code: result.code, message: result.message, network: Boolean(result.network) };
}

/** The purchased packages of `iccid` (null: nothing to load); `retry` loads them again. */
export function useRecords(iccid: string | null, lang: Language) {
  // Server-side rendering: the records may have come with the page (their answer in it), and are not asked again.
  const [state, setState, loadedWithPage] = useInitialCall<RecordsState>(
    `${iccid}|${lang}`,
    () => {
      const seeded = iccid ? peekInitialResult('pkgRecord', { iccid, lang }) : null;
      return seeded && recordsState(seeded);
    },
    { status: iccid ? 'loading' : 'idle' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!iccid) {
      setState({ status: 'idle' });
      return;
    }
    if (attempt === 0 && loadedWithPage(`${iccid}|${lang}`)) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    void getRecords(getApiClient(), { iccid, lang }, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      // A transition: the records render in slices.
      startTransition(() => setState(recordsState(result)));
    });
    return () => controller.abort();
  }, [iccid, lang, attempt, loadedWithPage, setState]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
