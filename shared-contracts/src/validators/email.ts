// E-mail rules of spec section 5, shared by the card page's bind dialog, checkout, sign-up and login.
import { EMAIL_MAX } from '../constants';
import { CLIENT_MESSAGES } from '../errors';
import { stripWhitespace } from './strip';

export type EmailCheck =
  | { ok: true; value: string }
  | {
      ok: false;
      error: typeof CLIENT_MESSAGES.emailNull | typeof CLIENT_MESSAGES.emailLength | typeof CLIENT_MESSAGES.emailType;
    };

/**
 * Whitespace removed; empty → null message; over 64 characters → length message; otherwise exactly one '@', a
 * non-empty local part and a domain with a dot whose last label has at least 2 characters, else the type message.
 */
export function validateEmail(raw: unknown): EmailCheck {
  const value = stripWhitespace(raw);
  if (value === '') return { ok: false, error: CLIENT_MESSAGES.emailNull };
  if (value.length > EMAIL_MAX) return { ok: false, error: CLIENT_MESSAGES.emailLength };
  const parts = value.split('@');
  if (parts.length !== 2) return { ok: false, error: CLIENT_MESSAGES.emailType };
  const [local = '', domain = ''] = parts;
  const labels = domain.split('.');
  const tld = labels[labels.length - 1] ?? '';
  const wellFormed = local.length >= 1 && labels.length >= 2 && labels.every((l) => l.length > 0) && tld.length >= 2;
  return wellFormed ? { ok: true, value } : { ok: false, error: CLIENT_MESSAGES.emailType };
}

/** Sending an order e-mail needs the order id first (errorOrderId), then a valid address. */
export function validateOrderEmail(
  orderId: unknown,
  email: unknown,
): EmailCheck | { ok: false; error: 'errorOrderId' } {
  if (typeof orderId !== 'string' || orderId.trim() === '') return { ok: false, error: CLIENT_MESSAGES.errorOrderId };
  return validateEmail(email);
}
