// Links that come from data (banners, pop-ups, the floating gift, recall) are opened only when they are absolute
// http(s) URLs or paths on the shop itself ('/2/8988...'). Anything else (javascript:, data:, '//host', backslash
// tricks, control characters) is dropped, whatever the server sent: the api filters too, but a partner's api or a
// stale cache might not.

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

/** Only plain colour values reach the carousel's background (no url(), no other declarations). */
export function safeColor(value: string | null | undefined, fallback: string): string {
  const colour = (value ?? '').trim();
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(colour)) return colour;
  if (/^rgba?\(\s*[\d.\s,%/]+\)$/i.test(colour)) return colour;
  return fallback;
}
