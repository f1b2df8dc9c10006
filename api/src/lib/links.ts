import { safeLink } from 'shared-contracts/links';

export { safeLink };

/** The link with extra query parameters (kept safe: the result of an unsafe link is still ''). */
export function withQuery(link: string, params: Record<string, string | undefined>): string {
  const safe = safeLink(link);
  if (!safe) return '';
  const relative = safe.startsWith('/');
  const url = new URL(safe, 'http://site.invalid');
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
