import { startTransition, useEffect } from 'react';
import { peekInitialResult, useInitialCall, type Language, type PackageResponse } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { getPkg } from '../api/get-pkg';

export type PackagesState =
  { status: 'loading' } | { status: 'ready'; packages: PackageResponse } | { status: 'failed' };

/** The card's packages in the page language and currency; `enabled` waits until the card (and its view) is known. */
export function usePackages({
  iccid,
  lang,
  ccy,
  enabled,
}: {
  iccid: string;
  lang: Language;
  ccy: string;
  enabled: boolean;
}) {
  // Server-side rendering: the packages came with the page (their answer in the page), and are not asked again.
  const [state, setState, loadedWithPage] = useInitialCall<PackagesState>(
    `${iccid}|${lang}|${ccy}`,
    () => {
      const seeded = enabled ? peekInitialResult('getPkg', { iccid, lang, ccy }) : null;
      if (!seeded) return null;
      return seeded.ok ? { status: 'ready', packages: seeded.data } : { status: 'failed' };
    },
    { status: 'loading' },
  );
  useEffect(() => {
    if (!enabled) return;
    // Its answer came with the page (also not asked again by a development double effect).
    if (loadedWithPage(`${iccid}|${lang}|${ccy}`)) return;
    let cancelled = false;
    setState({ status: 'loading' });
    // On the page's first load the packages were usually asked already, while the page started (the route's
    // prefetch): the api client hands that answer over.
    void (async () => {
      const result = await getPkg(getApiClient(), { iccid, lang, ccy });
      if (cancelled) return;
      // A transition: the package grid renders in slices (it is the page's largest part).
      startTransition(() => setState(result.ok ? { status: 'ready', packages: result.data } : { status: 'failed' }));
    })();
    return () => {
      cancelled = true;
    };
  }, [iccid, lang, ccy, enabled, loadedWithPage, setState]);
  return state;
}
