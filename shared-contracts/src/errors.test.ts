import { isOk, isRefreshRedirect, isSessionEnd, messageKeyFor, severityFor } from './errors';

describe('error catalogue', () => {
  it('knows the two success codes', () => {
    expect([10000, 200000, 0, 200, 10001].map(isOk)).toEqual([true, true, false, false, false]);
  });

  it('gives shared meanings one key', () => {
    expect(messageKeyFor(400)).toBe('errors.10002');
    expect(messageKeyFor(500)).toBe('errors.10003');
    expect(messageKeyFor(100608)).toBe('errors.100606');
    expect(messageKeyFor(10102, 'ignored server text')).toBe('errors.10102');
  });

  it('falls back to the server message, then to errors.unknown', () => {
    expect(messageKeyFor(99999, 'Pool is full')).toBe('Pool is full');
    expect(messageKeyFor(99999, '   ')).toBe('errors.unknown');
    expect(messageKeyFor(99999)).toBe('errors.unknown');
  });

  it('classifies session-end, refresh-redirect and warning codes', () => {
    expect([10012, 10013, 10021, 10022].map(isSessionEnd)).toEqual([true, true, true, false]);
    expect([10101, 10103, 10102].map(isRefreshRedirect)).toEqual([true, true, false]);
    expect([severityFor(10104), severityFor(10102)]).toEqual(['warning', 'error']);
  });
});
