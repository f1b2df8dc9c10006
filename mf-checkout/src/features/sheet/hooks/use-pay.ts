import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getStorage,
  messageKeyFor,
  NETWORK_ERROR_KEY,
  PAY_LOADING_RESET_MS,
  STORAGE_KEYS,
  validateEmail,
  type ApiClient,
  type CallRequest,
  type CheckoutRequest,
  type PayMethod,
  type PayReturn,
} from 'shared-contracts';
import { deviceFingerprint } from '../lib/fingerprint';
import { isHttpUrl, pageExit } from 'shared-contracts/links';

export interface PayChoice {
  method: PayMethod;
  renewal: boolean;
  /** The billing address's e-mail, else the card's. */
  email?: string;
  /** Total shown on the confirmation sheet (minor units), kept for the return dialog. */
  total: number;
}

/** A key of namespace common or 'checkout:…' for the message under the pay button. */
export type PayError = string;

/** A version 4 uuid (PayPal's tracking id); undefined where the browser has no crypto at all. */
function uuid(): string | undefined {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  if (!crypto?.getRandomValues) return undefined;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** createPay's payload (spec section 7): trackingId only for PayPal renewals, email only when it is valid. */
function createPayRequest(
  request: CheckoutRequest,
  choice: PayChoice,
  fingerprint: string | undefined,
): CallRequest<'createPay'> {
  const { goods, iccid, flag, lang, pool_object_id: poolObjectId } = request;
  const email = choice.email ? validateEmail(choice.email) : null;
  const trackingId = choice.method === 'paypal' && choice.renewal ? uuid() : undefined;
  return {
    id: goods.id,
    renewal: choice.renewal,
    ...(iccid ? { iccid } : {}),
    flag,
    ...(poolObjectId ? { pool_object_id: poolObjectId } : {}),
    lang,
    ccy: (goods.currency || request.ccy).toUpperCase(),
    ...(email?.ok ? { email: email.value } : {}),
    pay: choice.method,
    ...(trackingId ? { trackingId } : {}),
    ...(fingerprint ? { fingerprint } : {}),
  };
}

/** esimOrderProfile's payload: a new profile for the request's slot (no card, no renewal). */
function orderProfileRequest(
  request: CheckoutRequest & { eid: string },
  choice: PayChoice,
  fingerprint: string | undefined,
): CallRequest<'esimOrderProfile'> {
  const email = choice.email ? validateEmail(choice.email) : null;
  return {
    eid: request.eid,
    id: request.goods.id,
    lang: request.lang,
    ccy: (request.goods.currency || request.ccy).toUpperCase(),
    pay: choice.method,
    ...(email?.ok ? { email: email.value } : {}),
    ...(fingerprint ? { fingerprint } : {}),
  };
}

/** Starts the purchase: a new eSIM profile for a slot (eSIM shop), else a package or pool plan. */
function startPurchase(client: ApiClient, request: CheckoutRequest, choice: PayChoice, fingerprint?: string) {
  const { eid } = request;
  return eid
    ? client.call('esimOrderProfile', orderProfileRequest({ ...request, eid }, choice, fingerprint), {
        closeMessage: true,
      })
    : client.call('createPay', createPayRequest(request, choice, fingerprint), { closeMessage: true });
}

/**
 * Pay: one createPay in flight at a time (a double tap never starts two orders; the api dedupes too), PAY_RETURN
 * stored, then the browser goes to pay_url, only when it is an http(s) address. The button's loading state clears
 * after PAY_LOADING_RESET_MS even when the page did not leave (spec section 9).
 */
export function usePay(request: CheckoutRequest, client: ApiClient) {
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<PayError | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const pay = useCallback(
    async (choice: PayChoice) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setError(null);
      setPaying(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setPaying(false), PAY_LOADING_RESET_MS);
      const stop = (message: PayError) => {
        clearTimeout(timer.current);
        setPaying(false);
        setError(message);
      };
      try {
        const fingerprint = choice.method === 'stripe' ? await deviceFingerprint() : undefined;
        const result = await startPurchase(client, request, choice, fingerprint);
        if (!result.ok) {
          if (!result.aborted) stop(result.network ? NETWORK_ERROR_KEY : messageKeyFor(result.code, result.message));
          return;
        }
        const { pay_url: payUrl, order_id: orderId } = result.data;
        if (!isHttpUrl(payUrl)) {
          stop('checkout:confirm.badPayUrl');
          return;
        }
        const stored: PayReturn = {
          id: request.goods.id,
          pay: choice.method,
          iccid: request.iccid,
          flag: request.flag,
          mode: request.goods.mode,
          ...(orderId ? { order_id: orderId } : {}),
          ...(request.pool_object_id ? { pool_object_id: request.pool_object_id } : {}),
          ...(request.eid ? { eid: request.eid } : {}),
          name: request.goods.name,
          amount: choice.total,
          currency: request.goods.currency,
          at: Date.now(),
        };
        getStorage().setJSON(STORAGE_KEYS.PAY_RETURN, stored);
        pageExit.assign(payUrl);
      } finally {
        inFlight.current = false;
      }
    },
    [client, request],
  );

  return { pay, paying, error };
}
