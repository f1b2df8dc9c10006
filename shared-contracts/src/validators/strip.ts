/** Removes every whitespace character (spaces, tabs, newlines, no-break and full-width spaces), as pasted IDs and
 * e-mails often carry them. */
export function stripWhitespace(raw: unknown): string {
  return typeof raw === 'string' ? raw.replace(/\s+/gu, '') : '';
}
