/**
 * Links that come from data (adverts, notices, configuration) reach the browser only when they are absolute
 * http(s) URLs or paths on the site itself ('/2/8988...', which the browser resolves to the shop's own http(s)
 * origin). Anything else (javascript:, data:, protocol-relative '//host', backslash tricks, control characters)
 * is dropped: the answer carries '' instead.
 */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

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

/** The link with extra query parameters (kept safe: the result of an unsafe link is still ''). */
export function withQuery(link: string, params: Record<string, string | undefined>): string {
  const safe = safeLink(link);
  if (!safe) return '';
  const relative = safe.startsWith('/');
  const url = new URL(safe, 'http://site.invalid');
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
