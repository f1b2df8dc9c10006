import { emptyAddress, postalLabelKey, regionOptions, validateAddress, validateAddressField } from './address';
import { US_REGIONS } from '../data/us-regions';
import { CA_REGIONS } from '../data/ca-regions';

const complete = {
  email: 'a@b.co',
  country: 'US',
  region: 'CA',
  city: 'San Jose',
  postalCode: '95112',
  line1: '1 Main St',
};

describe('validateAddress', () => {
  it('accepts a complete US address', () => {
    expect(validateAddress(complete)).toEqual({ ok: true, errors: {} });
  });

  it('reports every empty required field with its message', () => {
    expect(validateAddress(emptyAddress())).toEqual({
      ok: false,
      errors: {
        email: 'address.enterEmail',
        region: 'address.selectRegion',
        city: 'address.enterCity',
        postalCode: 'address.enterPostalCode',
        line1: 'address.enterAddress',
      },
    });
  });

  it('treats whitespace-only values as empty', () => {
    expect(validateAddressField('city', { ...complete, city: '   ' })).toBe('address.enterCity');
  });

  it('checks the e-mail format once one is entered', () => {
    expect(validateAddressField('email', { ...complete, email: 'nope' })).toBe('email.type');
  });

  it('requires a listed region for US and CA but free text elsewhere', () => {
    expect(validateAddressField('region', { ...complete, region: 'Atlantis' })).toBe('address.selectRegion');
    expect(validateAddressField('region', { ...complete, country: 'CA', region: 'CA' })).toBe('address.selectRegion');
    expect(validateAddressField('region', { ...complete, country: 'CA', region: 'QC' })).toBeNull();
    expect(validateAddressField('region', { ...complete, country: 'DE', region: 'Bayern' })).toBeNull();
    expect(validateAddressField('region', { ...complete, country: 'DE', region: '' })).toBe('address.selectRegion');
  });
});

describe('regionOptions and postalLabelKey', () => {
  it('offers the 57 US regions and the 13 Canadian ones, none elsewhere', () => {
    expect(regionOptions('US')).toHaveLength(57);
    expect(regionOptions('ca')).toHaveLength(13);
    expect(regionOptions('FR')).toBeNull();
  });

  it("labels the postal code 'Zip code' only for the US", () => {
    expect(postalLabelKey('US')).toBe('Zip code');
    expect(postalLabelKey('CA')).toBe('Postal code');
    expect(postalLabelKey('')).toBe('Zip code');
  });
});

describe('region data', () => {
  it('has unique codes and the spec classification counts', () => {
    expect(new Set(US_REGIONS.map((r) => r.code)).size).toBe(57);
    const count = (c: string) => US_REGIONS.filter((r) => r.classification === c).length;
    expect([count('State'), count('District'), count('Outlying Area')]).toEqual([50, 1, 6]);
    expect(new Set(CA_REGIONS.map((r) => r.code)).size).toBe(13);
  });

  it('marks exactly AK, OR, DE, MT and NH as not taxable', () => {
    const untaxed = US_REGIONS.filter((r) => !r.isRegionTaxable).map((r) => r.code);
    expect(untaxed.sort()).toEqual(['AK', 'DE', 'MT', 'NH', 'OR']);
  });
});
