/** Product name shown on /user/about (a brand: not translated). */
export const PRODUCT_NAME = 'eSIM Shop';
/** This remote's version (kept equal to package.json by a test; the bundle does not carry package.json). */
export const APP_VERSION = '0.1.0';
/** A new verification code can be asked for this long after the last one (the api's cool-down). */
export const CODE_RESEND_SECONDS = 60;
/** Verification codes are six digits. */
export const CODE_LENGTH = 6;
