import { useEffect, useState } from 'react';
import { ERROR_CODES, type CallResponse } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';

export type InstallProgress = CallResponse<'eidInstallProcess'>;

/** The first wait between two asks, doubled after each up to the last. */
export const POLL_FIRST_MS = 2_000;
export const POLL_LONGEST_MS = 30_000;

/**
 * A pending profile's install state from the provider (/eid/installProcess), asked again with back-off (2 s, 4 s,
 * ... 30 s) until it is installed or failed (or the api says it is installed already, 100606/100608), or the page is
 * left (`active` false or unmount). `onDone` runs once it is done (the page reloads its profiles). Quiet: another
 * failed ask waits and asks again.
 */
export function useInstallProgress(eid: string, iccid: string, active: boolean, onDone: () => void) {
  const [progress, setProgress] = useState<InstallProgress | null>(null);
  useEffect(() => {
    if (!active || !iccid) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = POLL_FIRST_MS;
    const ask = async () => {
      const result = await getApiClient().call(
        'eidInstallProcess',
        { eid, iccid },
        { closeMessage: true, disableBack: true },
      );
      if (stopped) return;
      if (result.ok) {
        setProgress(result.data);
        if (result.data.state === 'installed' || result.data.state === 'failed') {
          onDone();
          return;
        }
      } else if (result.code === ERROR_CODES.ALREADY_INSTALLED || result.code === ERROR_CODES.ALREADY_INSTALLED_ALT) {
        // Installed (or deleted) since the list was read: nothing more to follow.
        onDone();
        return;
      }
      timer = setTimeout(() => void ask(), wait);
      wait = Math.min(wait * 2, POLL_LONGEST_MS);
    };
    void ask();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // onDone is the page's reload, stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eid, iccid, active]);
  return progress;
}
