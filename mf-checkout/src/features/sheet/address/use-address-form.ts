import { useCallback, useState } from 'react';
import { CLIENT_MESSAGES } from 'shared-contracts';
import {
  emptyAddress,
  validateAddress,
  validateAddressField,
  type AddressErrors,
  type AddressField,
  type AddressForm,
} from 'shared-contracts/validators/address';

/** The fields of a saved address the form starts with (the pay check's savedAddress, without its e-mail). */
export type AddressStart = Omit<AddressForm, 'email'>;

/**
 * The address form's values and messages. Each field is checked on input and on blur (spec section 5); changing the
 * country empties the region (US and CA pick from their lists, elsewhere it is free text). `start`: the buyer's last
 * saved address, so a returning buyer only checks it and saves.
 */
export function useAddressForm(initialEmail: string, start?: AddressStart | null) {
  const [form, setForm] = useState<AddressForm>(() =>
    start
      ? {
          email: initialEmail,
          country: start.country,
          region: start.region,
          city: start.city,
          postalCode: start.postalCode,
          line1: start.line1,
        }
      : emptyAddress(initialEmail),
  );
  const [errors, setErrors] = useState<AddressErrors>({});

  const check = useCallback((field: AddressField, next: AddressForm) => {
    const message = validateAddressField(field, next);
    setErrors((current) => {
      if ((current[field] ?? null) === message) return current;
      const copy = { ...current };
      if (message) copy[field] = message;
      else delete copy[field];
      return copy;
    });
  }, []);

  const change = useCallback(
    (field: AddressField, value: string) => {
      const next = field === 'country' ? { ...form, country: value, region: '' } : { ...form, [field]: value };
      setForm(next);
      if (field === 'country') setErrors(({ region: _dropped, ...rest }) => rest);
      else check(field, next);
    },
    [check, form],
  );

  const blur = useCallback((field: AddressField) => check(field, form), [check, form]);

  /** The whole form: its messages shown; the trimmed values when it passes. */
  const submit = useCallback((): { ok: true; value: AddressForm } | { ok: false; first: AddressField } => {
    const result = validateAddress(form);
    setErrors(result.errors);
    if (!result.ok) {
      const first = (Object.keys(result.errors) as AddressField[])[0] ?? 'email';
      return { ok: false, first };
    }
    return {
      ok: true,
      value: {
        email: form.email.replace(/\s+/g, ''),
        country: form.country,
        region: form.region.trim(),
        city: form.city.trim(),
        postalCode: form.postalCode.trim(),
        line1: form.line1.trim(),
      },
    };
  }, [form]);

  return { form, errors, change, blur, submit };
}

/**
 * A field's message, naming the field as it is labelled for the country: the region is a State (US), a Province or
 * territory (CA), else a free-text state, province or region; the postal code a Zip code (US), else a postal code.
 * Other messages are the common ones (spec section 5).
 */
export function addressErrorKey(field: AddressField, message: string, country: string): string {
  const upper = country.toUpperCase();
  if (field === 'region' && message === CLIENT_MESSAGES.addressRegion) {
    return upper === 'US'
      ? 'checkout:address.errors.state'
      : upper === 'CA'
        ? 'checkout:address.errors.province'
        : 'checkout:address.errors.region';
  }
  if (field === 'postalCode' && message === CLIENT_MESSAGES.addressPostalCode) {
    return upper === 'US' ? 'checkout:address.errors.zip' : 'checkout:address.errors.postal';
  }
  return message;
}
