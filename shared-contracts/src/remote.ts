// What every remote's `./routes` module exposes (docs/platform.md): route objects the shell composes.
import type { ComponentType } from 'react';

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
