import { useEffect } from 'react';
import { peekInitialResult, useInitialCall, type Language, type Notice } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { checkNotice } from '../api/check-notice';

/**
 * How long the parts below the card info wait for the notice: the strip sits above them, and arriving after them it
 * would push the packages down under the reader's thumb (a layout shift). A slower answer still shows, late.
 */
export const NOTICE_WAIT_MS = 1000;

export type NoticeState = { settled: boolean; notice: Notice | null };

/**
 * The card's newest unread notice (get/notice), once `ccy` is known (null: not asked). `settled`: the first answer
 * came, failed or was waited for NOTICE_WAIT_MS; it stays settled afterwards (another language asks again and the
 * strip changes when the answer comes), so what sits under the strip is never taken down and built again.
 */
export function useNotice(iccid: string, lang: Language, ccy: string | null): NoticeState {
  // Server-side rendering: the notice came with the page (its answer in the page), and is not asked again.
  const [state, setState, loadedWithPage] = useInitialCall<NoticeState & { iccid: string | null }>(
    `${iccid}|${lang}|${ccy}`,
    () => {
      const seeded = ccy === null ? null : peekInitialResult('checkNotice', { iccid, lang, ccy });
      return seeded && { settled: true, notice: seeded.ok ? seeded.data.notice : null, iccid };
    },
    { settled: false, notice: null, iccid: null },
  );
  useEffect(() => {
    if (ccy === null) return;
    // Its answer came with the page (also not asked again by a development double effect).
    if (loadedWithPage(`${iccid}|${lang}|${ccy}`)) return;
    let live = true;
    const timer = window.setTimeout(() => {
      if (live) setState((previous) => ({ ...previous, settled: true }));
    }, NOTICE_WAIT_MS);
    void (async () => {
      // On the page's first load it was usually asked already, while the page started (the api client hands it over).
      const result = await checkNotice(getApiClient(), { iccid, lang, ccy });
      if (!live) return;
      window.clearTimeout(timer);
      setState({ settled: true, notice: result.ok ? result.data.notice : null, iccid });
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [iccid, lang, ccy, loadedWithPage, setState]);
  // Another card's notice is never shown for this one.
  return { settled: state.settled, notice: state.iccid === iccid ? state.notice : null };
}
