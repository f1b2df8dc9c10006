import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getBus, STORAGE_KEYS, type ApiClient, type SafeStorage } from 'shared-contracts';
import { AuthContext, type UserInfo } from '../../../lib/auth';
import { whenIdle } from '../../../lib/idle';
import { getUserInfo } from '../api/get-user-info';
import { takeReceiptFromQuery } from '../lib/receipt';
import { useBusEvent } from '../../../lib/use-bus-event';

/**
 * The auth receipt: `access_token` in the query is stored as RECEIPT and removed from the address bar; with a
 * receipt the user's info is loaded. A session end (published by the api client) clears the user and navigates
 * to where the client says (spec section 8).
 */
export function AuthProvider({
  client,
  storage,
  freshReceipt = false,
  children,
}: {
  client: ApiClient;
  storage: SafeStorage;
  /** The page was opened with access_token (taken before the first render): report a bad one. */
  freshReceipt?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [user, setUser] = useState<UserInfo | null>(null);
  const [receiptVersion, setReceiptVersion] = useState(0);
  const userIdRef = useRef<number | null>(null);
  userIdRef.current = user?.user_id ?? null;

  // access_token in the query (any route) → RECEIPT, then drop it from the URL.
  useEffect(() => {
    const taken = takeReceiptFromQuery(location.search, storage);
    if (!taken) return;
    navigate({ pathname: location.pathname, search: taken.search, hash: location.hash }, { replace: true });
    setReceiptVersion((n) => n + 1);
  }, [location.search, location.pathname, location.hash, navigate, storage]);

  useEffect(() => {
    if (!storage.get(STORAGE_KEYS.RECEIPT)) return undefined;
    let cancelled = false;
    const stored = receiptVersion === 0 && !freshReceipt;
    const load = () =>
      void getUserInfo(client, storage, { quiet: stored }).then((info) => {
        if (cancelled) return;
        userIdRef.current = info?.user_id ?? null;
        setUser(info);
        getBus().publish('auth:changed', info ? { email: info.email, userId: info.user_id } : null);
      });
    // A receipt kept from an earlier visit: the account's details wait for an idle moment, so the page's first view
    // (which the receipt already opens) gets the network first. A login or an access_token link: at once.
    const cancelIdle = stored ? whenIdle(load) : (load(), () => undefined);
    return () => {
      cancelled = true;
      cancelIdle();
    };
    // freshReceipt only matters for the first load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, storage, receiptVersion]);

  useBusEvent('session:end', ({ redirectTo }) => {
    setUser(null);
    getBus().publish('auth:changed', null);
    if (redirectTo) navigate(redirectTo);
  });

  // A remote that logs the user in or out (mf-account) announces it; the shell follows.
  useBusEvent('auth:changed', (next) => {
    if (next === null) setUser(null);
    else if (next.userId !== userIdRef.current && storage.get(STORAGE_KEYS.RECEIPT)) setReceiptVersion((n) => n + 1);
    // The same account with a new address (e-mail change on /user/info).
    else setUser((current) => (current && current.email !== next.email ? { ...current, email: next.email } : current));
  });

  const value = useMemo(() => ({ user, loggedIn: user !== null }), [user]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
