// Server-side rendering (issue 27): a hook whose state comes from api calls starts from the answers the page came
// with (request-scope.ts peekInitialResult), so the server's render and the client's hydrating render are the same,
// and its loading effect does not ask again what the page already has.
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State that a loading effect fills, starting from the page's answers when it has them.
 *
 * `key` names what the effect loads (its dependencies, e.g. `${iccid}|${lang}|${ccy}`); `fromPage` builds the state
 * from the page's answers (peekInitialResult) or answers null when they are not all there; `loading` otherwise.
 * `loadedWithPage(key)`, called by the effect before it loads: true when the state already holds what the page came
 * with for this key (the effect then does not load; also true again for a development double effect); once the
 * effect asks for another key, false for good (a later change back loads as usual).
 */
export function useInitialCall<S>(
  key: string,
  fromPage: () => S | null,
  loading: S,
): [state: S, setState: Dispatch<SetStateAction<S>>, loadedWithPage: (key: string) => boolean] {
  const [first] = useState(() => {
    const seeded = fromPage();
    return seeded === null ? { state: loading, seeded: false } : { state: seeded, seeded: true };
  });
  const [state, setState] = useState<S>(first.state);
  const seededKey = useRef<string | null>(first.seeded ? key : null);
  const loadedWithPage = useCallback((current: string) => {
    if (seededKey.current === current) return true;
    seededKey.current = null;
    return false;
  }, []);
  return [state, setState, loadedWithPage];
}
