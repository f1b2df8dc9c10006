import type Stripe from 'stripe';
import { parseOrderId } from '../view';
import { settleConcurrently } from '../../../lib/concurrently';
import {
  eventOf,
  isPageOn,
  savedCardOf,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type ChargeResult,
  type EventPage,
  type PaymentProvider,
  type ProviderSession,
  type RefundRequest,
  type SavedCard,
  type VerifiedEvent,
} from './types';

/**
 * Stripe Checkout through the official SDK. A session per order, created with the order's idempotency key (a retried
 * create is the same session); its amount is our order's total, as a price line and a tax line. Webhooks are
 * verified with stripe.webhooks.constructEvent on the raw body (300 s tolerance). checkout.session.completed with
 * payment_status 'paid' and checkout.session.async_payment_succeeded pay the order (never the success redirect);
 * async_payment_failed fails it, expired cancels it. charge.refunded says how much of a payment went back in all
 * (a full refund stops the package, a partial one only marks the order), charge.dispute.created that the payer's
 * bank disputes it (payments/disputes.ts). A refund is one Refund of the order's PaymentIntent, created with the
 * refund's idempotency key. A paid renewal purchase saves the Checkout customer; its card's brand, last four digits and
 * expiry are read from Stripe with the event (savedCard). The same events are read back from Stripe's event log (listEvents) to reconcile webhooks
 * that never arrived (payments/reconcile.ts). Every request has a timeout and is retried by the SDK (connection
 * errors, timeouts, 409, 5xx) with the same idempotency key, so a retried create is the same object at Stripe.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The publishable key (pk_...) the checkout sheet loads Stripe.js with; absent: no Stripe.js. */
  publishableKey?: string;
  /** Tests: a local server speaking the endpoints used (the SDK's host/port/protocol options). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** How long one request may take (default 10 s) and how often the SDK retries it (default 2). */
  timeoutMs?: number;
  maxNetworkRetries?: number;
  now?: () => Date;
}

/** A buyer waits for the session: three tries of at most 10 s each, with the SDK's short backoff in between. */
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 2;

/** Stripe's shortest Checkout session is 30 minutes; a little more so the limit is never hit by clock skew. */
const SESSION_SECONDS = 31 * 60;

/** The hosts pay_url may point at: Stripe Checkout's own. */
const CHECKOUT_HOSTS = ['checkout.stripe.com'];

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Reading a saved card's details must not hold up a webhook: one short try, and without them the method is saved all
 * the same (the list then says "Card").
 */
const CARD_LOOKUP = { timeout: 5_000, maxNetworkRetries: 0 };
/** Card look-ups at once while reading a page of the event log. */
const CARD_LOOKUPS_AT_ONCE = 4;

/** Refund states in which the money is (or will be) on its way back; 'failed' and 'canceled' give nothing back. */
const REFUND_UNDER_WAY = new Set(['pending', 'requires_action', 'succeeded']);

/** The one Stripe error that means the refund we want already happened (by an earlier key or by hand). */
function isAlreadyRefunded(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'charge_already_refunded';
}

const SESSION_EVENTS: Record<string, VerifiedEvent['type']> = {
  'checkout.session.async_payment_succeeded': 'succeeded',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'cancelled',
};

/** The event types we act on: the webhook's subscription, and what reconciliation reads back from the event log. */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'charge.dispute.created',
] as const;

/** A Stripe event (from a webhook or the event log) as a verified event. */
function verifiedOf(event: Stripe.Event): VerifiedEvent {
  const base = eventOf(event.id, event);
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    return {
      ...base,
      type: 'refunded',
      // What went back in all (Stripe's amount_refunded is cumulative): the order decides full or partial.
      amount: charge.amount_refunded,
      currency: charge.currency.toUpperCase(),
      paymentId: idOf(charge.payment_intent),
      moneyBack: { kind: 'refund', reference: charge.id },
    };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object;
    return {
      ...base,
      type: 'disputed',
      amount: dispute.amount,
      currency: dispute.currency.toUpperCase(),
      paymentId: idOf(dispute.payment_intent),
      moneyBack: { kind: 'dispute', reference: dispute.id },
    };
  }
  if (!event.type.startsWith('checkout.session.')) return { ...base, type: 'ignored' };
  const session = event.data.object as Stripe.Checkout.Session;
  let type: VerifiedEvent['type'] = SESSION_EVENTS[event.type] ?? 'ignored';
  // Card payments are paid at completion; delayed methods complete unpaid and report later.
  if (event.type === 'checkout.session.completed') type = session.payment_status === 'paid' ? 'succeeded' : 'pending';
  const customer = idOf(session.customer);
  return {
    ...base,
    type,
    orderId: parseOrderId(session.client_reference_id ?? session.metadata?.order_id),
    amount: session.amount_total,
    currency: session.currency ? session.currency.toUpperCase() : null,
    providerRef: session.id,
    paymentId: idOf(session.payment_intent),
    savedMethod: customer ? { token: customer, customerRef: customer } : null,
  };
}

/**
 * The card a paid Checkout session saved for renewals: the customer's saved card, the one chargeSaved charges later
 * (Checkout makes a new customer for each renewal purchase, so it is the card just paid with). Best effort: null when
 * Stripe does not answer in time or names no card.
 */
async function savedCard(stripe: Stripe, customer: string): Promise<SavedCard | null> {
  try {
    const methods = await stripe.paymentMethods.list({ customer, type: 'card', limit: 1 }, CARD_LOOKUP);
    const card = methods.data[0]?.card;
    if (!card) return null;
    return savedCardOf({ brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year });
  } catch {
    return null;
  }
}

/** A paid event that saved a customer, with its card's details added (see savedCard); any other as it is. */
async function withSavedCard<T extends VerifiedEvent>(stripe: Stripe, event: T): Promise<T> {
  const saved = event.savedMethod;
  if (event.type !== 'succeeded' || !saved?.customerRef) return event;
  return { ...event, savedMethod: { ...saved, card: await savedCard(stripe, saved.customerRef) } };
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  // The SDK is loaded on first use, not with the api: most starts never pay through Stripe, and importing it is a
  // noticeable part of a cold start (bench/cold-start.mjs).
  let client: Promise<Stripe> | undefined;
  const sdk = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(settings.secretKey, {
          maxNetworkRetries: settings.maxNetworkRetries ?? DEFAULT_RETRIES,
          timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          ...(settings.host ? { host: settings.host } : {}),
          ...(settings.port ? { port: settings.port } : {}),
          ...(settings.protocol ? { protocol: settings.protocol } : {}),
        }),
      (error: unknown) => {
        client = undefined;
        throw error;
      },
    ));
  const now = settings.now ?? (() => new Date());

  return {
    name: 'stripe',

    async createSession(request): Promise<ProviderSession> {
      const currency = request.currency.toLowerCase();
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
        {
          quantity: 1,
          price_data: { currency, unit_amount: request.subtotal, product_data: { name: request.description } },
        },
      ];
      if (request.tax > 0) {
        lineItems.push({
          quantity: 1,
          price_data: { currency, unit_amount: request.tax, product_data: { name: 'Sales tax' } },
        });
      }
      const metadata = { order_id: String(request.orderId) };
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          client_reference_id: String(request.orderId),
          metadata,
          payment_intent_data: {
            metadata,
            // Renewals charge the saved card later, off session.
            ...(request.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
          },
          ...(request.saveMethod ? { customer_creation: 'always' as const } : {}),
          ...(request.email ? { customer_email: request.email } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // At least Stripe's 30 minutes, at most its 24 hours.
          expires_at:
            Math.floor(now().getTime() / 1000) +
            Math.min(Math.max(SESSION_SECONDS, (request.validMinutes ?? 0) * 60), 24 * 3600 - 60),
          locale: 'auto',
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe answered a session without url');
      return {
        ref: session.id,
        url: session.url,
        expiresAt: new Date((session.expires_at ?? Math.floor(now().getTime() / 1000) + SESSION_SECONDS) * 1000),
      };
    },

    // Its checkout.session.expired event then finds the order cancelled already and changes nothing.
    async expireSession(providerRef) {
      const stripe = await sdk();
      await stripe.checkout.sessions.expire(providerRef);
    },

    async verifyWebhook(rawBody, headers): Promise<VerifiedEvent> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookRejected('missing signature');
      const stripe = await sdk();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now().getTime(),
        );
      } catch (error) {
        throw new WebhookRejected(error instanceof Error ? error.message : 'bad signature');
      }
      return withSavedCard(stripe, verifiedOf(event));
    },

    // Newest first, as Stripe lists; the caller pages with olderThan and applies them oldest first.
    async listEvents(query): Promise<EventPage> {
      const stripe = await sdk();
      const page = await stripe.events.list({
        created: { gt: query.createdAfter, ...(query.createdUpTo ? { lte: query.createdUpTo } : {}) },
        types: [...STRIPE_EVENT_TYPES],
        limit: 100,
        ...(query.olderThan ? { starting_after: query.olderThan } : {}),
      });
      const events = await settleConcurrently(page.data, CARD_LOOKUPS_AT_ONCE, (event) =>
        withSavedCard(stripe, { ...verifiedOf(event), created: event.created }),
      );
      const failed = events.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) throw failed.reason instanceof Error ? failed.reason : new Error('Stripe event not readable');
      return {
        events: events.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
        hasMore: page.has_more,
      };
    },

    // Off session with the customer's saved card (Checkout saved it with setup_future_usage); the idempotency key
    // makes a retried renewal the same PaymentIntent.
    async chargeSaved(charge): Promise<ChargeResult> {
      if (!charge.customerRef) return { status: 'declined', reason: 'no Stripe customer' };
      const stripe = await sdk();
      const methods = await stripe.paymentMethods.list({ customer: charge.customerRef, type: 'card', limit: 1 });
      const method = methods.data[0]?.id;
      if (!method) return { status: 'declined', reason: 'no saved card' };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.total,
            currency: charge.currency.toLowerCase(),
            customer: charge.customerRef,
            payment_method: method,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { order_id: String(charge.orderId) },
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        if (intent.status === 'succeeded') {
          return {
            status: 'succeeded',
            paymentId: intent.id,
            amount: intent.amount_received || intent.amount,
            currency: intent.currency.toUpperCase(),
          };
        }
        return intent.status === 'requires_action' || intent.status === 'requires_payment_method'
          ? { status: 'requires_action' }
          : { status: 'declined', reason: intent.status };
      } catch (error) {
        const stripeError = error as { type?: string; code?: string; message?: string };
        if (stripeError.code === 'authentication_required') return { status: 'requires_action' };
        if (stripeError.type === 'StripeCardError') return { status: 'declined', reason: stripeError.code ?? 'card' };
        throw error;
      }
    },

    ownsPayUrl(url) {
      return isPageOn(url, CHECKOUT_HOSTS);
    },

    // Stripe keeps an idempotency key's answer for 24 hours, so a retried refund is the same Refund; the SDK's own
    // retries (network, 409, 5xx) reuse the key too. Every error but "already refunded" is thrown: the caller retries
    // what may pass later (connection, 5xx, 429) and gives up on the rest.
    async refund(request: RefundRequest): Promise<{ refundId: string }> {
      const stripe = await sdk();
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentId,
            amount: request.amount,
            reason: 'requested_by_customer',
            // Our reason goes in metadata: Stripe's own reason only takes its three values.
            metadata: { order_id: String(request.orderId), refund_reason: request.reason.slice(0, 500) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        if (!isAlreadyRefunded(error)) throw error;
        // Refunded before with another key or from the dashboard: the buyer has the money, so this refund is done.
        // Its id is the oldest refund still under way, so every retry answers the same one.
        const { data } = await stripe.refunds.list({ payment_intent: request.paymentId, limit: 100 });
        const earlier = data
          .filter((candidate) => REFUND_UNDER_WAY.has(candidate.status ?? ''))
          .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))[0];
        return { refundId: earlier?.id ?? `already_refunded:${request.paymentId}` };
      }
      // A refund Stripe created failed: the same key would only replay it, so no retry can pass.
      if (!REFUND_UNDER_WAY.has(refund.status ?? '')) {
        throw new Error(`Stripe refund ${refund.id} of ${request.paymentId} is ${refund.status ?? 'without status'}`);
      }
      return { refundId: refund.id };
    },
  };
}
