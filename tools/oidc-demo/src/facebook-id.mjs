import { createHash } from 'node:crypto';

/** The stable Facebook-style numeric id of a demo account (its e-mail is its OpenID subject). */
export function facebookId(accountId) {
  return BigInt(`0x${createHash('sha256').update(accountId).digest('hex').slice(0, 13)}`).toString();
}
