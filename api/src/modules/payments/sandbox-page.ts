import { createHash } from 'node:crypto';
import { formatPrice } from 'shared-contracts';
import { fillText, sandboxLanguage, type SandboxTexts } from './sandbox-text/index';

/**
 * The sandbox's hosted pay page: plain HTML forms posting back to the same address, no script at all (the site's
 * CSP forbids inline scripts, and a form flow needs none). Labelled controls, AA contrast, one column that fits a
 * 390 px wide phone. The style sheet is inline, allowed by its hash in the page's own CSP; it uses logical properties
 * only (text-align:end, symmetric margins), so it serves left-to-right and right-to-left pages alike.
 * Every text follows the order's language (sandbox-text/): <html lang dir>, labels, buttons and prices; an unknown
 * or missing language is English.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.375rem;margin:0 0 .25rem}
.badge{display:inline-block;background:#fef3c7;color:#7c2d12;border-radius:999px;padding:.125rem .625rem;font-size:.875rem;font-weight:600}
.muted{color:#4b5563;margin:.5rem 0 1rem}
dl{display:grid;grid-template-columns:1fr auto;gap:.25rem .75rem;margin:1rem 0}
dt{color:#4b5563}dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}
.total{font-weight:700;color:#111827}
fieldset{border:1px solid #d1d5db;border-radius:8px;margin:1rem 0;padding:.75rem}
legend{font-weight:600;padding:0 .25rem}
label{display:flex;gap:.5rem;align-items:flex-start;padding:.5rem 0;cursor:pointer}
input[type=radio]{width:1.25rem;height:1.25rem;margin-top:.125rem;flex:none}
.field{display:block;padding:0;margin:.75rem 0 .25rem;font-weight:600}
input[type=text]{width:100%;font:inherit;font-size:1.25rem;letter-spacing:.25em;padding:.625rem .75rem;border:2px solid #6b7280;border-radius:8px}
input[aria-invalid=true]{border-color:#b42318}
.error{color:#b42318;font-weight:600;margin:.25rem 0}
.hint{color:#4b5563;font-size:.875rem;margin:.25rem 0}
button,.button{display:block;width:100%;min-height:48px;margin:.625rem 0 0;font:inherit;font-weight:600;border-radius:8px;border:2px solid transparent;cursor:pointer;text-align:center;text-decoration:none;padding:.625rem}
.primary{background:#0a5c2f;color:#fff}
.danger{background:#fff;color:#9b1c1c;border-color:#9b1c1c}
.secondary{background:#fff;color:#1f2937;border-color:#6b7280}
button:focus-visible,.button:focus-visible,input:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
footer{margin-top:1rem;color:#4b5563;font-size:.875rem;text-align:center}
.simulated{margin:0;padding:.75rem 1rem;background:#fde68a;color:#451a03;font-weight:600;text-align:center;border-bottom:2px solid #b45309}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's own policy (kept by the site host's proxy): no script, forms only to us or the shop, no framing. */
export function sandboxPageCsp(shopOrigin: string): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    `form-action 'self' ${shopOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The code the sandbox's 3-D Secure step accepts (printed on the page: it is a test). */
export const SANDBOX_CHALLENGE_CODE = '123456';
/** Wrong codes allowed before the sandbox bank declines. */
export const SANDBOX_CHALLENGE_TRIES = 3;

/** Test cards of the sandbox: one pays at once, one asks for the 3-D Secure code first (notes: text keys). */
export const SANDBOX_CARDS = {
  instant: { number: '4242 4242 4242 4242', note: 'cardInstant' },
  challenge: { number: '4000 0027 6000 3184', note: 'cardChallenge' },
} as const satisfies Record<string, { number: string; note: keyof SandboxTexts }>;
export type SandboxCard = keyof typeof SANDBOX_CARDS;

/** Card brands by the first digits of the number (the few a test card number starts with). */
const BRAND_PREFIXES: ReadonlyArray<[RegExp, string]> = [
  [/^4/, 'visa'],
  [/^(5[1-5]|2[2-7])/, 'mastercard'],
  [/^3[47]/, 'amex'],
  [/^6(011|5)/, 'discover'],
  [/^35/, 'jcb'],
];

/**
 * What the sandbox tells about a test card it saved for renewals, as a provider tells about a real one: the brand by
 * the number's first digits, its last four digits, and an expiry the page does not ask for: December, five years
 * after `now` (a test card never expires). The list of saved methods names it a sandbox card.
 */
export function sandboxCardDetails(card: SandboxCard, now: Date) {
  const digits = SANDBOX_CARDS[card].number.replace(/\D/g, '');
  return {
    brand: BRAND_PREFIXES.find(([prefix]) => prefix.test(digits))?.[1] ?? 'unknown',
    last4: digits.slice(-4),
    exp_month: 12,
    exp_year: now.getUTCFullYear() + 5,
  };
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface PageOrder {
  orderId: number;
  description: string;
  amount: number;
  tax: number;
  currency: string;
  method: 'stripe' | 'paypal';
  /** The order's language (orders.lang); unknown or missing → English. */
  lang: string | null;
}

type Page = ReturnType<typeof sandboxLanguage>;

function money(page: Page, minor: number, currency: string): string {
  return formatPrice(minor, currency, { lang: page.lang }) ?? `0 ${currency}`;
}

function layout(page: Page, title: string, body: string): string {
  const t = page.texts;
  return `<!doctype html>
<html lang="${page.lang}" dir="${page.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escape(title)} · ${escape(t.siteName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p class="simulated">${escape(t.simulated)}</p></header>
<main>
<div class="card">
${body}
</div>
<footer>${escape(t.footer)}</footer>
</main>
</body>
</html>
`;
}

function summary(page: Page, order: PageOrder): string {
  const t = page.texts;
  const lines = [
    `<dt>${escape(t.order)}</dt><dd>#${order.orderId}</dd>`,
    `<dt>${escape(t.package)}</dt><dd>${escape(order.description)}</dd>`,
    `<dt>${escape(t.price)}</dt><dd>${escape(money(page, order.amount, order.currency))}</dd>`,
    ...(order.tax > 0 ? [`<dt>${escape(t.tax)}</dt><dd>${escape(money(page, order.tax, order.currency))}</dd>`] : []),
    `<dt class="total">${escape(t.total)}</dt>` +
      `<dd class="total">${escape(money(page, order.amount + order.tax, order.currency))}</dd>`,
  ];
  return `<dl>${lines.join('')}</dl>`;
}

/** The first step: choose a test card, then Pay, Decline (the bank says no) or Cancel (back to the shop). */
export function payPage(action: string, order: PageOrder): string {
  const page = sandboxLanguage(order.lang);
  const t = page.texts;
  const total = money(page, order.amount + order.tax, order.currency);
  const payAmount = escape(fillText(t.payAmount, { total }));
  // A card number stays left to right (isolated) on a right-to-left page, else its groups would read reversed.
  const cards = (Object.keys(SANDBOX_CARDS) as SandboxCard[])
    .map(
      (key, index) =>
        `<label><input type="radio" name="card" value="${key}"${index === 0 ? ' checked' : ''}>` +
        `<span><bdi dir="ltr">${SANDBOX_CARDS[key].number}</bdi> ` +
        `<span class="hint">(${escape(t[SANDBOX_CARDS[key].note])})</span></span></label>`,
    )
    .join('');
  return layout(
    page,
    t.payTitle,
    `<span class="badge">${escape(t.badge)}</span>
<h1>${payAmount}</h1>
<p class="muted">${escape(order.method === 'paypal' ? t.payByPaypal : t.payByCard)}</p>
${summary(page, order)}
<form method="post" action="${escape(action)}">
<fieldset><legend>${escape(t.testCard)}</legend>${cards}</fieldset>
<button class="primary" type="submit" name="action" value="pay">${payAmount}</button>
<button class="danger" type="submit" name="action" value="decline">${escape(t.decline)}</button>
<button class="secondary" type="submit" name="action" value="cancel">${escape(t.cancel)}</button>
</form>`,
  );
}

/** The 3-D Secure-like step: the bank asks for a code; after a wrong one, `triesLeft` says how many remain. */
export function challengePage(action: string, order: PageOrder, triesLeft: number | null): string {
  const page = sandboxLanguage(order.lang);
  const t = page.texts;
  const total = money(page, order.amount + order.tax, order.currency);
  const error = triesLeft === null ? null : fillText(t.codeWrong, { left: triesLeft });
  return layout(
    page,
    t.confirmTitle,
    `<span class="badge">${escape(t.bankBadge)}</span>
<h1>${escape(fillText(t.confirmAmount, { total }))}</h1>
<p class="muted">${escape(t.confirmIntro)}</p>
${summary(page, order)}
<form method="post" action="${escape(action)}" novalidate>
<label class="field" for="code">${escape(t.codeLabel)}</label>
<p class="hint" id="code-hint">${escape(fillText(t.codeHint, { code: SANDBOX_CHALLENGE_CODE }))}</p>
${error ? `<p class="error" id="code-error" role="alert">${escape(error)}</p>` : ''}
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required
 aria-describedby="code-hint${error ? ' code-error' : ''}"${error ? ' aria-invalid="true"' : ''}>
<button class="primary" type="submit" name="action" value="verify">${escape(t.confirm)}</button>
<button class="secondary" type="submit" name="action" value="cancel">${escape(t.cancel)}</button>
</form>`,
  );
}

export type SandboxMessage = 'expired' | 'notFound';

/** A session that can no longer be paid (expired, unknown): a way back, nothing else; `lang` null → English. */
export function messagePage(message: SandboxMessage, lang: string | null, backUrl: string | null): string {
  const page = sandboxLanguage(lang);
  const t = page.texts;
  const [title, text] = message === 'expired' ? [t.expiredTitle, t.expiredText] : [t.notFoundTitle, t.notFoundText];
  return layout(
    page,
    title,
    `<span class="badge">${escape(t.badge)}</span>
<h1>${escape(title)}</h1>
<p class="muted">${escape(text)}</p>
${backUrl ? `<a class="button secondary" href="${escape(backUrl)}">${escape(t.backToShop)}</a>` : ''}`,
  );
}
