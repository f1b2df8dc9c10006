export { parseCardInput, isBindableIccid, type CardInput } from './card-input';
export { validateEmail, validateOrderEmail, type EmailCheck } from './email';
export { maskIccid, groupIccid } from './iccid';
export { stripWhitespace } from './strip';
