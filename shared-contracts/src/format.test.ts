import {
  dataPlanOf,
  dataText,
  daysText,
  expiryInLanguage,
  formatCount,
  formatData,
  formatDay,
  formatDays,
  poolDays,
  poolFiguresOf,
  validityText,
} from './format';

// Intl puts no-break spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatData', () => {
  it('writes MB below a gigabyte and GB from there, as the api did', () => {
    expect(formatData(500, 'en')).toBe('500 MB');
    expect(formatData(1.5, 'en')).toBe('1.5 MB');
    expect(formatData(0, 'en')).toBe('0 MB');
    expect(formatData(1023.9, 'en')).toBe('1 GB');
    expect(formatData(5324.8, 'en')).toBe('5.2 GB');
    expect(formatData(3571.13, 'en')).toBe('3.49 GB');
    expect(formatData(32092.7, 'en')).toBe('31.3 GB');
    expect(formatData(51200, 'en')).toBe('50 GB');
    expect(formatData(150 * 1024, 'en')).toBe('150 GB');
  });

  it("uses the language's decimal separator and unit", () => {
    expect(plain(formatData(5324.8, 'de'))).toBe('5,2 GB');
    expect(plain(formatData(5324.8, 'fr'))).toBe('5,2 Go');
    expect(plain(formatData(500, 'fr'))).toBe('500 Mo');
  });

  it('treats negative and non-finite amounts as 0', () => {
    expect(formatData(-5, 'en')).toBe('0 MB');
    expect(formatData(Number.NaN, 'en')).toBe('0 MB');
  });

  it('still writes something for a malformed language tag', () => {
    expect(formatData(5324.8, 'not a tag!')).toBe('5.2 GB');
  });
});

describe('formatDays', () => {
  it("follows the language's plural rules", () => {
    expect(formatDays(1, 'en')).toBe('1 day');
    expect(formatDays(2, 'en')).toBe('2 days');
    expect(formatDays(30, 'de')).toBe('30 Tage');
    expect(formatDays(1, 'de')).toBe('1 Tag');
    expect(formatDays(5, 'pl')).toBe('5 dni');
    expect(formatDays(1, 'pl')).toBe('1 dzień');
  });

  it('treats negative and non-finite counts as 0', () => {
    expect(formatDays(-1, 'en')).toBe('0 days');
    expect(formatDays(Number.NaN, 'en')).toBe('0 days');
  });
});

describe('formatCount', () => {
  it("uses the language's grouping", () => {
    expect(formatCount(21, 'en')).toBe('21');
    expect(formatCount(1234, 'de')).toBe('1.234');
  });
});

describe('fallbacks for an api without the figures', () => {
  it('formats the figure when there is one, else shows the text as sent', () => {
    expect(plain(dataText(5324.8, '5.2GB', 'de'))).toBe('5,2 GB');
    expect(dataText(undefined, '5.2GB', 'de')).toBe('5.2GB');
    expect(dataText(null, '', 'de')).toBe('');
    expect(daysText(2, '2 days', 'de')).toBe('2 Tage');
    expect(daysText(undefined, '2 days', 'de')).toBe('2 days');
  });

  it("writes the expiry warning's days in the language; an operator's own text stays as written", () => {
    const item = { warn: '2 days', warn_days: 2, expire_date: '2030-01-01' };
    expect(expiryInLanguage(item, 'de')).toEqual({ warn: true, text: '2 Tage' });
    expect(expiryInLanguage({ ...item, warn_days: undefined }, 'de')).toEqual({ warn: true, text: '2 days' });
    expect(expiryInLanguage({ ...item, warn: 'SIM retires soon', warn_days: null }, 'de')).toEqual({
      warn: true,
      text: 'SIM retires soon',
    });
    // No warning: the expiry day as the language writes it.
    expect(expiryInLanguage({ warn: '', warn_days: null, expire_date: '2030-01-01' }, 'de')).toEqual({
      warn: false,
      text: '01.01.2030',
    });
    expect(formatDay('2030-01-01', 'en')).toBe('Jan 1, 2030');
    expect(formatDay('soon', 'de')).toBe('soon');
  });
});

describe('dataPlanOf', () => {
  it('tells third-party, unlimited, no plan and a data plan apart', () => {
    expect(dataPlanOf({ is_third_party: true, unlimited: false, total: 0 })).toBe('third-party');
    expect(dataPlanOf({ unlimited: true, total: 0 })).toBe('unlimited');
    expect(dataPlanOf({ unlimited: false, total: 0 })).toBe('none');
    expect(dataPlanOf({ unlimited: false, total: 20480 })).toBe('data');
  });

  it("reads an older api's 'Unlimited' text when the flag is missing", () => {
    expect(dataPlanOf({ total: 0, total_str: 'Unlimited' })).toBe('unlimited');
    expect(dataPlanOf({ total: 0, total_str: '0MB' })).toBe('none');
  });
});

describe('poolFiguresOf and poolDays', () => {
  it('tells a day-based pool (kind 1 or 2) from a data pool, and a data pool without data in force', () => {
    expect(poolFiguresOf({ kind: 1, total: 0 })).toBe('days');
    expect(poolFiguresOf({ kind: 2, total: 51200 })).toBe('days');
    expect(poolFiguresOf({ kind: 3, total: 51200 })).toBe('data');
    expect(poolFiguresOf({ kind: 3, total: 0 })).toBe('none');
  });

  it("counts a day-based pool's days left of all its days", () => {
    expect(poolDays({ available_days: 17, total_active: 13 })).toEqual({ left: 17, total: 30 });
    expect(poolDays({ available_days: -1, total_active: 30 })).toEqual({ left: 0, total: 30 });
  });
});

describe('validityText', () => {
  it("writes the package's days in the language, else the api's text", () => {
    expect(validityText({ validity: '30 days', validity_days: 30 }, 'de')).toBe('30 Tage');
    expect(plain(validityText({ validity: '1 day', validity_days: 1 }, 'fr'))).toBe('1 jour');
    expect(validityText({ validity: '30 days' }, 'de')).toBe('30 days');
  });
});
