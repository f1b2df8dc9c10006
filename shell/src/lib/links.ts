import { safeLink } from 'shared-contracts/links';

/**
 * The side drawer's "store" entry (opened in the same tab) until the site configuration names one (getConfig
 * store_url): the shop's own start page, where a card's number is entered or scanned and its plans bought.
 */
export const STORE_URL = '/';

/** The configured store link when it is safe (an http(s) URL or a path of this site), else STORE_URL. */
export function storeLink(configured: string | null | undefined): string {
  return safeLink(configured) || STORE_URL;
}
