import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiClient } from 'shared-contracts';
import { type Outcome } from '../../../lib/problem';
import { deletePaymentMethod, loadPaymentMethods, type PaymentMethod } from '../api/payment-methods';

export type PaymentMethodsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: PaymentMethod[] };

/** The account's saved payment methods, with a reload for Retry and the deletion of one. */
export function usePaymentMethods(api: ApiClient) {
  const [state, setState] = useState<PaymentMethodsState>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    const result = await loadPaymentMethods(api);
    if (ticket !== latest.current) return;
    setState(result.ok ? { status: 'ready', list: result.data } : { status: 'error' });
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = useCallback(
    async (id: number): Promise<Outcome<true>> => {
      const outcome = await deletePaymentMethod(api, id);
      if (outcome.ok) {
        setState((current) =>
          current.status === 'ready'
            ? { ...current, list: current.list.filter((method) => method.id !== id) }
            : current,
        );
      }
      return outcome;
    },
    [api],
  );

  return { state, reload: load, remove };
}
