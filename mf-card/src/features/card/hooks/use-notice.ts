import { useEffect, useState } from 'react';
import { type Language, type Notice } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { checkNotice } from '../api/check-notice';
import { takePrefetchedNotice } from '../lib/card-prefetch';

/**
 * How long the parts below the card info wait for the notice: the strip sits above them, and arriving after them it
 * would push the packages down under the reader's thumb (a layout shift). A slower answer still shows, late.
 */
export const NOTICE_WAIT_MS = 1000;

export type NoticeState = { settled: boolean; notice: Notice | null };

/**
 * The card's newest unread notice (get/notice), once `ccy` is known (null: not yet). `settled`: answered, failed
 * or waited for NOTICE_WAIT_MS.
 */
export function useNotice(iccid: string, lang: Language, ccy: string | null): NoticeState {
  const [state, setState] = useState<NoticeState>({ settled: false, notice: null });
  useEffect(() => {
    if (ccy === null) return;
    let live = true;
    setState({ settled: false, notice: null });
    const timer = window.setTimeout(() => {
      if (live) setState((previous) => ({ ...previous, settled: true }));
    }, NOTICE_WAIT_MS);
    void (async () => {
      // On the page's first load it was usually asked already, while the page started.
      const early = await takePrefetchedNotice(iccid, lang, ccy);
      const result = early ?? (await checkNotice(getApiClient(), { iccid, lang, ccy }));
      if (!live) return;
      window.clearTimeout(timer);
      setState({ settled: true, notice: result.ok ? result.data.notice : null });
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [iccid, lang, ccy]);
  return state;
}
