import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface CountryOption {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** The country's name in the reader's language (Intl.DisplayNames). */
  name: string;
  /** International dialling code, e.g. '+1'. */
  dial: string;
}

const cache = new Map<string, CountryOption[]>();

/**
 * The address form's countries (spec section 3's area-code list: country, dial code, name shown): the countries
 * libphonenumber-js keeps with their calling codes, named and sorted in `lang`.
 */
export function countryOptions(lang: string): CountryOption[] {
  const known = cache.get(lang);
  if (known) return known;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(lang);
  const options = getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, dial: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lang, options);
  return options;
}

/** '<name> (+1)': the dial code isolated left to right, so '+1' does not turn into '1+' in Arabic or Hebrew. */
export function countryLabel(option: CountryOption): string {
  return `${option.name} (\u2066${option.dial}\u2069)`;
}
