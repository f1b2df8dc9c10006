// Links that come from data (adverts, notices, configuration, support URLs) are used only when they are absolute
// http(s) URLs or paths on the shop itself ('/2/8988...', which the browser resolves to the shop's own http(s)
// origin). Anything else (javascript:, data:, protocol-relative '//host', backslash tricks, control characters) is
// dropped. The api filters what it answers and the browser filters again (a partner's api or a stale cache might
// not). Its own subpath (shared-contracts/links): each side bundles these few lines instead of widening the shared
// singleton every page downloads.

function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The link when it is safe to open, else ''. */
export function safeLink(value: string | null | undefined): string {
  if (!value) return '';
  const link = value.trim();
  if (link === '' || link.length > 2048 || link.includes('\\') || hasControl(link)) return '';
  if (link.startsWith('/')) return link.startsWith('//') ? '' : link;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? link : '';
  } catch {
    return '';
  }
}

/** A path on this site: opened by the router, without reloading the page. */
export function isSitePath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

/** An absolute http(s) URL with a host: what another site's page (a provider's pay or sign-in page) must be. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The way out of the page to another site (a payment provider, a sign-in provider). An object, so a test can watch
 * where the page would go: jsdom does not navigate.
 */
export const pageExit = {
  assign(url: string): void {
    // This module also serves the api (safeLink), which has no DOM types: the page's location, typed here.
    (globalThis as unknown as { location: { assign(to: string): void } }).location.assign(url);
  },
};

/** Leaves the page for `url` when it is an absolute http(s) URL; anything else is refused (false) and the page stays. */
export function leavePageFor(url: unknown): boolean {
  if (!isHttpUrl(url)) return false;
  pageExit.assign(url);
  return true;
}
