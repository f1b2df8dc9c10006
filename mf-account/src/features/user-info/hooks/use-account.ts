import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiClient, type UserInfo } from 'shared-contracts';
import { loadAccount, loadCurrencies } from '../api/account';

export type AccountState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; user: UserInfo; currencies: string[] };

/** The account and the site's currency list, with a reload for Retry and an update after an e-mail change. */
export function useAccount(api: ApiClient, enabled: boolean) {
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    const [account, currencies] = await Promise.all([loadAccount(api), loadCurrencies(api, window.location.href)]);
    if (ticket !== latest.current) return;
    setState(account.ok ? { status: 'ready', user: account.data, currencies } : { status: 'error' });
  }, [api]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  const setEmail = useCallback((email: string) => {
    setState((current) => (current.status === 'ready' ? { ...current, user: { ...current.user, email } } : current));
  }, []);

  return { state, reload: load, setEmail };
}
