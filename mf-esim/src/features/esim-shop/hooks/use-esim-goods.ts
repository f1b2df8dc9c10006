import { useCallback, useEffect, useState } from 'react';
import { type EsimGoods, type Language } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { esimGoodsList } from '../api/esim-goods';

export type GoodsState =
  | { status: 'loading' }
  | { status: 'ready'; list: EsimGoods[]; typeList: string[]; typeLabels?: Record<string, string> }
  | { status: 'failed'; code: number; message: string; network: boolean };

/** The slot's products in the page language and currency. */
export function useEsimGoods({ eid, lang, ccy }: { eid: string; lang: Language; ccy: string }) {
  const [state, setState] = useState<GoodsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    void esimGoodsList(getApiClient(), { eid, lang, ccy }).then((result) => {
      if (cancelled) return;
      setState(
        result.ok
          ? {
              status: 'ready',
              list: result.data.list,
              typeList: result.data.typeList,
              typeLabels: result.data.typeLabels,
            }
          : { status: 'failed', code: result.code, message: result.message, network: result.network === true },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [eid, lang, ccy, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
