import { request as httpsRequest, type Agent } from 'node:https';
import type * as PaypalSdk from '@paypal/paypal-server-sdk';
import { currencyDigits } from 'shared-contracts';
import { parseOrderId } from '../view';
import {
  createPaypalCertStore,
  PAYPAL_AUTH_ALGO,
  paypalCertUrl,
  paypalSignedString,
  signedWith,
} from './paypal-signature';
import {
  eventOf,
  isPageOn,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type PaymentProvider,
  type ProviderSession,
  type RefundRequest,
  type VerifiedEvent,
  WebhookUnverifiable,
} from './types';

/**
 * PayPal Orders v2 through the official server SDK. createOrder (intent CAPTURE) with PayPal-Request-Id, so a retried
 * create is one PayPal order; the buyer approves on PayPal; CHECKOUT.ORDER.APPROVED (or the buyer's return, through
 * paySearch) makes us capture with a PayPal-Request-Id of the order; PAYMENT.CAPTURE.COMPLETED pays the order,
 * PENDING waits, DENIED fails it; PAYMENT.CAPTURE.REFUNDED and REVERSED say money went back, CUSTOMER.DISPUTE.CREATED
 * that the payer disputes the capture (payments/disputes.ts). Every webhook's transmission time must be within 300 s
 * and its signature is checked twice: first here (paypal-signature.ts: SHA256withRSA over the transmission and the
 * CRC32 of the body, with PayPal's certificate from its own host, fetched once and kept), so a forged post costs no
 * call to PayPal and none of the caller's limit on those calls (WebhookGuard); then, only for a post that passed, by
 * PayPal's verify-webhook-signature (not in the SDK: a plain authenticated POST) with the exact bytes received. A
 * check that cannot be made (PayPal or its certificate host down, slow, refusing our token) is WebhookUnverifiable:
 * the webhook answers 503 and PayPal delivers again. One OAuth token serves the SDK and the check, kept until shortly before it expires. A refund is
 * Payments v2's refund of the order's capture, with the refund's key as PayPal-Request-Id. Every request has a
 * timeout and is retried with backoff (timeouts, dropped connections, 408, 429, 5xx): our POSTs carry a
 * PayPal-Request-Id, so a retry is the same order, capture or refund at PayPal.
 */

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in the PayPal app: verify-webhook-signature checks the event was sent to it. */
  webhookId: string;
  environment: 'sandbox' | 'live';
  /** Tests: the agent every request goes through (a local server speaking the endpoints used). */
  httpsAgent?: Agent;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
  /** Retries of a call that may pass on a retry (retrying; default 2, waiting 1 s then 2 s). */
  retries?: { count: number; intervalSeconds: number };
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = { count: 2, intervalSeconds: 1 };
/** A token is used until this long before PayPal says it expires (at most half its life). */
const TOKEN_MARGIN_MS = 5 * 60_000;

const API_BASE = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;
const PAY_HOSTS = { sandbox: ['www.sandbox.paypal.com'], live: ['www.paypal.com'] } as const;
/** How long the buyer has to approve on PayPal (PayPal keeps an unapproved order about 3 hours). */
const APPROVAL_MINUTES = 3 * 60;

/** Minor units to PayPal's decimal string: '16.09', '1980' for JPY. */
export function paypalValue(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

/** PayPal's decimal string back to minor units; null when it is not a plain amount. */
export function minorOf(value: unknown, currency: string): number | null {
  if (typeof value !== 'string' || !/^\d{1,12}(\.\d{1,3})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = currencyDigits(currency);
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

interface PaypalMoney {
  currency_code?: string;
  value?: string;
}

interface PaypalResource {
  id?: string;
  status?: string;
  custom_id?: string;
  amount?: PaypalMoney;
  purchase_units?: Array<{ custom_id?: string; amount?: PaypalMoney }>;
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: Array<{ href?: string; rel?: string }>;
  /** A refund's: total_refunded_amount is what went back of its capture in all. */
  seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
  /** A dispute's (CUSTOMER.DISPUTE.CREATED). */
  dispute_id?: string;
  dispute_amount?: PaypalMoney;
  disputed_transactions?: Array<{ seller_transaction_id?: string }>;
}

interface PaypalEvent {
  id?: string;
  event_type?: string;
  resource?: PaypalResource;
}

/** PayPal's 422 for a capture with nothing left to refund: the refund we want already happened. */
function isFullyRefunded(error: unknown): boolean {
  const { statusCode, result } = error as { statusCode?: unknown; result?: { details?: Array<{ issue?: unknown }> } };
  return (
    statusCode === 422 &&
    (result?.details ?? []).some(
      ({ issue }) => issue === 'CAPTURE_FULLY_REFUNDED' || issue === 'CAPTURED_AMOUNT_FULLY_REFUNDED',
    )
  );
}

const CAPTURE_EVENTS: Record<string, VerifiedEvent['type']> = {
  'PAYMENT.CAPTURE.COMPLETED': 'succeeded',
  'PAYMENT.CAPTURE.PENDING': 'pending',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
};

/** A merchant's refund of a capture, and PayPal taking a capture back (a reversal: all of it is gone). */
const MONEY_BACK_EVENTS: Record<string, 'refund' | 'reversal'> = {
  'PAYMENT.CAPTURE.REFUNDED': 'refund',
  'PAYMENT.CAPTURE.REVERSED': 'reversal',
};

const CAPTURE_LINK = /\/v2\/payments\/captures\/([^/?#]+)$/;

/**
 * The capture a refund (or reversal) resource is about: a refund links its capture as "up"; a capture-shaped
 * resource is the capture itself ("self").
 */
function captureIdOf(resource: PaypalResource): string | null {
  for (const rel of ['up', 'self']) {
    const href = resource.links?.find((link) => link.rel === rel)?.href ?? '';
    const id = CAPTURE_LINK.exec(href)?.[1];
    if (id) return decodeURIComponent(id);
  }
  return null;
}

/** Minor units of a PayPal amount (PayPal writes some refund amounts negative), with its currency. */
function moneyOf(money: PaypalMoney | undefined): { amount: number | null; currency: string | null } {
  const currency = money?.currency_code ?? null;
  if (!currency) return { amount: null, currency: null };
  return { amount: minorOf(money?.value?.replace(/^-/, ''), currency), currency };
}

export function createPaypalProvider(settings: PaypalSettings): PaymentProvider {
  const now = settings.now ?? (() => new Date());
  const base = API_BASE[settings.environment];
  const timeout = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = settings.retries ?? DEFAULT_RETRIES;
  // PayPal's webhook signing certificates, fetched from PayPal's certificate host (or the REST api's own host).
  const certHosts = [new URL(base).hostname];
  const certs = createPaypalCertStore({ agent: settings.httpsAgent, timeoutMs: timeout, now });
  // The SDK is loaded on first use, not with the api: most starts never pay through PayPal, and importing it is the
  // largest single part of a cold start (bench/cold-start.mjs).
  let loaded:
    | Promise<{
        paypal: typeof PaypalSdk;
        client: PaypalSdk.Client;
        orders: PaypalSdk.OrdersController;
        payments: PaypalSdk.PaymentsController;
      }>
    | undefined;
  const sdk = () =>
    (loaded ??= import('@paypal/paypal-server-sdk').then(
      (paypal) => {
        const client = new paypal.Client({
          clientCredentialsAuthCredentials: {
            oAuthClientId: settings.clientId,
            oAuthClientSecret: settings.clientSecret,
            // The SDK's calls take the same token as the webhook check (one token per process, not one each).
            oAuthTokenProvider: async () => {
              const token = await currentToken();
              usedBySdk = token.token.accessToken;
              return sdkToken(token);
            },
          },
          environment: settings.environment === 'live' ? paypal.Environment.Production : paypal.Environment.Sandbox,
          timeout,
          // No logging option: the SDK's default NullLogger (its console logger would print every request).
          httpClientOptions: {
            timeout,
            // Retries are ours (retrying): the SDK's own would retry every error, a 422 refusal included, once it
            // is told to retry timeouts and dropped connections.
            retryConfig: { maxNumberOfRetries: 0 },
            ...(settings.httpsAgent ? { httpsAgent: settings.httpsAgent } : {}),
          },
        });
        return {
          paypal,
          client,
          orders: new paypal.OrdersController(client),
          payments: new paypal.PaymentsController(client),
        };
      },
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    ));

  /** A plain JSON POST to PayPal's REST api (for the one endpoint the SDK lacks); one try, within the timeout. */
  async function postRaw(
    path: string,
    payload: string,
    authorization: string,
  ): Promise<{ status: number; json: unknown }> {
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        `${base}${path}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization, 'content-length': Buffer.byteLength(payload) },
          timeout,
          ...(settings.httpsAgent ? { agent: settings.httpsAgent } : {}),
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', reject);
          response.on('end', () => {
            let json: unknown = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              // An HTML error page of a proxy in front of PayPal: the status tells what happened.
            }
            resolve({ status: response.statusCode ?? 0, json });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('PayPal did not answer in time')));
      request.on('error', reject);
      request.end(payload);
    });
  }

  interface CachedToken {
    token: PaypalSdk.OAuthToken;
    /** When (our clock, ms) a new one is fetched. */
    refreshAt: number;
  }
  let cached: CachedToken | undefined;
  /** The token the SDK's client was last given. */
  let usedBySdk: string | undefined;
  let fetching: Promise<CachedToken> | undefined;
  /** The OAuth token, fetched once (concurrent callers share the fetch) and kept until shortly before it expires. */
  async function currentToken(): Promise<CachedToken> {
    if (cached && now().getTime() < cached.refreshAt) return cached;
    fetching ??= (async () => {
      const { client } = await sdk();
      const token = await client.clientCredentialsAuthManager.fetchToken();
      const lifeMs = Number(token.expiresIn ?? 0n) * 1000;
      cached = { token, refreshAt: now().getTime() + lifeMs - Math.min(TOKEN_MARGIN_MS, lifeMs / 2) };
      return cached;
    })().finally(() => {
      fetching = undefined;
    });
    return fetching;
  }
  /** The token as the SDK keeps it: expiring (by the real clock the SDK reads) when ours is due for renewal. */
  function sdkToken({ token, refreshAt }: CachedToken): PaypalSdk.OAuthToken {
    const left = Math.max(1, Math.ceil((refreshAt - now().getTime()) / 1000));
    return { ...token, expiry: BigInt(Math.floor(Date.now() / 1000) + left) };
  }

  /**
   * One call to PayPal, tried again (with backoff) when it may pass on a retry: no answer (timeout, dropped
   * connection), 408, 429 or 5xx; once with a fresh token on 401. Every POST we make is safe to repeat: create,
   * capture and refund carry a PayPal-Request-Id (PayPal answers a repeat with the first result).
   */
  async function retrying<T>(call: (loadedSdk: Awaited<ReturnType<typeof sdk>>) => Promise<T>): Promise<T> {
    let freshToken = false;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call(await sdk());
      } catch (error) {
        const status = (error as { statusCode?: unknown } | null)?.statusCode;
        if (status === 401 && !freshToken) {
          // The SDK keeps the token it was given until it expires: a new client asks for the current one, and a
          // token the SDK was refused (not renewed since) is renewed.
          freshToken = true;
          if (cached?.token.accessToken === usedBySdk) cached = undefined;
          loaded = undefined;
          continue;
        }
        const passing = typeof status !== 'number' || status === 408 || status === 429 || status >= 500;
        if (!passing || attempt >= retries.count) throw error;
        await new Promise((resolve) => setTimeout(resolve, retries.intervalSeconds * 1000 * 2 ** attempt));
      }
    }
  }

  /**
   * PayPal's verify-webhook-signature for the event exactly as received: its raw text goes into the request as it
   * is, so the event PayPal checks the signature of (over the CRC32 of those bytes) is byte for byte the one we then
   * read. A re-serialized copy could be refused (another spelling of a number or an escape) or be another event than
   * the one acted on. Answers whether PayPal confirms it; throws WebhookUnverifiable when it cannot tell now.
   */
  async function verifiedByPaypal(transmission: Record<string, string | null>, eventText: string): Promise<boolean> {
    const head = JSON.stringify({ ...transmission, webhook_id: settings.webhookId });
    const payload = `${head.slice(0, -1)},"webhook_event":${eventText}}`;
    for (let attempt = 0; ; attempt += 1) {
      let answer: { status: number; json: unknown };
      try {
        const { token } = await currentToken();
        answer = await postRaw('/v1/notifications/verify-webhook-signature', payload, `Bearer ${token.accessToken}`);
      } catch (error) {
        throw new WebhookUnverifiable('PayPal verify-webhook-signature not reachable', { cause: error });
      }
      // A token PayPal no longer takes (revoked, clock skew): once more with a fresh one, which the SDK takes too.
      if (answer.status === 401 && attempt === 0) {
        cached = undefined;
        loaded = undefined;
        continue;
      }
      if (answer.status === 200) {
        return (answer.json as { verification_status?: unknown } | null)?.verification_status === 'SUCCESS';
      }
      // A malformed check (headers a forger made up): not from PayPal. Anything else is PayPal's trouble or ours.
      if (answer.status === 400) return false;
      throw new WebhookUnverifiable(`PayPal verify-webhook-signature answered ${answer.status}`);
    }
  }

  return {
    name: 'paypal',

    async createSession(request): Promise<ProviderSession> {
      const currencyCode = request.currency;
      const { result } = await retrying(({ paypal, orders }) =>
        orders.createOrder({
          body: {
            intent: paypal.CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: String(request.orderId),
                customId: String(request.orderId),
                invoiceId: `esim-order-${request.orderId}`,
                description: request.description.slice(0, 127),
                amount: {
                  currencyCode,
                  value: paypalValue(request.total, currencyCode),
                  breakdown: {
                    itemTotal: { currencyCode, value: paypalValue(request.subtotal, currencyCode) },
                    ...(request.tax > 0
                      ? { taxTotal: { currencyCode, value: paypalValue(request.tax, currencyCode) } }
                      : {}),
                  },
                },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  brandName: 'eSIM Shop',
                  returnUrl: request.successUrl,
                  cancelUrl: request.cancelUrl,
                  userAction: paypal.PaypalExperienceUserAction.PayNow,
                  shippingPreference: paypal.PaypalWalletContextShippingPreference.NoShipping,
                },
              },
            },
          },
          paypalRequestId: request.idempotencyKey,
          // The device's tracking id (PayPal renewals send one) is PayPal's client metadata id.
          ...(request.trackingId ? { paypalClientMetadataId: request.trackingId } : {}),
          prefer: 'return=minimal',
        }),
      );
      const approve = result.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
      if (!result.id || !approve) throw new Error('PayPal answered an order without approval link');
      return { ref: result.id, url: approve, expiresAt: new Date(now().getTime() + APPROVAL_MINUTES * 60_000) };
    },

    async verifyWebhook(rawBody, headers, guard): Promise<VerifiedEvent> {
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === 'string' && value.length <= 2048 ? value : null;
      };
      const transmission = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      const { auth_algo: algo, cert_url: certText, transmission_id: id, transmission_time: time } = transmission;
      const { transmission_sig: signature } = transmission;
      if (algo === null || certText === null || id === null || time === null || signature === null) {
        throw new WebhookRejected('missing signature');
      }
      if (algo !== PAYPAL_AUTH_ALGO) throw new WebhookRejected('unknown signature algorithm');
      // Only PayPal's own certificate host is ever asked for a certificate.
      const certUrl = paypalCertUrl(certText, certHosts);
      if (certUrl === null) throw new WebhookRejected('certificate not on PayPal');
      const sentAt = Date.parse(time);
      if (!Number.isFinite(sentAt) || Math.abs(now().getTime() - sentAt) > WEBHOOK_TOLERANCE_SECONDS * 1000) {
        throw new WebhookRejected('stale timestamp');
      }
      const eventText = rawBody.toString('utf8');
      let event: PaypalEvent | null;
      try {
        event = JSON.parse(eventText) as PaypalEvent | null;
      } catch {
        throw new WebhookRejected('unreadable event');
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new WebhookRejected('no event');
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookRejected('no event');
      // PayPal's signature, checked here: a forged post ends here, before it can cost a call to PayPal.
      const key = await certs.publicKeyFor(certUrl);
      if (!signedWith(key, paypalSignedString(id, time, settings.webhookId, rawBody), signature)) {
        throw new WebhookRejected('bad signature');
      }
      // Only a post PayPal signed costs a call to PayPal: the caller limits how often anyone can make us ask (a
      // replay of a genuine transmission within its 300 s), and PayPal confirms it for this exact event.
      await guard?.beforeRemoteCheck();
      if (!(await verifiedByPaypal(transmission, eventText))) throw new WebhookRejected('bad signature');

      const resource = event.resource ?? {};
      const base = eventOf(event.id, event);
      if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
        return {
          ...base,
          type: 'approved',
          orderId: parseOrderId(resource.purchase_units?.[0]?.custom_id),
          providerRef: resource.id ?? null,
        };
      }
      const moneyBack = MONEY_BACK_EVENTS[event.event_type];
      if (moneyBack) {
        // What went back of the capture in all (a refund's breakdown); a capture marked REFUNDED went back whole, and
        // a reversal takes all of it. Otherwise a part of unknown size.
        const whole = moneyBack === 'reversal' || resource.status === 'REFUNDED' ? resource.amount : undefined;
        const { amount, currency } = moneyOf(resource.seller_payable_breakdown?.total_refunded_amount ?? whole);
        return {
          ...base,
          type: 'refunded',
          amount,
          currency: currency ?? resource.amount?.currency_code ?? null,
          paymentId: captureIdOf(resource),
          moneyBack: { kind: moneyBack, reference: resource.id ?? null },
        };
      }
      if (event.event_type === 'CUSTOMER.DISPUTE.CREATED') {
        const { amount, currency } = moneyOf(resource.dispute_amount);
        return {
          ...base,
          type: 'disputed',
          amount,
          currency,
          paymentId: resource.disputed_transactions?.[0]?.seller_transaction_id ?? null,
          moneyBack: { kind: 'dispute', reference: resource.dispute_id ?? null },
        };
      }
      const type = CAPTURE_EVENTS[event.event_type];
      if (!type) return { ...base, type: 'ignored' };
      const currency = resource.amount?.currency_code ?? null;
      return {
        ...base,
        type,
        orderId: parseOrderId(resource.custom_id),
        amount: currency ? minorOf(resource.amount?.value, currency) : null,
        currency,
        providerRef: resource.supplementary_data?.related_ids?.order_id ?? null,
        paymentId: resource.id ?? null,
      };
    },

    ownsPayUrl(url) {
      return isPageOn(url, PAY_HOSTS[settings.environment]);
    },

    // One capture per order whoever asks (webhook, the buyer's return): PayPal answers a repeated request id with
    // the first capture. An order that is not approved yet or already captured answers 422; nothing to do then.
    async capture(providerRef, orderId) {
      try {
        await retrying(({ orders }) =>
          orders.captureOrder({
            id: providerRef,
            paypalRequestId: `esim-capture-${orderId}`,
            prefer: 'return=minimal',
          }),
        );
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 422 || status === 404) return;
        throw error;
      }
    },

    // PayPal answers a repeated PayPal-Request-Id with the first refund, so a retried refund pays back once. Every
    // error but "already fully refunded" is thrown: the caller retries what may pass later (connection, 409, 5xx)
    // and gives up on the rest.
    async refund(request: RefundRequest): Promise<{ refundId: string }> {
      let refund: PaypalSdk.Refund;
      try {
        ({ result: refund } = await retrying(({ payments }) =>
          payments.refundCapturedPayment({
            captureId: request.paymentId,
            paypalRequestId: request.idempotencyKey,
            prefer: 'return=minimal',
            body: {
              // The amount is named, not left out (PayPal's "whole capture"): what the order paid is what goes back.
              amount: { currencyCode: request.currency, value: paypalValue(request.amount, request.currency) },
              // The order's invoice id (createSession), so the refund sits next to its payment in PayPal's reports.
              invoiceId: `esim-order-${request.orderId}`,
              // Shown to the buyer in PayPal's mail and history (at most 255 characters; none rather than empty).
              ...(request.reason ? { noteToPayer: request.reason.slice(0, 255) } : {}),
            },
          }),
        ));
      } catch (error) {
        if (!isFullyRefunded(error)) throw error;
        // Refunded before with another request id or from PayPal's site: the buyer has the money already. The
        // refund's own id is not in the answer; a marker of the capture is the same on every retry.
        return { refundId: `already_refunded:${request.paymentId}` };
      }
      // Created but failed or cancelled: the same request id would only answer it again, so no retry can pass.
      const status: string | undefined = refund.status;
      if (status === 'FAILED' || status === 'CANCELLED') {
        throw new Error(`PayPal refund ${refund.id ?? ''} of ${request.paymentId} is ${status}`);
      }
      if (!refund.id) throw new Error('PayPal answered a refund without id');
      return { refundId: refund.id };
    },
  };
}
