import { expiryWarn, formatBytes } from './format';

const MB = 1024 ** 2;
const DAY = 86_400;

describe('formatBytes', () => {
  it('writes MB under a gigabyte and GB from one, never 1024MB', () => {
    expect(formatBytes(500 * MB)).toBe('500MB');
    expect(formatBytes(1.5 * MB)).toBe('1.5MB');
    expect(formatBytes(1024 * MB - 1000)).toBe('1GB');
    expect(formatBytes(5.2 * 1024 * MB)).toBe('5.2GB');
  });
});

describe('expiryWarn', () => {
  const now = Date.UTC(2026, 10, 26, 12);
  const at = (days: number) => Math.floor(now / 1000) + days * DAY;
  it('warns with the days left once the end is three days away or less, never after it', () => {
    expect(expiryWarn(at(2), now)).toBe('2 days');
    expect(expiryWarn(at(0.5), now)).toBe('1 day');
    expect(expiryWarn(at(10), now)).toBe('');
    expect(expiryWarn(at(-1), now)).toBe('');
    expect(expiryWarn(null, now)).toBe('');
  });
});
