import { useEffect, useRef, useState } from 'react';
import { type Language, type OrderStatus, type PayReturn } from 'shared-contracts';
import { getApiClient } from '../../lib/api-client';
import { findOrder, paySearch } from './api';

/** How often and how long a pending order is asked again (the provider's event may come a moment later). */
export const PAY_POLL_MS = 2000;
const PAY_POLL_TRIES = 8;

export type PayReturnStatus = 'checking' | OrderStatus | 'unknown';

/** What the return dialog names: package, amount and currency (the api's record, else what the sheet stored). */
export interface PaidOrder {
  name: string | null;
  amount: number | null;
  currency: string | null;
}

/**
 * After returnType=suc: asks /pay/search about the order (again every PAY_POLL_MS while it is pending, at most
 * PAY_POLL_TRIES times) and the order's record for the dialog; `onPaid` runs once when the order is paid, so the
 * card page loads the card with its new package.
 */
export function usePayReturn(
  iccid: string,
  orderId: string | null,
  stored: PayReturn | null,
  lang: Language,
  onPaid: () => void,
) {
  const [status, setStatus] = useState<PayReturnStatus>(orderId ? 'checking' : 'unknown');
  const [order, setOrder] = useState<PaidOrder>({
    name: stored?.name ?? null,
    amount: stored?.amount ?? null,
    currency: stored?.currency ?? null,
  });
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  /** Asking again (recheck): the order turned out paid while the buyer was about to pay it again. */
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!orderId) return undefined;
    const client = getApiClient();
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let detailed = false;
    const details = async () => {
      if (detailed) return;
      detailed = true;
      const record = await findOrder(client, iccid, orderId, lang);
      // The total charged, as the sheet stored it: the record's amount is before tax.
      if (!cancelled && record) {
        setOrder({ name: record.name, amount: record.amount + record.tax, currency: record.currency });
      }
    };
    const ask = async (tries: number) => {
      const result = await paySearch(client, orderId);
      if (cancelled) return;
      if (!result.ok) {
        setStatus('unknown');
        return;
      }
      const next = result.data.status;
      setStatus(next);
      if (next === 'paid' || next === 'pending') void details();
      if (next === 'paid') onPaidRef.current();
      if (next === 'pending' && tries > 1) timer = setTimeout(() => void ask(tries - 1), PAY_POLL_MS);
    };
    void ask(PAY_POLL_TRIES);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [iccid, orderId, lang, round]);

  return { status, order, recheck: () => setRound((current) => current + 1) };
}
