// What every remote's `./routes` module exposes (docs/platform.md): route objects the shell composes.
import type { ComponentType } from 'react';
import type { CheckoutRequest } from './bus';

export interface RemoteRoute {
  /** Route path as the spec's route table writes it, e.g. '/pool/detail' or '/:flag/:iccid'. */
  path: string;
  Component: ComponentType;
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
