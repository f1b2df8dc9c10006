// Where a login may send the browser: only paths on this site. `?redirect=` comes from a link anyone can craft, so
// '//evil.example' (protocol-relative), '/\evil' (browsers read '\' as '/'), 'https://…' and 'javascript:' are refused.
const PROBE_ORIGIN = 'https://site.invalid';

function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path (with query and hash) when `value` is a same-site path, else null. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || hasControl(value)) return null;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
