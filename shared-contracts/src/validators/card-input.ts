// The add-card input (spec section 5): one field takes an ICCID or an EID; length alone tells them apart.
import { ICCID_MAX, ICCID_MIN } from '../constants';
import { CLIENT_MESSAGES } from '../errors';
import { stripWhitespace } from './strip';

export type CardInput =
  | { ok: true; kind: 'iccid'; value: string }
  | { ok: true; kind: 'eid'; value: string }
  | { ok: false; error: typeof CLIENT_MESSAGES.rulesMessageLength };

/**
 * Whitespace removed; under 19 characters is rejected; 19–20 is an ICCID (bind-card call); longer is an EID
 * (eSIM slot call). Character checks are the server's (its schemas answer 10002).
 */
export function parseCardInput(raw: unknown): CardInput {
  const value = stripWhitespace(raw);
  if (value.length < ICCID_MIN) return { ok: false, error: CLIENT_MESSAGES.rulesMessageLength };
  if (value.length > ICCID_MAX) return { ok: true, kind: 'eid', value };
  return { ok: true, kind: 'iccid', value };
}

/** Bind card and the remembered-ICCID confirmation need at least 19 characters. */
export function isBindableIccid(raw: unknown): boolean {
  return stripWhitespace(raw).length >= ICCID_MIN;
}
