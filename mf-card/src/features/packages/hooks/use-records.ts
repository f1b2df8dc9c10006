import { startTransition, useCallback, useEffect, useState } from 'react';
import {
  normalizeLanguage,
  type CallResult,
  type Language,
  type PackageRecordGroups,
  type RoutePrefetch,
} from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { keepPrefetched, takePrefetched } from '../../../lib/prefetched';
import { firstRecordsRequest, getRecords } from '../api/get-records';

export type RecordsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; groups: PackageRecordGroups }
  | { status: 'failed'; code: number; message: string; network: boolean };

const recordsKey = (iccid: string, lang: Language) => `records|${iccid}|${lang}`;

/** mf_card/routes' prefetch of /pkg?iccid=…: the card's packages are asked while the page starts. */
export function prefetchRecords({ search, lang }: RoutePrefetch): void {
  const request = firstRecordsRequest(search, normalizeLanguage(lang));
  if (request) keepPrefetched(recordsKey(request.iccid, request.lang), getRecords(getApiClient(), request));
}

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
    const early = attempt === 0 ? takePrefetched<Promise<CallResult<'pkgRecord'>>>(recordsKey(iccid, lang)) : null;
    void (early ?? getRecords(getApiClient(), { iccid, lang }, controller.signal)).then((result) => {
      if (controller.signal.aborted) return;
      // A transition: the records render in slices.
      startTransition(() =>
        setState(
          result.ok
            ? { status: 'ready', groups: result.data }
            : { status: 'failed', code: result.code, message: result.message, network: Boolean(result.network) },
        ),
      );
    });
    return () => controller.abort();
  }, [iccid, lang, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
