import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiClient, type Language, type OrderRecord } from 'shared-contracts';
import { loadOrders, type OrderScope } from '../api/orders';

export type OrdersState =
  | { status: 'loading' }
  | { status: 'failed'; network: boolean; code: number }
  | { status: 'ready'; list: OrderRecord[] };

/** The orders of `scope` (null: nobody to ask for), with a retry. */
export function useOrders(client: ApiClient, scope: OrderScope | null, lang: Language) {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  const latest = useRef(0);
  const key = scope === null ? '' : `${scope.kind === 'card' ? `card:${scope.iccid}` : 'user'}:${lang}`;

  const load = useCallback(async () => {
    if (scope === null) return;
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    const result = await loadOrders(client, scope, lang);
    if (ticket !== latest.current) return;
    setState(
      result.ok
        ? { status: 'ready', list: result.list }
        : { status: 'failed', network: result.network, code: result.code },
    );
    // The scope is compared by its key: a new object for the same card must not load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, retry: load };
}
