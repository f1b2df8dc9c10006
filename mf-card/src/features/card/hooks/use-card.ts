import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_FLAG,
  getBus,
  getStorage,
  isRefreshRedirect,
  peekInitialResult,
  redirectOnServer,
  useInitialCall,
  REFRESH_REDIRECT_DELAY_MS,
  STORAGE_KEYS,
  SUCCESS_MESSAGES,
  type AgentInfo,
  type Card,
  type Language,
} from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { refreshCard } from '../api/refresh-card';
import { askCard } from '../lib/card-calls';

export type CardState =
  | { status: 'loading' }
  /** agent: null when get/agent failed (the page still shows the card; PayPal then stays off). */
  | { status: 'ready'; card: Card; flag: string; agent: AgentInfo | null }
  | { status: 'failed'; code: number; network: boolean };

interface UseCardOptions {
  flag: string;
  iccid: string;
  lang: Language;
  /** The card check answered another flag: the page moves to /{flag}/{iccid}. */
  onFlag: (flag: string) => void;
}

/**
 * The card as the page already has it (server-side rendering: on the server once its calls came, on the client from
 * the page): its three answers, on this flag. null: the page loads it as usual.
 */
export function initialCardState(flag: string, iccid: string, lang: Language): CardState | null {
  const receipt = getStorage().get(STORAGE_KEYS.RECEIPT);
  const check = peekInitialResult('checkCard', receipt ? { flag, iccid, auth_token: receipt } : { flag, iccid });
  const card = peekInitialResult('getCard', { flag, iccid, lang });
  const agent = peekInitialResult('getAgent', { iccid });
  if (!check || !card || !agent) return null;
  if (!check.ok) return { status: 'failed', code: check.code, network: Boolean(check.network) };
  if ((check.data.flag || flag) !== flag) {
    // The card's page is on its own flag: the server sends the browser there (the client moves there itself).
    redirectOnServer(`/${encodeURIComponent(check.data.flag)}/${encodeURIComponent(iccid)}`);
    return null;
  }
  if (!card.ok) return { status: 'failed', code: card.code, network: Boolean(card.network) };
  return { status: 'ready', card: card.data, flag, agent: agent.ok ? agent.data : null };
}

/** The card of the page: check (flag), then load; refresh on demand with the spec's redirect codes. */
export function useCard({ flag, iccid, lang, onFlag }: UseCardOptions) {
  // The card may have come with the page (rendered on the server): its first load is then done already.
  const [state, setState, loadedWithPage] = useInitialCall<CardState>(
    `${flag}|${iccid}|${lang}`,
    () => initialCardState(flag, iccid, lang),
    { status: 'loading' },
  );
  const [refreshing, setRefreshing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The card on screen (flag, ICCID, language): loading it again (after a payment, a bind) keeps it shown meanwhile,
  // so dialogs open over the page (the pay return's) stay where they are.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const client = getApiClient();
    const key = `${flag}|${iccid}|${lang}`;
    const quiet = shown.current === key;
    // Where a session end returns to (spec section 8: the device page of the stored ICCID).
    getStorage().set(STORAGE_KEYS.DEVICE_ITEM_ICCID, iccid);
    // The card came with the page: not asked again (also not by a development double effect). A reload or another
    // card asks as before.
    if (attempt === 0 && loadedWithPage(key)) {
      shown.current = key;
      return;
    }
    if (!quiet) setState({ status: 'loading' });
    void (async () => {
      // check/card decides the flag, but the page's own flag is right almost always: the agent and the card are
      // asked at the same time (one round trip instead of two on a phone); a redirect drops their answers. On the
      // page's first load they were usually asked already, while the page started (mf_card/routes' prefetch): the
      // api client hands those answers over.
      const first = askCard(client, { flag, iccid, lang });
      const checked = await first.check;
      if (cancelled) return;
      if (!checked.ok) {
        if (!quiet) setState({ status: 'failed', code: checked.code, network: Boolean(checked.network) });
        return;
      }
      const cardFlag = checked.data.flag || flag;
      if (cardFlag !== flag) {
        // The page moves to the card's own flag and loads there.
        onFlag(cardFlag);
        return;
      }
      const [agent, loaded] = await Promise.all([first.agent, first.card]);
      if (cancelled) return;
      if (loaded.ok) shown.current = key;
      // A quiet reload that fails keeps the card it had.
      else if (quiet) return;
      // get/card is asked quietly (its flag may be the wrong one): now that the page uses its answer, a failure says
      // its message.
      else client.report(loaded);
      // A transition: the card's view renders in slices, so the packages' answer and taps are handled meanwhile.
      startTransition(() =>
        setState(
          loaded.ok
            ? { status: 'ready', card: loaded.data, flag: cardFlag, agent: agent.ok ? agent.data : null }
            : { status: 'failed', code: loaded.code, network: Boolean(loaded.network) },
        ),
      );
    })();
    return () => {
      cancelled = true;
    };
    // onFlag is a navigation callback; a new identity must not reload the card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flag, iccid, lang, attempt]);

  const refresh = useCallback(async () => {
    const currentFlag = state.status === 'ready' ? state.flag : flag;
    setRefreshing(true);
    const result = await refreshCard(getApiClient(), { flag: currentFlag, iccid });
    setRefreshing(false);
    if (result.ok) {
      setState((previous) => ({
        status: 'ready',
        card: result.data,
        flag: currentFlag,
        agent: previous.status === 'ready' ? previous.agent : null,
      }));
      getBus().publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.refreshSuccess });
    } else if (isRefreshRedirect(result.code)) {
      window.setTimeout(() => onFlag(DEFAULT_FLAG), REFRESH_REDIRECT_DELAY_MS);
    }
  }, [flag, iccid, onFlag, state, setState]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // Another screen changed this card (paid, renamed, bound): load it again.
  useEffect(
    () =>
      getBus().subscribe('card:refresh', (event) => {
        if (event.iccid === iccid) reload();
      }),
    [iccid, reload],
  );

  return { state, refreshing, refresh, reload };
}
