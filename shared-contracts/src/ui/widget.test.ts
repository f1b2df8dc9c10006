import { stripUnit } from './widget';

describe('stripUnit', () => {
  it('strips MB/GB suffixes and keeps anything else', () => {
    expect(stripUnit('12.5GB')).toBe('12.5');
    expect(stripUnit('300 MB')).toBe('300');
    expect(stripUnit('Unlimited')).toBe('Unlimited');
  });
});
