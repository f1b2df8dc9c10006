import { useEffect, useState } from 'react';
import { type Language, type PackageResponse } from 'shared-contracts';
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
  const [state, setState] = useState<PackagesState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    setState({ status: 'loading' });
    void getPkg(getApiClient(), { iccid, lang, ccy }).then((result) => {
      if (cancelled) return;
      setState(result.ok ? { status: 'ready', packages: result.data } : { status: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, [iccid, lang, ccy, enabled]);
  return state;
}
