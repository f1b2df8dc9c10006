import { alertText, fill } from './alert-text';
import { alertValues as values } from './alerts';

// Intl keeps a figure and its unit together with a no-break space ('14,8\u00a0GB'); compared here as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const alertValues = (...args: Parameters<typeof values>) =>
  Object.fromEntries(Object.entries(values(...args)).map(([key, value]) => [key, plain(value)]));

const GB = 1024 ** 3;
const MB = 1024 ** 2;

// 5.2 of 20 GB used, the package named as the shop names it in each language.
const row = {
  card_name: 'Travel',
  iccid: '89880000000000000007',
  package_name: '20 GB',
  package_names: { en: '20 GB', de: '20 GB', es: '20 GB' },
  data_bytes: 20 * GB,
  used_bytes: Math.round(5.2 * GB),
  expire_timestamp: null,
};

describe('alert figures', () => {
  it('writes data left and the share left as the language writes numbers, never "14.8GB"', () => {
    expect(alertValues(row, 'en')).toMatchObject({ remain: '14.8 GB', total: '20 GB', left: '73' });
    expect(alertValues(row, 'de')).toMatchObject({ remain: '14,8 GB', total: '20 GB', left: '73' });
    expect(alertValues(row, 'fr')).toMatchObject({ remain: '14,8 Go', total: '20 Go' });
    expect(fill(alertText('de').lowBody, alertValues(row, 'de'))).toBe(
      '20 GB auf Karte Travel (…0007): noch 14,8 GB von 20 GB übrig.',
    );
    expect(fill(alertText('en').lowBody, alertValues(row, 'en'))).toBe(
      '20 GB on card Travel (…0007) has 14.8 GB of 20 GB left.',
    );
  });

  it('writes MB below a gigabyte and two decimals under 10 GB, with the language’s separators', () => {
    const small = { ...row, data_bytes: 5 * GB, used_bytes: 5 * GB - 850 * MB };
    expect(alertValues(small, 'de')).toMatchObject({ remain: '850 MB', total: '5 GB', left: '16' });
    const some = { ...row, data_bytes: 5 * GB, used_bytes: Math.round(2.75 * GB) };
    expect(alertValues(some, 'de').remain).toBe('2,25 GB');
    expect(alertValues(some, 'en').remain).toBe('2.25 GB');
    // Nothing left (or more used than the package had): 0, not a negative figure.
    expect(alertValues({ ...row, used_bytes: 21 * GB }, 'en')).toMatchObject({ remain: '0 MB', left: '0' });
  });

  it("names the package in each notice's language, else in the mail's", () => {
    const named = { ...row, package_name: 'Europe 20', package_names: { en: 'Europe 20', de: 'Europa 20' } };
    expect(alertValues(named, 'de').package).toBe('Europa 20');
    expect(alertValues(named, 'it').package).toBe('Europe 20');
    expect(alertValues({ ...named, package_names: null }, 'de').package).toBe('Europe 20');
  });
});
