import { validateEmail } from 'shared-contracts';

/** A well-formed e-mail (spec section 5 rules), else undefined. */
export function validEmail(value: string | null | undefined): string | undefined {
  const check = validateEmail(value ?? '');
  return check.ok ? check.value : undefined;
}

/** Who the support request is for: the account e-mail and/or the card. */
export interface SupportSubject {
  email?: string;
  iccid?: string;
}

/**
 * The configured support chat's address with `email` and `iccid` added, or null when nothing usable is
 * configured: only http(s) links open (a relative path resolves against the shop's own origin).
 */
export function supportLink(
  configured: string | null | undefined,
  subject: SupportSubject,
  origin: string,
): string | null {
  const raw = configured?.trim();
  if (!raw || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (subject.email) url.searchParams.set('email', subject.email);
  if (subject.iccid) url.searchParams.set('iccid', subject.iccid);
  return url.toString();
}
