import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ERROR_CODES,
  type ApiClient,
  type CallRequest,
  type CheckoutRequest,
  type PayCheckResponse,
} from 'shared-contracts';

export type PayCheck =
  | { status: 'pending' }
  /** unused: the card still has an unused package (10104 or unusedPackage): the user confirms before buying. */
  | { status: 'ready'; data: PayCheckResponse; unused: boolean }
  | { status: 'failed'; code: number; network: boolean };

/** The pay check of one purchase (spec section 7, checkPay: iccid, lang, ccy, amount). */
function payCheckRequest(request: CheckoutRequest): CallRequest<'checkPay'> {
  const { goods, iccid, eid, lang } = request;
  return {
    ...(iccid ? { iccid } : {}),
    ...(!iccid && eid ? { eid } : {}),
    lang,
    ccy: (goods.currency || request.ccy).toUpperCase(),
    amount: Math.max(0, goods.price),
  };
}

/**
 * The Stripe publishable key when Stripe takes this payment: the sheet loads Stripe.js for the fingerprint only
 * then. Only a publishable key is ever used in a page (never a secret key sent by mistake).
 */
export function stripeKeyOf(data: PayCheckResponse): string | null {
  const key = data.stripeKey;
  return typeof key === 'string' && /^pk_[A-Za-z0-9_]+$/.test(key) ? key : null;
}

// 10104 without data: the unused-package warning alone; the sheet carries on without an address step.
const UNUSED_ONLY: PayCheckResponse = { isShowAddress: false, isShowPayPal: false, unusedPackage: true };

/**
 * Runs the pay check as soon as the sheet opens (quietly: the sheet shows what it needs), so PayPal and the address
 * step are known before the user taps Buy. `ensure` gives the answer at Buy time: it waits for the running check,
 * or asks again, this time with the error message shown.
 */
export function usePayCheck(request: CheckoutRequest, client: ApiClient) {
  const [check, setCheck] = useState<PayCheck>({ status: 'pending' });
  const running = useRef<Promise<PayCheck> | null>(null);
  const latest = useRef<PayCheck>(check);
  // The sheet's request does not change while it is open (a new purchase mounts a new sheet).
  const [payload] = useState(() => payCheckRequest(request));

  const run = useCallback(
    (quiet: boolean): Promise<PayCheck> => {
      const promise = client.call('checkPay', payload, { closeMessage: quiet }).then((result): PayCheck => {
        if (result.ok) return { status: 'ready', data: result.data, unused: result.data.unusedPackage };
        if (result.code === ERROR_CODES.UNUSED_PACKAGE) return { status: 'ready', data: UNUSED_ONLY, unused: true };
        return { status: 'failed', code: result.code, network: Boolean(result.network) };
      });
      running.current = promise;
      void promise.then((next) => {
        if (running.current !== promise) return;
        running.current = null;
        latest.current = next;
        setCheck(next);
      });
      return promise;
    },
    [client, payload],
  );

  useEffect(() => {
    // Once per sheet (a development double effect must not ask twice).
    if (!running.current && latest.current.status === 'pending') void run(true);
  }, [run]);

  const ensure = useCallback(async (): Promise<PayCheck> => {
    if (running.current) return running.current;
    if (latest.current.status === 'ready') return latest.current;
    setCheck({ status: 'pending' });
    return run(false);
  }, [run]);

  return { check, ensure };
}
