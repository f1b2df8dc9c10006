import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 'empty'],
    ['abc1', 'short'],
    ['aaaaaaaa', 'weak'],
    ['abcdefg1', 'fair'],
    ['Abcdefg1!', 'strong'],
    ['correct horse battery', 'strong'],
  ])('%j is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
