import { useCallback, useState } from 'react';
import {
  emptyAddress,
  validateAddress,
  validateAddressField,
  type AddressErrors,
  type AddressField,
  type AddressForm,
} from 'shared-contracts/validators/address';

/**
 * The address form's values and messages. Each field is checked on input and on blur (spec section 5); changing the
 * country empties the region (US and CA pick from their lists, elsewhere it is free text).
 */
export function useAddressForm(initialEmail: string) {
  const [form, setForm] = useState<AddressForm>(() => emptyAddress(initialEmail));
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
