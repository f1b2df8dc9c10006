// The page-wide event bus remotes use to ask each other to act (ARCHITECTURE: no remote imports another's
// source). It lives on globalThis so that two copies of this module (a remote that failed to share the singleton,
// or a partner page embedding mf-card next to its own copy) still talk over one bus.
import { type Observable, Subject, filter, map } from 'rxjs';
import type { Goods } from './schemas/entities';
import type { AgentVersion } from './constants';
import type { Language } from './languages';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** Everything the checkout remote needs to run the purchase flow for one goods item (spec section 4). */
export interface CheckoutRequest {
  /** Identifies this purchase attempt (any unique string, e.g. crypto.randomUUID()). */
  requestId: string;
  goods: Goods;
  /** The card the package is for; null in the shared-pool shop without a card. */
  iccid: string | null;
  /** eSIM shop: the slot a profile is bought for. */
  eid?: string;
  /** Agent flag of the card page ('2' in the shared-pool shop). */
  flag: string;
  /** Refill of or purchase for an existing pool. */
  pool_object_id?: string | null;
  lang: Language;
  ccy: string;
  /** Card e-mail to prefill the address form. */
  email?: string;
  /** Agent page version: in version 2 paying needs a login receipt. */
  agentVersion: AgentVersion;
  /** Whether the agent offers PayPal (AgentInfo.paypal). */
  paypalAllowed: boolean;
  /** The card already has auto-renew on: show the reminder dialog first. */
  renewalActive: boolean;
  /** Card.create (seconds) to choose the reminder's wording; null when there is no order. */
  orderTime: number | null;
  /** Category tab the purchase came from (analytics, and the return page). */
  category?: string;
  /** Where the provider should send the browser back (path of the card page, without returnType). */
  returnPath: string;
  /**
   * The api the purchase calls, when it is not /eshop on the page's own origin: a partner page passes the shop's
   * absolute api base (e.g. 'https://shop.example/eshop'), which also gives the shop's origin for agreement links.
   */
  apiBase?: string;
}

export interface ToastEvent {
  kind: ToastKind;
  /** A key of namespace common, or 'ns:key' for another namespace, or a server message shown as is. */
  messageKey: string;
  values?: Record<string, string | number>;
}

export interface SessionEndEvent {
  disableBack: boolean;
  /** Where the shell navigates: the device page of the last card or '/'; null to stay (disableBack). */
  redirectTo: string | null;
}

export interface EventMap {
  /** Any package asks the shell to show a message. */
  toast: ToastEvent;
  /** The api client saw a session-end code (10012, 10013, 10021). */
  'session:end': SessionEndEvent;
  'auth:changed': { email: string; userId: number } | null;
  /** The page's language and currency, and (when a user saved it) the account region. */
  'locale:changed': { lang: Language; ccy: string; area?: string };
  /**
   * A card, pool or eSIM screen asks for the payment sheet. The page's host (the shell, or the partner embed)
   * listens and mounts mf_checkout's sheet on the first request.
   */
  'checkout:open': CheckoutRequest;
  /** A card's data changed (paid, bound, renamed): the card page showing it reloads. */
  'card:refresh': { iccid: string };
  /**
   * A pool changed (created, paid, renamed, cards joined or left, deleted): the card list and the pool's screens
   * reload. poolObjectId null: the user's pools as a whole (a new one).
   */
  'pool:changed': { poolObjectId: string | null };
  /** Any package asks the shell for the support chat. */
  'support:open': { email?: string; iccid?: string };
}
export type EventType = keyof EventMap;

interface BusEvent<T extends EventType = EventType> {
  type: T;
  payload: EventMap[T];
}

export interface EventBus {
  /** Unique per page: equal ids prove two packages share the bus. */
  readonly id: string;
  publish<T extends EventType>(type: T, payload: EventMap[T]): void;
  on<T extends EventType>(type: T): Observable<EventMap[T]>;
  /** Returns the unsubscribe function (handy in a React effect's cleanup). */
  subscribe<T extends EventType>(type: T, handler: (payload: EventMap[T]) => void): () => void;
}

declare global {
  var __ESIM_BUS__: EventBus | undefined;
}

/** Development builds say so when an event reaches nobody: an action that no loaded package answers. */
function warnUnheard(type: EventType): void {
  if (process.env.NODE_ENV === 'development') {
    console.warn(`[bus] '${type}' was published but nothing on this page listens to it`);
  }
}

function createBus(): EventBus {
  const events = new Subject<BusEvent>();
  const listeners = new Map<EventType, number>();
  const count = (type: EventType, delta: number) => listeners.set(type, (listeners.get(type) ?? 0) + delta);
  const id = `bus-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const on = <T extends EventType>(type: T): Observable<EventMap[T]> =>
    events.pipe(
      filter((event): event is BusEvent<T> => event.type === type),
      map((event) => event.payload),
    );
  return {
    id,
    publish(type, payload) {
      if (!listeners.get(type)) warnUnheard(type);
      events.next({ type, payload } as BusEvent);
    },
    on,
    subscribe(type, handler) {
      count(type, 1);
      const subscription = on(type).subscribe({
        next: (payload) => {
          // One failing listener must not stop the others or break the publisher.
          try {
            handler(payload);
          } catch (error) {
            console.error(`[bus] listener of '${type}' failed`, error);
          }
        },
      });
      let active = true;
      return () => {
        if (active) count(type, -1);
        active = false;
        subscription.unsubscribe();
      };
    },
  };
}

/** THE bus of this page, created on first use. */
export function getBus(): EventBus {
  globalThis.__ESIM_BUS__ ??= createBus();
  return globalThis.__ESIM_BUS__;
}

export function publish<T extends EventType>(type: T, payload: EventMap[T]): void {
  getBus().publish(type, payload);
}

export function on<T extends EventType>(type: T): Observable<EventMap[T]> {
  return getBus().on(type);
}

export function subscribe<T extends EventType>(type: T, handler: (payload: EventMap[T]) => void): () => void {
  return getBus().subscribe(type, handler);
}

/** Id of the page's bus (see EventBus.id); a function so importing this module creates nothing. */
export function busInstanceId(): string {
  return getBus().id;
}
