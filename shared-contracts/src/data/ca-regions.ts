// The 13 Canadian provinces and territories of the address form (ISO 3166-2:CA), English and French names.
export interface CaRegion {
  countryCode: 'CA';
  code: string;
  name: string;
  classification: 'Province' | 'Territory';
  localizedNames: Readonly<Record<string, string>>;
}

export const CA_REGIONS: ReadonlyArray<CaRegion> = [
  { countryCode: 'CA', code: 'AB', name: 'Alberta', classification: 'Province', localizedNames: {} },
  {
    countryCode: 'CA',
    code: 'BC',
    name: 'British Columbia',
    classification: 'Province',
    localizedNames: { fr: 'Colombie-Britannique' },
  },
  { countryCode: 'CA', code: 'MB', name: 'Manitoba', classification: 'Province', localizedNames: {} },
  {
    countryCode: 'CA',
    code: 'NB',
    name: 'New Brunswick',
    classification: 'Province',
    localizedNames: { fr: 'Nouveau-Brunswick' },
  },
  {
    countryCode: 'CA',
    code: 'NL',
    name: 'Newfoundland and Labrador',
    classification: 'Province',
    localizedNames: { fr: 'Terre-Neuve-et-Labrador' },
  },
  {
    countryCode: 'CA',
    code: 'NS',
    name: 'Nova Scotia',
    classification: 'Province',
    localizedNames: { fr: 'Nouvelle-Écosse' },
  },
  {
    countryCode: 'CA',
    code: 'NT',
    name: 'Northwest Territories',
    classification: 'Territory',
    localizedNames: { fr: 'Territoires du Nord-Ouest' },
  },
  { countryCode: 'CA', code: 'NU', name: 'Nunavut', classification: 'Territory', localizedNames: {} },
  { countryCode: 'CA', code: 'ON', name: 'Ontario', classification: 'Province', localizedNames: {} },
  {
    countryCode: 'CA',
    code: 'PE',
    name: 'Prince Edward Island',
    classification: 'Province',
    localizedNames: { fr: 'Île-du-Prince-Édouard' },
  },
  { countryCode: 'CA', code: 'QC', name: 'Quebec', classification: 'Province', localizedNames: { fr: 'Québec' } },
  { countryCode: 'CA', code: 'SK', name: 'Saskatchewan', classification: 'Province', localizedNames: {} },
  { countryCode: 'CA', code: 'YT', name: 'Yukon', classification: 'Territory', localizedNames: {} },
];
