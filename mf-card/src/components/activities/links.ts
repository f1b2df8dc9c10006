// Links from data are checked by shared-contracts/links (safeLink, isSitePath); colours by safeColor here.
export { isSitePath, safeLink } from 'shared-contracts/links';

/** Only plain colour values reach the carousel's background (no url(), no other declarations). */
export function safeColor(value: string | null | undefined, fallback: string): string {
  const colour = (value ?? '').trim();
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(colour)) return colour;
  if (/^rgba?\(\s*[\d.\s,%/]+\)$/i.test(colour)) return colour;
  return fallback;
}
