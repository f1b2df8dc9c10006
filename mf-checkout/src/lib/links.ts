// Links of the sheet to the shop's own pages (/agreement, /renew/agreement, /pay/order). On the shop they are
// paths; on a partner's page they point at the shop's origin, taken from the api base the purchase calls.

/** The shop's address of `path`: `path` itself on the shop, or on the shop's origin when `apiBase` is absolute. */
export function shopUrl(path: string, apiBase?: string): string {
  if (!apiBase) return path;
  try {
    const base = new URL(apiBase);
    return base.protocol === 'http:' || base.protocol === 'https:' ? new URL(path, base.origin).href : path;
  } catch {
    return path;
  }
}
