// Error catalogue of spec section 8: codes, the i18n keys (namespace `common`) the client shows for them, and the
// client-side and success message keys every package shares. Codes marked "design" are not in the spec; the api
// needs them for cases the spec leaves open, and giving them catalogue entries keeps the messages translated.

export const ERROR_CODES = {
  SUCCESS: 10000,
  SUCCESS_ALT: 200000,
  /** Body is not valid JSON. */
  PARSE_ERROR: 10001,
  /** A request field is missing, unknown, of the wrong type or too long. */
  PARAM_ERROR: 10002,
  HTTP_BAD_REQUEST: 400,
  SYSTEM_ERROR: 10003,
  HTTP_SERVER_ERROR: 500,
  /** Too many unlock attempts on the card. */
  MAX_UNLOCK: 10005,
  /** Own message, text not in spec; we use it for rate limiting. */
  TOO_MANY_REQUESTS: 10007,
  /** Session end: the login receipt expired. */
  TOKEN_EXPIRED: 10012,
  /** Session end: no or an invalid receipt on a call that needs login. */
  TOKEN_INVALID: 10013,
  /** Session end: the account was disabled or signed out everywhere. */
  ACCOUNT_DISABLED: 10021,
  USER_NOT_FOUND: 10022,
  /** design: sign-up with an e-mail that already has an account. */
  EMAIL_TAKEN: 10023,
  /** design: the card, pool, slot or order belongs to another account. */
  FORBIDDEN: 10024,
  /** design: the pool, order, notice or profile does not exist. */
  NOT_FOUND: 10025,
  /** Own message, text not in spec; we use it for a wrong e-mail/password pair. */
  WRONG_CREDENTIALS: 10026,
  /** design: the payment provider refused or failed to start the payment. */
  PAYMENT_FAILED: 10027,
  /** Own message, text not in spec; the card belongs to another agent (refresh then redirects). */
  CARD_OTHER_AGENT: 10101,
  CARD_NOT_FOUND: 10102,
  /** The flag in the URL is unknown (refresh then redirects). */
  FLAG_INVALID: 10103,
  /** Warning: the card still has an unused package. */
  UNUSED_PACKAGE: 10104,
  /** Own message, text not in spec; we use it for a wrong or expired verification code. */
  CODE_INVALID: 11023,
  ALREADY_INSTALLED: 100606,
  ALREADY_INSTALLED_ALT: 100608,
} as const;
export type ErrorCodeName = keyof typeof ERROR_CODES;

export const SUCCESS_CODES: ReadonlyArray<number> = [ERROR_CODES.SUCCESS, ERROR_CODES.SUCCESS_ALT];
/** These clear the receipt, e-mail and user id, then (unless disableBack) leave for the device page or '/'. */
export const SESSION_END_CODES: ReadonlyArray<number> = [
  ERROR_CODES.TOKEN_EXPIRED,
  ERROR_CODES.TOKEN_INVALID,
  ERROR_CODES.ACCOUNT_DISABLED,
];
/** On refresh these send the card page to the default flag after REFRESH_REDIRECT_DELAY_MS. */
export const REFRESH_REDIRECT_CODES: ReadonlyArray<number> = [ERROR_CODES.CARD_OTHER_AGENT, ERROR_CODES.FLAG_INVALID];
/** Shown as a warning rather than an error. */
export const WARNING_CODES: ReadonlyArray<number> = [ERROR_CODES.UNUSED_PACKAGE];

export const UNKNOWN_ERROR_KEY = 'errors.unknown';
export const NETWORK_ERROR_KEY = 'errors.network';

/** Code → message key. Codes that mean the same share one key (400 is 10002, 500 is 10003, 100608 is 100606). */
export const ERROR_MESSAGE_KEYS: Readonly<Record<number, string>> = {
  10001: 'errors.10001',
  10002: 'errors.10002',
  400: 'errors.10002',
  10003: 'errors.10003',
  500: 'errors.10003',
  10005: 'errors.10005',
  10007: 'errors.10007',
  10012: 'errors.10012',
  10013: 'errors.10013',
  10021: 'errors.10021',
  10022: 'errors.10022',
  10023: 'errors.10023',
  10024: 'errors.10024',
  10025: 'errors.10025',
  10026: 'errors.10026',
  10027: 'errors.10027',
  10101: 'errors.10101',
  10102: 'errors.10102',
  10103: 'errors.10103',
  10104: 'errors.10104',
  11023: 'errors.11023',
  100606: 'errors.100606',
  100608: 'errors.100606',
};

export function isOk(code: number): boolean {
  return SUCCESS_CODES.includes(code);
}
export function isSessionEnd(code: number): boolean {
  return SESSION_END_CODES.includes(code);
}
export function isRefreshRedirect(code: number): boolean {
  return REFRESH_REDIRECT_CODES.includes(code);
}
export function severityFor(code: number): 'warning' | 'error' {
  return WARNING_CODES.includes(code) ? 'warning' : 'error';
}

/**
 * What to show for a failed call: the catalogue key for known codes, otherwise the server's own message (i18next
 * returns a missing key unchanged, so passing it to t() shows it as is), otherwise errors.unknown.
 */
export function messageKeyFor(code: number, serverMessage?: string | null): string {
  const key = ERROR_MESSAGE_KEYS[code];
  if (key) return key;
  const text = serverMessage?.trim();
  return text ? text : UNKNOWN_ERROR_KEY;
}

/** Messages the front end raises itself (validation and flow warnings). */
export const CLIENT_MESSAGES = {
  emailLength: 'email.length',
  emailType: 'email.type',
  emailNull: 'email.null',
  errorOrderId: 'errorOrderId',
  rulesMessageLength: 'index.rulesMessageLength',
  /** Tip shown when the card belongs to another user. */
  otherUserRecharge: 'otherUserRecharge',
  unusedPackage: 'unusedPackage',
  orderCancelled: 'orderCancelled',
  pleaseLogIn: 'pleaseLogIn',
  firstPayAutoRenew: 'first_pay_autorenew',
  addressEmail: 'address.enterEmail',
  addressRegion: 'address.selectRegion',
  addressCity: 'address.enterCity',
  addressLine1: 'address.enterAddress',
  addressPostalCode: 'address.enterPostalCode',
  zipCodeLabel: 'Zip code',
  postalCodeLabel: 'Postal code',
} as const;

/**
 * The catalogue's success messages (spec section 8). A screen says what happened in its own words ("Card renamed to
 * “Travel”", "Auto-renew is on"): succOperation ("Operation successful.") is only the fallback of a caller with
 * nothing better to say.
 */
export const SUCCESS_MESSAGES = {
  refreshSuccess: 'refreshSuccess',
  /** Generic fallback only: give each success its own message. */
  succOperation: 'responseDesc.succOperation',
  paymentSuccessful: 'paymentSuccessful',
  autoRenewCancelled: 'autoRenewCancelled',
  copySucc: 'copy_succ',
} as const;

/** Every key this module can hand to t(): the locale test checks each language has them all. */
export const ALL_MESSAGE_KEYS: ReadonlyArray<string> = [
  ...new Set([
    ...Object.values(ERROR_MESSAGE_KEYS),
    UNKNOWN_ERROR_KEY,
    NETWORK_ERROR_KEY,
    ...Object.values(CLIENT_MESSAGES),
    ...Object.values(SUCCESS_MESSAGES),
  ]),
];
