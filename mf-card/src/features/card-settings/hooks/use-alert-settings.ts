import { useCallback, useEffect, useState } from 'react';
import { getBus } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { loadAlertSettings, saveAlertSettings, type AlertChoice, type AlertSettings } from '../api/alert-settings';

export type AlertSettingsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; settings: AlertSettings };

/** The toast after a save: the panel's own words, in mf-card's 'cardMore' namespace (loaded by the panel). */
export const ALERTS_SAVED_KEY = 'cardMore:alerts.saved';

/** The card's alert settings: loaded once per card (again on retry), saved on demand. */
export function useAlertSettings(iccid: string) {
  const [state, setState] = useState<AlertSettingsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void loadAlertSettings(getApiClient(), iccid).then((result) => {
      if (live) setState(result.ok ? { status: 'ready', settings: result.data } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [iccid, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** true once stored; a refusal keeps what was there (the client has shown the catalogue message). */
  const save = useCallback(
    async (choice: AlertChoice): Promise<boolean> => {
      setSaving(true);
      const result = await saveAlertSettings(getApiClient(), iccid, choice);
      setSaving(false);
      if (!result.ok) return false;
      setState({ status: 'ready', settings: result.data });
      getBus().publish('toast', { kind: 'success', messageKey: ALERTS_SAVED_KEY });
      return true;
    },
    [iccid],
  );

  return { state, saving, save, retry };
}
