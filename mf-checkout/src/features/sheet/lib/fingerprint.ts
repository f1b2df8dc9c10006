// The device fingerprint of spec section 7 comes from the payment provider's own script. Stripe.js is fetched only
// when the api names a Stripe key for this purchase, after the sheet opened; it never holds up paying: at pay time
// the sheet waits at most FINGERPRINT_WAIT_MS for it, and offline or blocked it is simply left out.

/** Longest the pay button waits for Stripe.js. */
const FINGERPRINT_WAIT_MS = 800;

let loading: Promise<string | null> | null = null;

/** Stripe.js's device id cookie (set by its fraud signals on this site), if any. */
function stripeDeviceId(): string | null {
  if (typeof document === 'undefined') return null;
  const match = /(?:^|;\s*)__stripe_mid=([^;]+)/.exec(document.cookie);
  const value = match?.[1]?.trim();
  return value && value.length <= 512 ? value : null;
}

/** Starts loading Stripe.js once (only with a publishable key); errors are swallowed. */
export function prepareFingerprint(stripeKey: string | null | undefined): void {
  if (!stripeKey || loading) return;
  loading = import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(stripeKey))
    .then(() => stripeDeviceId())
    .catch(() => {
      loading = null;
      return null;
    });
}

/** The fingerprint for createPay, or undefined; resolves within `waitMs`. */
export async function deviceFingerprint(waitMs = FINGERPRINT_WAIT_MS): Promise<string | undefined> {
  const known = stripeDeviceId();
  if (known || !loading) return known ?? undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const value = await Promise.race([loading, late]);
  clearTimeout(timer);
  return value ?? stripeDeviceId() ?? undefined;
}
