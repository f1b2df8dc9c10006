// The login receipt as a cookie, for server-side rendering only (issue 27): the site host's renderer reads it and
// sends it to the api as `Authorization: Bearer` over loopback, so a logged-in page renders logged in. The api
// never takes it as a login: calls authenticate with the bearer header (or a card page's auth_token) alone, so a
// cross-site request that carries the cookie is a visitor's (no CSRF), and CORS can stay open.
//
// HttpOnly (no script reads it), SameSite=Lax (sent when the visitor follows a link to the shop), Secure when the
// request came over https (the site host's X-Forwarded-Proto, trusted from loopback proxies; development over http
// without it), Path=/ (every page). Set at every login that hands out a receipt, cleared at logout and whenever a
// call finds the session ended.
import { type FastifyReply, type FastifyRequest } from 'fastify';

/** The cookie's name; the site host reads it under this name (tools/build/host/ssr.mjs RECEIPT_COOKIE). */
export const RECEIPT_COOKIE = 'esim_receipt';

function attributes(request: FastifyRequest, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The receipt handed out by a login, as a cookie that ends when the session does. */
export function setReceiptCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  now: Date,
): void {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', `${RECEIPT_COOKIE}=${encodeURIComponent(token)}; ${attributes(request, maxAge)}`);
}

/** The cookie removed (logout, a session found ended). */
export function clearReceiptCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${RECEIPT_COOKIE}=; ${attributes(request, 0)}`);
}

/** Whether the request carries the cookie (only to clear it: its value is never a login here). */
export function hasReceiptCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return false;
  return header.split(';').some((part) => part.trim().startsWith(`${RECEIPT_COOKIE}=`));
}
