import { createHash } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { rawBodyOf, registerFormRoutes, registerRawBodyRoutes } from '../../http/body-scopes';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../../http/envelope';
import { alertText, fill } from './alert-text';
import { unsubscribe, unsubscribeCard, UNSUBSCRIBE_PATH } from './alerts';
import { CONNECTIVITY_WEBHOOK_PATH } from './plugin';
import { CallbackRejected } from './providers/types';

/** A simulator batch of a few thousand reports fits; eSIM Go sends one small report per callback. */
const CALLBACK_BODY_LIMIT = 2 * 1024 * 1024;
const FORM_BODY_LIMIT = 1024;
const Token = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.375rem;margin:0 0 .5rem}
button{display:block;width:100%;min-height:48px;margin:1rem 0 0;font:inherit;font-weight:600;border-radius:8px;border:0;background:#0a5c2f;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The visitor's language from Accept-Language (the page has no other hint), English otherwise. */
function pageLanguage(request: FastifyRequest): string {
  const header = String(request.headers['accept-language'] ?? '');
  const first = header.split(',')[0]?.trim().slice(0, 2).toLowerCase() ?? '';
  return alertText(first) === alertText('en') ? 'en' : first;
}

function page(lang: string, title: string, body: string): string {
  const dir = lang === 'ar' || lang === 'he' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div></main></body></html>`;
}

/**
 * The endpoints of the network side that are not calls: the connectivity provider's usage callback (raw body,
 * verified by the provider's signature: a bad one is a 400 and nothing is stored) and the alert mails' unsubscribe
 * page (works without a login; GET asks, POST does it, so a mail scanner following the link changes nothing; the
 * mail program's one-click POST of RFC 8058 works too).
 */
export async function connectivityHttpRoutes(app: FastifyInstance): Promise<void> {
  const { connectivity } = app;

  await registerRawBodyRoutes(app, CALLBACK_BODY_LIMIT, (scope) => {
    scope.post<{ Params: { provider: string } }>(
      CONNECTIVITY_WEBHOOK_PATH,
      { schema: { hide: true } },
      async (request) => {
        if (request.params.provider !== connectivity.provider.name) {
          throw new ApiError(ERROR_CODES.PARAM_ERROR, 'unknown connectivity provider', 404);
        }
        const raw = rawBodyOf(request);
        let events;
        try {
          events = await connectivity.provider.verifyCallback(raw, request.headers);
        } catch (error) {
          if (!(error instanceof CallbackRejected)) throw error;
          request.log.warn({ reason: error.message }, 'connectivity callback rejected');
          throw new ApiError(ERROR_CODES.PARAM_ERROR, 'callback rejected', 400);
        }
        // Stored and applied in one transaction: a failure answers 5xx and the provider delivers again.
        const result = await connectivity.ingest(events);
        if (result.unmatched > 0)
          request.log.info({ unmatched: result.unmatched }, 'usage reports of unknown packages');
        return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data: null };
      },
    );
  });

  await registerFormRoutes(app, FORM_BODY_LIMIT, (scope) => {
    const send = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
        )
        .type('text/html; charset=utf-8')
        .send(html);

    // GET asks (a mail scanner following the link changes nothing); POST stops the mails.
    const answer =
      (stop: boolean) => async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
        const lang = pageLanguage(request);
        const text = alertText(lang);
        const token = Token.safeParse(request.params.token);
        const iccid = token.success
          ? await (stop ? unsubscribe(app.db, token.data) : unsubscribeCard(app.db, token.data))
          : undefined;
        if (!iccid) return send(reply, 404, page(lang, text.pageInvalid, ''));
        const card = `…${iccid.slice(-4)}`;
        const body = stop
          ? `<p role="status">${escapeHtml(fill(text.pageDone, { card }))}</p>`
          : `<p>${escapeHtml(text.pageAsk)}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(text.pageButton)}</button></form>`;
        return send(reply, 200, page(lang, fill(text.pageTitle, { card }), body));
      };
    const path = `${UNSUBSCRIBE_PATH}/:token`;
    scope.get<{ Params: { token: string } }>(path, { schema: { hide: true } }, answer(false));
    scope.post<{ Params: { token: string } }>(path, { schema: { hide: true } }, answer(true));
  });
}
