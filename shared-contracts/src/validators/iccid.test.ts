import { groupIccid, maskIccid } from './iccid';

describe('maskIccid', () => {
  it('keeps the first and last 4 characters of a 19- and 20-digit ICCID', () => {
    expect(maskIccid('8986012345678901234')).toBe('8986***********1234');
    expect(maskIccid('89860123456789012345')).toBe('8986************2345');
  });

  it('leaves values of 8 characters or fewer unchanged (nothing to hide)', () => {
    expect(maskIccid('12345678')).toBe('12345678');
    expect(maskIccid('123456789')).toBe('1234*6789');
  });
});

describe('groupIccid', () => {
  it('groups by 4 with a shorter last group', () => {
    expect(groupIccid('8986012345678901234')).toBe('8986 0123 4567 8901 234');
    expect(groupIccid('89860123456789012345')).toBe('8986 0123 4567 8901 2345');
    expect(groupIccid('')).toBe('');
  });
});
