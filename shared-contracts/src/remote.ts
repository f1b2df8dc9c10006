// What every remote's `./routes` module exposes (docs/platform.md): route objects the shell composes.
import type { ComponentType } from 'react';
import type { CheckoutRequest } from './bus';
import type { PayReturn } from './storage';

export interface RemoteRoute {
  /** Route path as the spec's route table writes it, e.g. '/pool/detail' or '/:flag/:iccid'. */
  path: string;
  Component: ComponentType;
  /**
   * Starts the route's first data calls while the page is still starting (the shell calls it once, for the address
   * the page opened with, as soon as this module is loaded: beside the language bundles, before the first render).
   * The route's component takes the answers (or asks again when they do not fit). Optional; shells that predate it
   * never call it.
   *
   * It may return a promise that settles once the route's first render needs nothing more of its own (its strings
   * in the page's language): the shell then holds its first render for it, briefly, so the page comes in one render.
   * Shells that predate this ignore it; data calls are not part of it (the route shows its own loading state).
   *
   * It is the route's one declaration of its first view: the browser's start-up runs it, and so does the site host's
   * server rendering (in the request's scope, where its calls are the page's data, handed to the page once). Calls
   * asked here go through `aheadOf(client)`, so the component's same calls take their answers.
   */
  prefetch?: (page: RoutePrefetch) => void | Promise<unknown>;
}

/** What the shell knows of the address at start-up. */
export interface RoutePrefetch {
  /** The route's parameters, e.g. { flag: '2', iccid: '8988…' }. */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The page's language as the shell resolved it (the one the route will render in). */
  lang: string;
}

/** mf-card's `./embed` for partner pages: mounts the card page into an element, returns the unmount. */
export interface EmbedOptions {
  iccid: string;
  /** The api base on the partner's page, e.g. 'https://shop.example.com/eshop'. */
  apiBase: string;
  lang?: string;
}
export type EmbedMount = (element: HTMLElement, options: EmbedOptions) => () => void;

/** mf_checkout's `./CheckoutSheet` module: the sheet component (default) and `mount` for pages without React. */
export interface CheckoutSheetProps {
  request: CheckoutRequest;
  onClose: () => void;
}
export type CheckoutSheetMount = (element: HTMLElement, props: CheckoutSheetProps) => () => void;
export interface CheckoutSheetModule {
  default: ComponentType<CheckoutSheetProps>;
  mount: CheckoutSheetMount;
}

/**
 * mf_checkout's `./PayReturn` widget (mf-checkout owns the return handling): the dialog the card page shows when
 * the provider sends the browser back with returnType=suc (or fail: a declined payment).
 */
export interface PayReturnProps {
  iccid: string;
  /** The order (the provider's return address, else the PAY_RETURN the sheet stored); null when unknown. */
  orderId: string | null;
  /** The sheet's hand-over (PAY_RETURN) when it is this card's: names the package before the api answers. */
  stored: PayReturn | null;
  lang: string;
  onClose: () => void;
  /**
   * "E-mail me the receipt": the card page's e-mail dialog (bind and send) for this order. Absent (a page without a
   * card, such as an eSIM slot's): the dialog asks for the address itself and sends the receipt (/send/email).
   */
  onEmail?: (orderId: string) => void;
  /** The order is paid: the card page loads the card again (its new package). */
  onPaid: () => void;
  /**
   * Design: what the provider sent the browser back with. 'fail' (the payment was declined) makes the dialog say so
   * and offer to try again; absent means 'suc' (pages that predate it).
   */
  returnType?: 'suc' | 'fail';
}
