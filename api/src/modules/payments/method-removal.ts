import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type Db, type Queryable } from '../../db/index';
import { methodRemovalLanguage, type MethodRemovalTexts } from './method-removal-text';
import { fillText } from './sandbox-text/index';

/**
 * A visitor (no account) removes a payment method they saved with their e-mail (issue 23): an account does it in
 * /user/info (deletePaymentMethod), a visitor has no list to do it in. The mails about a purchase with auto-renewal
 * (the receipt, the renewal reminder) carry a link to a page of the api, as the alert mails' unsubscribe link does
 * (connectivity/alerts.ts): a random token (24 bytes) of which only the SHA-256 is stored, with the method and its
 * payer's e-mail; nothing in it can be guessed or derived from an id. GET shows the method (brand, last four digits,
 * expiry, or PayPal) and asks; only POST removes it (a mail scanner following the link changes nothing), for that
 * payer only: the same effect as deletePaymentMethod, so the renewals it paid for mail a pay link from then on. A
 * link works for REMOVAL_LINK_DAYS; an unknown, forged or expired one answers a page saying so (404, 410).
 */

export const METHOD_REMOVAL_PATH = '/eshop/pay/methods/remove';
/** How long a removal link works: longer than the longest period between two renewal mails (a year's package). */
export const REMOVAL_LINK_DAYS = 400;

export const RemovalToken = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A mail about a purchase that may carry a removal link: the visitor's method that renews its card, if any. */
export interface RemovalLinkRequest {
  /** Whatever the caller finds the link by (an order id, a renewal id). */
  key: number;
  iccid: string | null;
  /** The visitor payer's e-mail (the order's); null for an account's purchase: an account has /user/info. */
  payerEmail: string | null;
  provider: string;
  /** The order's language: the page speaks it. */
  lang: string | null;
}

/**
 * Removal links for the visitors' methods that renew these purchases' cards: the newest method of the payer (the
 * order's e-mail, no account) saved with the order's provider for its card, the one a renewal would charge
 * (renewals.ts). Answers the link by request key; none for a purchase without such a method. Two statements for any
 * number of requests (links past their end are dropped on the way).
 */
export async function removalLinks(
  q: Queryable,
  publicOrigin: string,
  now: Date,
  requests: readonly RemovalLinkRequest[],
): Promise<Map<number, string>> {
  const links = new Map<number, string>();
  const wanted = requests.filter((request) => request.iccid && request.payerEmail);
  if (wanted.length === 0) return links;
  const tokens = wanted.map(() => randomBytes(24).toString('base64url'));
  const hashes = tokens.map(hashToken);
  await q.query(`DELETE FROM payment_method_removal_tokens WHERE expires_at <= $1`, [now]);
  const made = await q.query<{ token_hash: string }>(
    `INSERT INTO payment_method_removal_tokens (token_hash, method_id, payer_email, lang, expires_at)
     SELECT v.token_hash, m.id, m.payer_email, v.lang, $6::timestamptz + make_interval(days => $7)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
            AS v(token_hash, iccid, payer_email, provider, lang)
       CROSS JOIN LATERAL (
         SELECT id, payer_email FROM saved_payment_methods
          WHERE user_id IS NULL AND payer_email = lower(v.payer_email) AND provider = v.provider AND iccid = v.iccid
          ORDER BY created_at DESC, id DESC LIMIT 1) m
     RETURNING token_hash`,
    [
      hashes,
      wanted.map((request) => request.iccid),
      wanted.map((request) => request.payerEmail),
      wanted.map((request) => request.provider),
      wanted.map((request) => request.lang),
      now,
      REMOVAL_LINK_DAYS,
    ],
  );
  const stored = new Set(made.map((row) => row.token_hash));
  wanted.forEach((request, index) => {
    if (stored.has(hashes[index] ?? '')) {
      links.set(request.key, `${publicOrigin}${METHOD_REMOVAL_PATH}/${tokens[index] ?? ''}`);
    }
  });
  return links;
}

/** The method a link stands for, as the page shows it. */
export interface RemovalMethod {
  provider: string;
  pay_method: 'stripe' | 'paypal' | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  iccid: string | null;
}

/** What a link finds: nothing (unknown, forged), a link past its end, a method no longer saved, or the method. */
export type RemovalState =
  | { kind: 'invalid' }
  | { kind: 'expired'; lang: string | null }
  | { kind: 'gone'; lang: string | null }
  | { kind: 'method'; lang: string | null; method: RemovalMethod }
  | { kind: 'removed'; lang: string | null; method: RemovalMethod };

interface LinkRow extends RemovalMethod {
  method_id: number | null;
  payer_email: string;
  lang: string | null;
  expires_at: Date;
  /** The method, while it is still this payer's (a visitor's with the link's e-mail). */
  live_id: number | null;
}

async function stateOf(
  q: Queryable,
  token: string,
  now: Date,
  lock: boolean,
): Promise<{ state: RemovalState; row?: LinkRow }> {
  const row = await q.one<LinkRow>(
    `SELECT t.method_id, t.payer_email, t.lang, t.expires_at, m.id AS live_id, m.provider, o.pay_method, m.brand,
            m.last4, m.exp_month, m.exp_year, m.iccid
       FROM payment_method_removal_tokens t
       LEFT JOIN saved_payment_methods m
              ON m.id = t.method_id AND m.user_id IS NULL AND m.payer_email = t.payer_email
       LEFT JOIN orders o ON o.id = m.order_id
      WHERE t.token_hash = $1${lock ? ' FOR UPDATE OF t' : ''}`,
    [hashToken(token)],
  );
  if (!row) return { state: { kind: 'invalid' } };
  if (row.expires_at.getTime() <= now.getTime()) return { state: { kind: 'expired', lang: row.lang } };
  if (row.live_id === null) return { state: { kind: 'gone', lang: row.lang } };
  return { state: { kind: 'method', lang: row.lang, method: row }, row };
}

/** GET: what the link stands for; changes nothing. */
export async function showRemoval(db: Queryable, token: string, now: Date): Promise<RemovalState> {
  return (await stateOf(db, token, now, false)).state;
}

/**
 * POST: removes the link's method, for its payer only (a visitor's method with the link's e-mail: never an
 * account's, never another visitor's). The renewals it paid for mail a pay link from then on (renewals.ts finds no
 * method), as after deletePaymentMethod. A second POST answers 'gone'.
 */
export async function removeByToken(db: Db, token: string, now: Date): Promise<RemovalState> {
  return db.tx(async (q) => {
    const { state, row } = await stateOf(q, token, now, true);
    if (state.kind !== 'method' || !row) return state;
    const deleted = await q.one(
      `DELETE FROM saved_payment_methods WHERE id = $1 AND user_id IS NULL AND payer_email = $2 RETURNING id`,
      [row.live_id, row.payer_email],
    );
    await q.query(`UPDATE payment_method_removal_tokens SET used_at = coalesce(used_at, $2) WHERE token_hash = $1`, [
      hashToken(token),
      now,
    ]);
    return deleted ? { kind: 'removed', lang: state.lang, method: state.method } : { kind: 'gone', lang: state.lang };
  });
}

// ---- The page ---------------------------------------------------------------------------------------------------

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.375rem;margin:0 0 .5rem}
.method{font-size:1.125rem;font-weight:700;margin:.75rem 0 .25rem}
.muted{color:#4b5563;margin:.25rem 0}
button{display:block;width:100%;min-height:48px;margin:1rem 0 0;font:inherit;font-weight:600;border-radius:8px;border:2px solid #9b1c1c;background:#fff;color:#9b1c1c;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's own policy: its style by hash, no script, forms only back to itself, no framing. */
export const METHOD_REMOVAL_CSP = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A translated text with its placeholders filled, each value escaped and isolated (<bdi>): digits and dates kept left
 * to right (`ltr`), a name in its own direction.
 */
function fillHtml(template: string, values: Record<string, string>, ltr = true): string {
  const open = ltr ? '<bdi dir="ltr">' : '<bdi>';
  const isolated = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, `${open}${escapeHtml(value)}</bdi>`]),
  );
  return fillText(escapeHtml(template), isolated);
}

/** Card brands as their owners write them (as /user/info does); an unknown brand gets a capital letter. */
const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'Visa •••• 4242', the brand alone, 'PayPal', or the language's word for a card the provider told nothing of. */
export function removalMethodName(method: RemovalMethod, texts: MethodRemovalTexts): string {
  if (method.provider === 'paypal' || method.pay_method === 'paypal') return 'PayPal';
  const brand = method.brand
    ? (BRANDS[method.brand] ?? `${method.brand.charAt(0).toUpperCase()}${method.brand.slice(1)}`)
    : null;
  if (brand && method.last4) return `${brand} •••• ${method.last4}`;
  return brand ?? texts.card;
}

function describe(method: RemovalMethod, texts: MethodRemovalTexts): string {
  const lines = [`<p class="method"><bdi>${escapeHtml(removalMethodName(method, texts))}</bdi></p>`];
  if (method.exp_month !== null && method.exp_year !== null) {
    const date = `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
    lines.push(`<p class="muted">${fillHtml(texts.expires, { date })}</p>`);
  }
  if (method.iccid)
    lines.push(`<p class="muted">${fillHtml(texts.renews, { card: `…${method.iccid.slice(-4)}` })}</p>`);
  if (method.provider === 'sandbox') lines.push(`<p class="muted">${escapeHtml(texts.sandbox)}</p>`);
  return lines.join('\n');
}

/**
 * The page of a link's state, in the link's language (the order's), else the browser's (`acceptLanguage`): the
 * method and a form that POSTs back to the same address, what was done, or why the link does not work.
 */
export function removalPage(state: RemovalState, acceptLanguage: string | undefined): { status: number; html: string } {
  const browser = acceptLanguage?.split(',')[0]?.split(';')[0];
  const page = methodRemovalLanguage(state.kind === 'invalid' ? browser : (state.lang ?? browser));
  const t = page.texts;
  let status = 200;
  let title = t.title;
  let body: string;
  switch (state.kind) {
    case 'invalid':
    case 'expired':
      status = state.kind === 'invalid' ? 404 : 410;
      title = t.invalidTitle;
      body = `<p>${escapeHtml(t.invalid)}</p>`;
      break;
    case 'gone':
      body = `<p role="status">${escapeHtml(t.gone)}</p>`;
      break;
    case 'removed':
      body = `<p role="status">${fillHtml(t.done, { method: removalMethodName(state.method, t) }, false)}</p>`;
      break;
    case 'method':
      body = `${describe(state.method, t)}
<p>${escapeHtml(t.ask)}</p>
<form method="post"><button type="submit">${escapeHtml(t.button)}</button></form>`;
      break;
  }
  const html = `<!doctype html><html lang="${page.lang}" dir="${page.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="card"><h1>${escapeHtml(title)}</h1>
${body}
</div></main></body></html>`;
  return { status, html };
}
