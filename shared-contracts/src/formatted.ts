// Figures and dates of a server-rendered page, written once. The server records every text its formatters write
// (formatOnce) and hands them to the client with the page (#ssr-data `formatted`); the hydrating render takes the
// same texts instead of making Intl formats. A page's first Intl format loads the language's data (50 to 120 ms of
// main thread in Chromium on this machine, a phone takes longer): a returning visitor's page hydrates without it, and
// its texts are the server's to the letter (no mismatch when the browser's ICU writes a space differently). Anything
// the page did not hold (another currency, a new figure) is formatted as before.
import { requestScope } from './request-scope';

const seeded = new Map<string, string>();

/** The client, at start: the texts the server wrote into the page (kept for the page's life: a key names its text). */
export function seedFormatted(entries: Record<string, unknown> | null | undefined): void {
  if (!entries || typeof entries !== 'object') return;
  for (const [key, text] of Object.entries(entries)) if (typeof text === 'string') seeded.set(key, text);
}

/**
 * The text `write` makes, named by `key` (every input the text depends on: kind, language, options, value). On the
 * server it is written and recorded for the page; in the browser the page's text is taken when it has one.
 */
export function formatOnce(key: string, write: () => string): string {
  const scope = requestScope();
  if (scope) {
    const text = write();
    scope.formatted?.set(key, text);
    return text;
  }
  return seeded.get(key) ?? write();
}

/** How many Intl formats one formatter keeps (languages × zones or options): past it, it starts again. */
const FORMATS_KEPT = 200;

/**
 * `make` with what it made kept by `keyOf`'s key (every input the format depends on), up to `max` formats. Making an
 * Intl format costs far more than formatting with one (a card list or a package grid formats dozens of figures per
 * render), and a server makes them for every language and zone its visitors ask for. What `make` throws is not kept.
 */
export function formatMaker<Args extends unknown[], Format>(
  keyOf: (...args: Args) => string,
  make: (...args: Args) => Format,
  max = FORMATS_KEPT,
): (...args: Args) => Format {
  const made = new Map<string, Format>();
  return (...args) => {
    const key = keyOf(...args);
    if (made.has(key)) return made.get(key) as Format;
    const format = make(...args);
    if (made.size >= max) made.clear();
    made.set(key, format);
    return format;
  };
}
