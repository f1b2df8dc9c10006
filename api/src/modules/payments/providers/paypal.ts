import { request as httpsRequest, type Agent } from 'node:https';
import type * as PaypalSdk from '@paypal/paypal-server-sdk';
import { currencyDigits } from 'shared-contracts';
import { parseOrderId } from '../view';
import {
  eventOf,
  isPageOn,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type PaymentProvider,
  type ProviderSession,
  type RefundRequest,
  type VerifiedEvent,
} from './types';

/**
 * PayPal Orders v2 through the official server SDK. createOrder (intent CAPTURE) with PayPal-Request-Id, so a retried
 * create is one PayPal order; the buyer approves on PayPal; CHECKOUT.ORDER.APPROVED (or the buyer's return, through
 * paySearch) makes us capture with a PayPal-Request-Id of the order; PAYMENT.CAPTURE.COMPLETED pays the order,
 * PENDING waits, DENIED fails it. Every webhook is checked by PayPal's verify-webhook-signature (not in the SDK: a
 * plain authenticated POST), and its transmission time must be within 300 s. A refund is Payments v2's refund of the
 * order's capture, with the refund's key as PayPal-Request-Id.
 */

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in the PayPal app: verify-webhook-signature checks the event was sent to it. */
  webhookId: string;
  environment: 'sandbox' | 'live';
  /** Tests: the agent every request goes through (a local server speaking the endpoints used). */
  httpsAgent?: Agent;
  now?: () => Date;
}

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

interface PaypalResource {
  id?: string;
  status?: string;
  custom_id?: string;
  amount?: { currency_code?: string; value?: string };
  purchase_units?: Array<{ custom_id?: string; amount?: { currency_code?: string; value?: string } }>;
  supplementary_data?: { related_ids?: { order_id?: string } };
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

export function createPaypalProvider(settings: PaypalSettings): PaymentProvider {
  const now = settings.now ?? (() => new Date());
  const base = API_BASE[settings.environment];
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
          },
          environment: settings.environment === 'live' ? paypal.Environment.Production : paypal.Environment.Sandbox,
          timeout: 20_000,
          // No logging option: the SDK's default NullLogger (its console logger would print every request).
          ...(settings.httpsAgent ? { httpClientOptions: { httpsAgent: settings.httpsAgent } } : {}),
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

  /** A plain JSON POST to PayPal's REST api (for the one endpoint the SDK lacks), with the SDK's own token. */
  async function postJson(
    path: string,
    body: unknown,
    authorization: string,
  ): Promise<{ status: number; json: unknown }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        `${base}${path}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization, 'content-length': Buffer.byteLength(payload) },
          timeout: 20_000,
          ...(settings.httpsAgent ? { agent: settings.httpsAgent } : {}),
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            try {
              resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('PayPal did not answer')));
      request.on('error', reject);
      request.end(payload);
    });
  }

  let token: Awaited<ReturnType<PaypalSdk.Client['clientCredentialsAuthManager']['fetchToken']>> | undefined;
  async function accessToken(): Promise<string> {
    const { client } = await sdk();
    if (!client.clientCredentialsAuthManager.isValid(token))
      token = await client.clientCredentialsAuthManager.fetchToken();
    return `Bearer ${token.accessToken}`;
  }

  return {
    name: 'paypal',

    async createSession(request): Promise<ProviderSession> {
      const currencyCode = request.currency;
      const { paypal, orders } = await sdk();
      const { result } = await orders.createOrder({
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
      });
      const approve = result.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
      if (!result.id || !approve) throw new Error('PayPal answered an order without approval link');
      return { ref: result.id, url: approve, expiresAt: new Date(now().getTime() + APPROVAL_MINUTES * 60_000) };
    },

    async verifyWebhook(rawBody, headers): Promise<VerifiedEvent> {
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
      if (Object.values(transmission).some((value) => value === null)) throw new WebhookRejected('missing signature');
      const sentAt = Date.parse(transmission.transmission_time ?? '');
      if (!Number.isFinite(sentAt) || Math.abs(now().getTime() - sentAt) > WEBHOOK_TOLERANCE_SECONDS * 1000) {
        throw new WebhookRejected('stale timestamp');
      }
      let event: PaypalEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as PaypalEvent;
      } catch {
        throw new WebhookRejected('unreadable event');
      }
      const answer = await postJson(
        '/v1/notifications/verify-webhook-signature',
        { ...transmission, webhook_id: settings.webhookId, webhook_event: event },
        await accessToken(),
      );
      const status = (answer.json as { verification_status?: string } | null)?.verification_status;
      // Not reachable or not answering: the provider retries later (5xx), unlike a forged event (400).
      if (answer.status >= 500) throw new Error(`PayPal verify-webhook-signature answered ${answer.status}`);
      if (answer.status !== 200 || status !== 'SUCCESS') throw new WebhookRejected('bad signature');
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookRejected('no event');

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
      const { orders } = await sdk();
      try {
        await orders.captureOrder({
          id: providerRef,
          paypalRequestId: `esim-capture-${orderId}`,
          prefer: 'return=minimal',
        });
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
      const { payments } = await sdk();
      let refund: PaypalSdk.Refund;
      try {
        ({ result: refund } = await payments.refundCapturedPayment({
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
        }));
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
