import { type IncomingHttpHeaders } from 'node:http';
import { type PayMethod } from 'shared-contracts';

export type ProviderName = 'sandbox' | 'stripe' | 'paypal';
export const PROVIDER_NAMES: ReadonlyArray<ProviderName> = ['sandbox', 'stripe', 'paypal'];

/** What a provider needs to open a hosted payment page for one order. Amounts in minor units of `currency`. */
export interface SessionRequest {
  orderId: number;
  /** What the buyer pays: price plus tax. */
  total: number;
  subtotal: number;
  tax: number;
  currency: string;
  /** The package's name, shown on the provider's page. */
  description: string;
  email: string | null;
  lang: string;
  method: PayMethod;
  /** Keep the payment method for auto-renewal (the buyer ticked renewal). */
  saveMethod: boolean;
  /** Where the provider sends the browser back, derived from the order on the server (never from the client). */
  successUrl: string;
  cancelUrl: string;
  /** The same key for every attempt to open this order's session, so a retried create is one session. */
  idempotencyKey: string;
  /** The device's tracking id (a uuid the sheet sends for PayPal renewals). */
  trackingId?: string | null;
  /** How long the page may be paid (default 30 minutes; a renewal's mailed pay link: a day). */
  validMinutes?: number;
}

export interface ProviderSession {
  /** The provider's id of the session (or order); orders.provider_ref. */
  ref: string;
  /** Where the browser is sent: our sandbox page or the provider's own host. */
  url: string;
  expiresAt: Date;
}

/**
 * A provider event after its signature was checked, reduced to what fulfilment needs. 'succeeded' pays the order;
 * 'failed' and 'cancelled' close an open one; 'approved' asks us to capture (PayPal); 'refunded' and 'disputed' say
 * money of a paid order went (or may go) back (payments/disputes.ts); 'pending' and 'ignored' change nothing.
 */
export interface VerifiedEvent {
  eventId: string;
  type: 'succeeded' | 'failed' | 'cancelled' | 'approved' | 'refunded' | 'disputed' | 'pending' | 'ignored';
  /** Our order id as the provider echoes it (metadata, custom id); null when the event does not carry one. */
  orderId: number | null;
  /** Charged amount and currency as the provider reports them; checked against the order before fulfilment. */
  amount: number | null;
  currency: string | null;
  /** The session (or provider order) the event belongs to. */
  providerRef: string | null;
  paymentId: string | null;
  /** A payment method the provider saved for renewals (with its card's details when the provider tells them). */
  savedMethod: { token: string; customerRef: string | null; card?: SavedCard | null } | null;
  /**
   * 'refunded' and 'disputed': what kind of money went back and the provider's id of it (refund, dispute). The order
   * is found by paymentId (Stripe's PaymentIntent, PayPal's capture); `amount` is what went back in all so far (a
   * refund) or what is disputed.
   */
  moneyBack?: { kind: 'refund' | 'reversal' | 'dispute'; reference: string | null };
  payload: unknown;
}

/**
 * What a provider tells about a saved card, shown to its payer (getPaymentMethods, the removal page): the brand
 * (Stripe's lower-case names: 'visa', 'mastercard', ...), the last four digits and the expiry. Never the number.
 */
export interface SavedCard {
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/**
 * A provider's card details as we store them (saved_payment_methods' checks): each field kept only when it is what it
 * should be (a brand of up to 32 letters, digits or '_', four digits, a month, a four-digit year), else null; null
 * when nothing is left. Anything a provider answers goes through here, so an odd value never fails a fulfilment.
 */
export function savedCardOf(raw: {
  brand?: unknown;
  last4?: unknown;
  expMonth?: unknown;
  expYear?: unknown;
}): SavedCard | null {
  const brand = typeof raw.brand === 'string' && /^[a-z0-9_]{1,32}$/i.test(raw.brand) ? raw.brand.toLowerCase() : null;
  const last4 = typeof raw.last4 === 'string' && /^[0-9]{4}$/.test(raw.last4) ? raw.last4 : null;
  const month = Number.isInteger(raw.expMonth) && Number(raw.expMonth) >= 1 && Number(raw.expMonth) <= 12;
  const year = Number.isInteger(raw.expYear) && Number(raw.expYear) >= 2000 && Number(raw.expYear) <= 2999;
  // An expiry is a month and a year, or nothing.
  const expMonth = month && year ? Number(raw.expMonth) : null;
  const expYear = month && year ? Number(raw.expYear) : null;
  if (brand === null && last4 === null && expMonth === null) return null;
  return { brand, last4, expMonth, expYear };
}

/** An event as far as its id and payload: each adapter fills in what its event type tells (else 'ignored'). */
export function eventOf(eventId: string, payload: unknown): Omit<VerifiedEvent, 'type'> {
  return {
    eventId,
    orderId: null,
    amount: null,
    currency: null,
    providerRef: null,
    paymentId: null,
    savedMethod: null,
    payload,
  };
}

/** Whether a URL is an https page on one of the provider's own hosts (pay_url is never anything else). */
export function isPageOn(url: string, hosts: ReadonlyArray<string>): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && hosts.includes(parsed.hostname);
  } catch {
    return false;
  }
}

/** A webhook that is not from the provider (bad signature, stale timestamp, unreadable body): answered 400. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

/**
 * A webhook that could not be checked now (the provider's verification api is down, slow or refuses our token):
 * answered 503, so the provider delivers it again later. Never a 400: that would drop a genuine event for good.
 */
export class WebhookUnverifiable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'WebhookUnverifiable';
  }
}

/** What the webhook route lends a provider whose check costs a call of its own (PayPal's verify api). */
export interface WebhookGuard {
  /** Called right before that call: throws (429, or 503 when it cannot count) when this caller asked too often. */
  beforeRemoteCheck(): Promise<void>;
}

/** One page of a provider's own event log (reconciliation of missed webhooks), newest first, as the provider lists. */
export interface EventPage {
  events: Array<VerifiedEvent & { created: number }>;
  /** More events older than the last of this page match; ask again with `olderThan` set to its id. */
  hasMore: boolean;
}

/** What reconciliation asks for: events created after `createdAfter` and, when set, not after `createdUpTo`. */
export interface EventQuery {
  createdAfter: number;
  createdUpTo?: number | null;
  /** The id of the last event of the previous page. */
  olderThan?: string | null;
}

/** An off-session charge of a saved payment method (auto-renewal). */
export interface SavedCharge {
  orderId: number;
  token: string;
  customerRef: string | null;
  total: number;
  currency: string;
  description: string;
  /** One charge per key at the provider: a retried renewal never charges twice. */
  idempotencyKey: string;
}

/**
 * The provider's own answer to our authenticated API request: 'succeeded' is as trustworthy as a signed event;
 * 'requires_action' needs the customer (3-D Secure): they get a pay link; 'declined' is final for this method.
 */
export type ChargeResult =
  | { status: 'succeeded'; paymentId: string; amount: number; currency: string }
  | { status: 'requires_action' }
  | { status: 'declined'; reason: string };

/** Money given back for a paid order (the connectivity provider refused to carry what was bought). */
export interface RefundRequest {
  orderId: number;
  /** The provider's payment id as stored in payments.provider_payment_id (Stripe: payment intent; PayPal: capture). */
  paymentId: string;
  /** Minor units of `currency`: the whole amount paid. */
  amount: number;
  currency: string;
  /** One refund per key at the provider: a retried refund never pays back twice. */
  idempotencyKey: string;
  reason: string;
}

/** One payment provider: opens hosted pay pages and turns its webhooks into verified events. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Opens (or, for the same idempotency key, finds again) the hosted payment page of an order. */
  createSession(request: SessionRequest): Promise<ProviderSession>;
  /**
   * Checks the signature on the raw body; throws WebhookRejected for anything not provably from the provider and
   * WebhookUnverifiable when the check cannot be made now.
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, guard?: WebhookGuard): Promise<VerifiedEvent>;
  /** Whether a URL is one of this provider's pay pages (pay_url is never anything else). */
  ownsPayUrl(url: string): boolean;
  /** PayPal: captures an approved order (idempotent); the capture's own webhook then fulfils. */
  capture?(providerRef: string, orderId: number): Promise<void>;
  /**
   * Ends the open pay page of an order the buyer cancelled, so it can no longer be paid there. Best effort: a
   * payment that still gets through pays the cancelled order (fulfilment.ts). Absent (PayPal, whose order is never
   * captured once ours is cancelled): the page stays until it expires.
   */
  expireSession?(providerRef: string): Promise<void>;
  /** Charges a saved payment method off session (absent: renewals with this provider e-mail a pay link). */
  chargeSaved?(charge: SavedCharge): Promise<ChargeResult>;
  /** Charges many saved methods in one request, where the provider can (answers in the same order). */
  chargeSavedMany?(charges: readonly SavedCharge[]): Promise<ChargeResult[]>;
  /**
   * Pays a paid order back in full; answers the provider's refund id. Throws on a failure that may pass on a retry.
   * Absent: the order is flagged for an operator to refund by hand.
   */
  refund?(request: RefundRequest): Promise<{ refundId: string }>;
  /** Stripe: its own event log, read with our secret key (as trustworthy as a signed event), for reconciliation. */
  listEvents?(query: EventQuery): Promise<EventPage>;
}

/** Signature timestamps older or newer than this are refused (replays of a captured webhook). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
