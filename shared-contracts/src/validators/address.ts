// Address/tax form rules (spec section 5): required fields with their messages, region dropdown for US and CA,
// free text elsewhere, and the postal label. Imported as 'shared-contracts/validators/address' (not from the main
// entry) so the region lists load only with the page that shows the form.
import { DEFAULT_COUNTRY } from '../constants';
import { CLIENT_MESSAGES } from '../errors';
import { US_REGIONS } from '../data/us-regions';
import { CA_REGIONS } from '../data/ca-regions';
import { validateEmail } from './email';

export { US_REGIONS, CA_REGIONS };

export interface AddressForm {
  email: string;
  country: string;
  region: string;
  city: string;
  postalCode: string;
  line1: string;
}
export type AddressField = keyof AddressForm;
export type AddressErrors = Partial<Record<AddressField, string>>;

export interface RegionOption {
  code: string;
  name: string;
  localizedNames: Readonly<Record<string, string>>;
}

/** The dropdown's entries for US and CA; null means the region is free text. */
export function regionOptions(country: string): ReadonlyArray<RegionOption> | null {
  const upper = (country || DEFAULT_COUNTRY).toUpperCase();
  if (upper === 'US') return US_REGIONS;
  if (upper === 'CA') return CA_REGIONS;
  return null;
}

/** i18n key of the postal code label. */
export function postalLabelKey(country: string): string {
  return (country || DEFAULT_COUNTRY).toUpperCase() === 'US'
    ? CLIENT_MESSAGES.zipCodeLabel
    : CLIENT_MESSAGES.postalCodeLabel;
}

const REQUIRED_MESSAGE: Record<Exclude<AddressField, 'email' | 'country'>, string> = {
  region: CLIENT_MESSAGES.addressRegion,
  city: CLIENT_MESSAGES.addressCity,
  line1: CLIENT_MESSAGES.addressLine1,
  postalCode: CLIENT_MESSAGES.addressPostalCode,
};

/**
 * One field, for on-blur/on-input checks; null when it is fine. The e-mail is required first ('please enter
 * email'), then it must pass the e-mail rules. A US/CA region must be one of the dropdown codes.
 */
export function validateAddressField(field: AddressField, form: AddressForm): string | null {
  const value = (form[field] ?? '').trim();
  switch (field) {
    case 'email': {
      if (value === '') return CLIENT_MESSAGES.addressEmail;
      const check = validateEmail(value);
      return check.ok ? null : check.error;
    }
    case 'country':
      return null;
    case 'region': {
      if (value === '') return REQUIRED_MESSAGE.region;
      const options = regionOptions(form.country);
      return options && !options.some((o) => o.code === value) ? REQUIRED_MESSAGE.region : null;
    }
    default:
      return value === '' ? REQUIRED_MESSAGE[field] : null;
  }
}

const FIELDS: ReadonlyArray<AddressField> = ['email', 'country', 'region', 'city', 'postalCode', 'line1'];

/** Whole form on submit: every failing field with its message key. */
export function validateAddress(form: AddressForm): { ok: boolean; errors: AddressErrors } {
  const errors: AddressErrors = {};
  for (const field of FIELDS) {
    const message = validateAddressField(field, form);
    if (message) errors[field] = message;
  }
  return { ok: Object.keys(errors).length === 0, errors };
}

/** An empty form for a country (default US). */
export function emptyAddress(email = '', country: string = DEFAULT_COUNTRY): AddressForm {
  return { email, country, region: '', city: '', postalCode: '', line1: '' };
}
