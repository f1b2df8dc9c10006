import { ERROR_CODES } from 'shared-contracts';

export { ERROR_CODES };

/** Server-side English messages; the client shows its own localized text for the codes it knows. */
const MESSAGES: Readonly<Record<number, string>> = {
  [ERROR_CODES.PARSE_ERROR]: 'parameter parsing error',
  [ERROR_CODES.PARAM_ERROR]: 'parameter error',
  [ERROR_CODES.SYSTEM_ERROR]: 'system error',
  [ERROR_CODES.MAX_UNLOCK]: 'max unlock error',
  [ERROR_CODES.TOO_MANY_REQUESTS]: 'too many requests, please try again later',
  [ERROR_CODES.TOKEN_EXPIRED]: 'session expired, please log in again',
  [ERROR_CODES.TOKEN_INVALID]: 'please log in',
  [ERROR_CODES.ACCOUNT_DISABLED]: 'signed out, please log in again',
  [ERROR_CODES.USER_NOT_FOUND]: 'user does not exist',
  [ERROR_CODES.EMAIL_TAKEN]: 'this e-mail already has an account',
  [ERROR_CODES.FORBIDDEN]: 'this belongs to another account',
  [ERROR_CODES.NOT_FOUND]: 'not found',
  [ERROR_CODES.WRONG_CREDENTIALS]: 'wrong e-mail or password',
  [ERROR_CODES.PAYMENT_FAILED]: 'payment could not be started',
  [ERROR_CODES.CARD_OTHER_AGENT]: 'the card belongs to another agent',
  [ERROR_CODES.CARD_NOT_FOUND]: 'card not found',
  [ERROR_CODES.FLAG_INVALID]: 'unknown agent',
  [ERROR_CODES.UNUSED_PACKAGE]: 'the card still has an unused package',
  [ERROR_CODES.CODE_INVALID]: 'the verification code is wrong or expired',
  [ERROR_CODES.ALREADY_INSTALLED]: 'already installed',
};

export function messageFor(code: number): string {
  return MESSAGES[code] ?? 'unknown error';
}

/**
 * A domain failure from the catalogue. Route code throws `new ApiError(ERROR_CODES.CARD_NOT_FOUND)`; the error
 * handler answers the envelope `{ code, message, data: null }`, with HTTP 200 unless httpStatus says otherwise.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly httpStatus: number;

  constructor(code: number, message?: string, httpStatus = 200) {
    super(message ?? messageFor(code));
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}
