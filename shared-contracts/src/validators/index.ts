export { parseCardInput, isBindableIccid, type CardInput } from './card-input';
export { validateEmail, validateOrderEmail, type EmailCheck } from './email';
export { maskIccid, groupIccid } from './iccid';
export {
  validateAddress,
  validateAddressField,
  regionOptions,
  postalLabelKey,
  emptyAddress,
  type AddressForm,
  type AddressField,
  type AddressErrors,
  type RegionOption,
} from './address';
export { stripWhitespace } from './strip';
