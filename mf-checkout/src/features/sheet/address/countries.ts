import { getCountries } from 'libphonenumber-js/min';

export interface CountryOption {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** The country's name in the reader's language (Intl.DisplayNames; English where the language has no names). */
  name: string;
}

const cache = new Map<string, CountryOption[]>();

/** Region names in `lang`, else in English, else none (a browser without Intl.DisplayNames). */
function displayNames(lang: string): Intl.DisplayNames | null {
  for (const locale of [lang, 'en']) {
    try {
      return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    } catch {
      // Try the next one.
    }
  }
  return null;
}

/**
 * The address form's countries (the countries of spec section 3's area-code list, as libphonenumber-js keeps them):
 * each named in the reader's language and sorted by that name. A billing address needs the country, not its dial
 * code, so none is shown.
 */
export function countryOptions(lang: string): CountryOption[] {
  const known = cache.get(lang);
  if (known) return known;
  const names = displayNames(lang);
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(lang);
  } catch {
    collator = new Intl.Collator('en');
  }
  const options = getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lang, options);
  return options;
}
