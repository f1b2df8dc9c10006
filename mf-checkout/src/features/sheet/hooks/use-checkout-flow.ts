import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CLIENT_MESSAGES,
  getBus,
  getStorage,
  STORAGE_KEYS,
  PACKAGE_MODE_FORCED_RENEWAL,
  PAY_LOADING_RESET_MS,
  SUCCESS_MESSAGES,
  type ApiClient,
  type CheckoutRequest,
  type PayMethod,
  type SavedAddress,
} from 'shared-contracts';
import { amountsOf } from '../lib/amounts';
import { prepareFingerprint } from '../lib/fingerprint';
import { stripeKeyOf, usePayCheck } from './use-pay-check';

/** What is open on top of the payment sheet. */
export type Step = 'sheet' | 'renewal' | 'unused' | 'email' | 'address' | 'reminder' | 'confirm';

/** The saved billing address with its tax rate (/save/address) and the e-mail it was saved with. */
export type BillingAddress = SavedAddress & { email: string };

// The purchase flow of spec section 4, after the pay check: each stage opens only when it applies.
const STAGES = ['unused', 'email', 'address', 'reminder', 'confirm'] as const;
type Stage = (typeof STAGES)[number];

/**
 * The payment sheet's state: renewal tick, method, agreement, the saved address, and which step of the purchase
 * flow is open (pay check → unused-package warning → address → reminder → confirmation).
 */
export function useCheckoutFlow(request: CheckoutRequest, client: ApiClient) {
  const { goods } = request;
  // A new eSIM profile never renews at purchase (its later packages renew on its own card page).
  const forced = !request.eid && goods.mode === PACKAGE_MODE_FORCED_RENEWAL;
  const { check, ensure } = usePayCheck(request, client);
  const [step, setStep] = useState<Step>('sheet');
  const [renewal, setRenewal] = useState(forced);
  const [forcedWarning, setForcedWarning] = useState(false);
  const [chosenMethod, setMethod] = useState<PayMethod>('stripe');
  const [agreed, setAgreed] = useState(true);
  const [address, setAddress] = useState<BillingAddress | null>(null);
  const [starting, setStarting] = useState(false);
  /** Buy was tapped at least once: a failed pay check is worth saying in the sheet from then on. */
  const [tried, setTried] = useState(false);
  /** A visitor's e-mail for a renewing purchase, asked in the flow when the card page gave none. */
  const [payerEmail, setPayerEmail] = useState<string | null>(null);

  const checked = check.status === 'ready' ? check.data : null;
  const paypal = goods.show_paypal && request.paypalAllowed && checked?.isShowPayPal === true;
  const method: PayMethod = chosenMethod === 'paypal' && !paypal ? 'stripe' : chosenMethod;
  const amounts = useMemo(() => amountsOf(goods, address?.taxRate ?? null), [goods, address]);
  // A free package is given without a billing address (no tax on nothing): the api does not ask for one either.
  const free = goods.price <= 0;

  useEffect(() => {
    if (checked) prepareFingerprint(stripeKeyOf(checked));
  }, [checked]);

  /**
   * A visitor who turns renewal on must name an e-mail: the method they pay with is saved for that address (the
   * payer, issue 23), which gets the reminder before each renewal and can remove the method. An account is the payer
   * itself; the card page's e-mail (request.email) or the billing address's serves too.
   */
  const needsEmail = (withRenewal: boolean, given: string | null) =>
    withRenewal && !getStorage().get(STORAGE_KEYS.RECEIPT) && !request.email?.trim() && !given;

  /** The first stage after `done` that applies, else the confirmation sheet. */
  const advance = useCallback(
    (done: Stage | null, needsAddress: boolean, saved: BillingAddress | null, given: string | null = payerEmail) => {
      const from = done === null ? 0 : STAGES.indexOf(done) + 1;
      for (const stage of STAGES.slice(from)) {
        if (stage === 'email' && needsEmail(renewal, given ?? saved?.email ?? null)) return setStep('email');
        // The address is saved for the card, or in the eSIM shop for the slot's account; with neither (a pool
        // bought without a card) the api applies no address tax and asks for none.
        if (stage === 'address' && needsAddress && !saved && (request.iccid || request.eid)) return setStep('address');
        if (stage === 'reminder' && request.renewalActive) return setStep('reminder');
        if (stage === 'confirm') return setStep('confirm');
      }
    },
    // needsEmail reads request.email and the stored login, both fixed while the sheet is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [request.iccid, request.eid, request.renewalActive, renewal, payerEmail],
  );

  const buy = useCallback(async () => {
    if (!agreed || starting) return;
    setTried(true);
    setStarting(true);
    // Like the pay button, Buy leaves its loading state after PAY_LOADING_RESET_MS even if the check hangs.
    const reset = setTimeout(() => setStarting(false), PAY_LOADING_RESET_MS);
    const result = await ensure();
    clearTimeout(reset);
    setStarting(false);
    // A failed check has shown its message (the api client's toast); the sheet stays for another try.
    if (result.status !== 'ready') return;
    if (result.unused) setStep('unused');
    else advance('unused', result.data.isShowAddress && !free, address);
  }, [agreed, starting, ensure, advance, address, free]);

  const toggleRenewal = useCallback(
    (next: boolean) => {
      if (forced) {
        // Mode 2: renewal stays on; unticking only says why.
        if (!next) {
          setForcedWarning(true);
          getBus().publish('toast', { kind: 'warning', messageKey: CLIENT_MESSAGES.firstPayAutoRenew });
        }
        return;
      }
      if (next) setStep('renewal');
      else setRenewal(false);
    },
    [forced],
  );

  const needsAddress = (checked?.isShowAddress ?? false) && !free;
  return {
    check,
    step,
    payerEmail,
    renewal,
    forced,
    forcedWarning,
    method,
    paypal,
    agreed,
    address,
    amounts,
    starting,
    tried,
    setMethod,
    setAgreed,
    buy,
    toggleRenewal,
    renewalAnswer(ok: boolean) {
      setRenewal(ok);
      setStep('sheet');
      if (!ok) getBus().publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.autoRenewCancelled });
    },
    acceptUnused: () => advance('unused', needsAddress, address),
    addressSaved(saved: BillingAddress) {
      setAddress(saved);
      advance('address', needsAddress, saved);
    },
    emailGiven(email: string) {
      setPayerEmail(email);
      advance('email', needsAddress, address, email);
    },
    /** The e-mail dialog closed: back to the sheet unless the flow went on (emailGiven). */
    emailClosed: () => setStep((current) => (current === 'email' ? 'sheet' : current)),
    continueAfterReminder: () => advance('reminder', needsAddress, address),
    backToSheet: () => setStep('sheet'),
  };
}
