import { isBindableIccid, parseCardInput } from './card-input';

const digits = (n: number) => '8'.repeat(n);

describe('parseCardInput', () => {
  it('rejects 18 characters with the ICCID length message', () => {
    expect(parseCardInput(digits(18))).toEqual({ ok: false, error: 'index.rulesMessageLength' });
  });

  it('treats 19 and 20 characters as an ICCID', () => {
    expect(parseCardInput(digits(19))).toEqual({ ok: true, kind: 'iccid', value: digits(19) });
    expect(parseCardInput(digits(20))).toEqual({ ok: true, kind: 'iccid', value: digits(20) });
  });

  it('treats 21 characters and more as an EID', () => {
    expect(parseCardInput(digits(21))).toEqual({ ok: true, kind: 'eid', value: digits(21) });
    expect(parseCardInput(digits(32))).toEqual({ ok: true, kind: 'eid', value: digits(32) });
  });

  it('removes every whitespace before counting', () => {
    expect(parseCardInput(' 8986 1234\t5678 9012\n345 ')).toEqual({
      ok: true,
      kind: 'iccid',
      value: '8986123456789012345',
    });
    // 18 characters padded with spaces to look long enough is still too short
    expect(parseCardInput(`${digits(9)}    ${digits(9)}`).ok).toBe(false);
  });

  it('rejects empty and non-string input', () => {
    expect(parseCardInput('').ok).toBe(false);
    expect(parseCardInput(undefined).ok).toBe(false);
  });
});

describe('isBindableIccid', () => {
  it('needs at least 19 characters after whitespace removal', () => {
    expect(isBindableIccid(digits(18))).toBe(false);
    expect(isBindableIccid(`${digits(18)} `)).toBe(false);
    expect(isBindableIccid(digits(19))).toBe(true);
  });
});
