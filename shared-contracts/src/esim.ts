// eSIM installation helpers (USERS.md: a QR code works once; offer the manual code and the iOS one-tap link).

export interface ActivationCode {
  smdpAddress: string;
  matchingId: string;
}

/** Reads 'LPA:1$<SM-DP+ address>$<matching ID>' (GSMA SGP.22); null for anything else. */
export function parseActivationCode(code: string): ActivationCode | null {
  const match = /^LPA:1\$([^$]+)\$([^$]*)(?:\$.*)?$/.exec(code.trim());
  if (!match?.[1]) return null;
  return { smdpAddress: match[1], matchingId: match[2] ?? '' };
}

/** Apple's one-tap install link (iOS 17.4 and later) for an activation code; null if the code is malformed. */
export function appleInstallLink(code: string): string | null {
  if (!parseActivationCode(code)) return null;
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(code.trim())}`;
}
