import { validateEmail, validateOrderEmail } from './email';

describe('validateEmail', () => {
  it('gives the null message for empty or whitespace-only input', () => {
    expect(validateEmail('')).toEqual({ ok: false, error: 'email.null' });
    expect(validateEmail('  \t ')).toEqual({ ok: false, error: 'email.null' });
    expect(validateEmail(null)).toEqual({ ok: false, error: 'email.null' });
  });

  it('accepts exactly 64 characters and rejects 65 with the length message', () => {
    const at64 = `${'a'.repeat(58)}@ex.io`;
    expect(at64).toHaveLength(64);
    expect(validateEmail(at64)).toEqual({ ok: true, value: at64 });
    expect(validateEmail(`a${at64}`)).toEqual({ ok: false, error: 'email.length' });
  });

  it('counts length after removing whitespace', () => {
    const at64 = `${'a'.repeat(58)}@ex.io`;
    expect(validateEmail(` ${at64} `)).toEqual({ ok: true, value: at64 });
  });

  it.each([
    ['no at sign', 'user.example.com'],
    ['two at signs', 'a@b@example.com'],
    ['empty local part', '@example.com'],
    ['no dot in domain', 'user@localhost'],
    ['one-letter top-level part', 'user@example.c'],
    ['empty domain label', 'user@example..com'],
    ['trailing dot', 'user@example.'],
  ])('gives the type message for %s', (_label, value) => {
    expect(validateEmail(value)).toEqual({ ok: false, error: 'email.type' });
  });

  it('accepts the shortest valid shape and strips inner spaces', () => {
    expect(validateEmail('a@b.co')).toEqual({ ok: true, value: 'a@b.co' });
    expect(validateEmail('jane doe@mail.example.org')).toEqual({ ok: true, value: 'janedoe@mail.example.org' });
  });
});

describe('validateOrderEmail', () => {
  it('asks for the order id before looking at the e-mail', () => {
    expect(validateOrderEmail('', '')).toEqual({ ok: false, error: 'errorOrderId' });
    expect(validateOrderEmail(undefined, 'a@b.co')).toEqual({ ok: false, error: 'errorOrderId' });
    expect(validateOrderEmail('ord_1', 'bad')).toEqual({ ok: false, error: 'email.type' });
    expect(validateOrderEmail('ord_1', 'a@b.co')).toEqual({ ok: true, value: 'a@b.co' });
  });
});
