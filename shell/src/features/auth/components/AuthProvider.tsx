import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getBus, peekInitialResult, STORAGE_KEYS, type ApiClient, type SafeStorage } from 'shared-contracts';
import { AuthContext, type LinkLogin, type UserInfo } from '../../../lib/auth';
import { whenIdle } from '../../../lib/idle';
import { getUserInfo } from '../api/get-user-info';
import { resolveAccessLink } from '../api/resolve-link';
import {
  clearLogin,
  forgetLinkLogin,
  linkLoginUnconfirmed,
  pendingReceipt,
  settlePendingReceipt,
  storeLogin,
  takeReceiptFromQuery,
} from '../lib/receipt';
import { useBusEvent } from '../../../lib/use-bus-event';

const SwitchAccountDialog = lazy(() => import(/* webpackChunkName: "switch-account" */ './SwitchAccountDialog'));

/** A link of another account than the one signed in, waiting for the user's choice. */
interface SwitchOffer {
  token: string;
  mine: UserInfo;
  theirs: UserInfo;
}

/**
 * The auth receipt: `access_token` in the query is stored as RECEIPT and removed from the address bar; with a
 * receipt the user's info is loaded. A link of another account than the one signed in never replaces it on its own:
 * both are checked with the api and the user is asked (stay, or switch). A link that signs in where no login was
 * stored does so (the spec's parameter), and the page then says whose account it is until the user keeps it or
 * signs out (linkLogin, LinkLoginNotice). A session end (published by the api client) clears the user and navigates
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
  // A link's token while another login is stored (taken at start, or on a later navigation).
  const [link, setLink] = useState<string | null>(() => pendingReceipt());
  // Server-side rendering: the account came with the page (the server asked with the login's cookie), so the
  // header renders logged in on the server and in the hydrating render alike.
  const [fromPage] = useState<UserInfo | null>(() => {
    if (link !== null || !storage.get(STORAGE_KEYS.RECEIPT)) return null;
    const seeded = peekInitialResult('getUserInfo', {});
    return seeded?.ok ? seeded.data : null;
  });
  const [user, setUser] = useState<UserInfo | null>(fromPage);
  const [receiptVersion, setReceiptVersion] = useState(0);
  const linkAtStart = useRef(link !== null);
  const [offer, setOffer] = useState<SwitchOffer | null>(null);
  // The login came from a link on its own and the user has not said it is theirs.
  const [fromLink, setFromLink] = useState(false);
  const userIdRef = useRef<number | null>(null);
  userIdRef.current = user?.user_id ?? null;

  const signedIn = useCallback(
    (info: UserInfo | null) => {
      userIdRef.current = info?.user_id ?? null;
      setUser(info);
      setFromLink(info !== null && linkLoginUnconfirmed(storage));
      getBus().publish('auth:changed', info ? { email: info.email, userId: info.user_id } : null);
    },
    [storage],
  );

  // access_token in the query (any route) → RECEIPT (or a choice, see above), then drop it from the URL.
  useEffect(() => {
    const taken = takeReceiptFromQuery(location.search, storage);
    if (!taken) return;
    navigate({ pathname: location.pathname, search: taken.search, hash: location.hash }, { replace: true });
    if (taken.pending) setLink(taken.token);
    else if (taken.token) setReceiptVersion((n) => n + 1);
  }, [location.search, location.pathname, location.hash, navigate, storage]);

  useEffect(() => {
    // A link waiting at start: its check below loads the stored login too.
    if (!storage.get(STORAGE_KEYS.RECEIPT) || (receiptVersion === 0 && linkAtStart.current)) return undefined;
    if (receiptVersion === 0 && fromPage) {
      // The account came with the page: kept as the api would have answered it, and announced as after a load.
      storage.set(STORAGE_KEYS.USER_EMAIL, fromPage.email);
      storage.set(STORAGE_KEYS.USER_ID, String(fromPage.user_id));
      signedIn(fromPage);
      return undefined;
    }
    let cancelled = false;
    const stored = receiptVersion === 0 && !freshReceipt;
    const load = () =>
      void getUserInfo(client, storage, { quiet: stored }).then((info) => {
        if (!cancelled) signedIn(info);
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

  // A link while another login is stored: which accounts they are decides (resolveAccessLink).
  useEffect(() => {
    if (!link) return undefined;
    let cancelled = false;
    void resolveAccessLink(client, storage, link).then((decision) => {
      if (cancelled) return;
      settlePendingReceipt(link);
      if (decision.kind === 'ask') {
        signedIn(decision.mine);
        setOffer({ token: link, mine: decision.mine, theirs: decision.theirs });
        return;
      }
      setLink(null);
      signedIn(decision.user);
      if (decision.kind === 'dropped' && decision.invalid) {
        getBus().publish('toast', { kind: 'warning', messageKey: 'shell:auth.linkInvalid' });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [client, storage, link, signedIn]);

  const stay = useCallback(() => {
    setOffer(null);
    setLink(null);
  }, []);
  const switchAccount = useCallback(() => {
    if (!offer) return;
    storeLogin(storage, offer.token, offer.theirs);
    setOffer(null);
    setLink(null);
    signedIn(offer.theirs);
  }, [offer, storage, signedIn]);

  const keepLinkLogin = useCallback(() => {
    forgetLinkLogin(storage);
    setFromLink(false);
  }, [storage]);
  const signOutLinkLogin = useCallback(async () => {
    // Ended on the server too (quietly: the page forgets the login either way).
    await client.call('logout', {}, { closeMessage: true, disableBack: true });
    clearLogin(storage);
    signedIn(null);
  }, [client, storage, signedIn]);

  useBusEvent('session:end', ({ redirectTo }) => {
    setUser(null);
    setFromLink(false);
    getBus().publish('auth:changed', null);
    if (redirectTo) navigate(redirectTo);
  });

  // A remote that logs the user in or out (mf-account) announces it; the shell follows.
  useBusEvent('auth:changed', (next) => {
    if (next === null) {
      setUser(null);
      setFromLink(false);
    } else if (next.userId !== userIdRef.current && storage.get(STORAGE_KEYS.RECEIPT)) setReceiptVersion((n) => n + 1);
    // The same account with a new address (e-mail change on /user/info).
    else setUser((current) => (current && current.email !== next.email ? { ...current, email: next.email } : current));
  });

  const linkLogin = useMemo<LinkLogin | null>(
    () => (user && fromLink ? { email: user.email, keep: keepLinkLogin, signOut: signOutLinkLogin } : null),
    [user, fromLink, keepLinkLogin, signOutLinkLogin],
  );
  const value = useMemo(() => ({ user, loggedIn: user !== null, linkLogin }), [user, linkLogin]);
  return (
    <AuthContext.Provider value={value}>
      {children}
      {offer ? (
        <Suspense fallback={null}>
          <SwitchAccountDialog
            current={offer.mine.email}
            other={offer.theirs.email}
            onStay={stay}
            onSwitch={switchAccount}
          />
        </Suspense>
      ) : null}
    </AuthContext.Provider>
  );
}
