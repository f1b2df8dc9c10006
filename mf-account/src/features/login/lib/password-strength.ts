import { PASSWORD_MIN } from 'shared-contracts';

export type PasswordStrength = 'empty' | 'short' | 'weak' | 'fair' | 'strong';

/** A hint, not a rule: the only rule is PASSWORD_MIN characters. Length and mixed kinds of characters count. */
export function passwordStrength(password: string): PasswordStrength {
  if (password === '') return 'empty';
  if (password.length < PASSWORD_MIN) return 'short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((kind) => kind.test(password)).length;
  const score = kinds + (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  if (score >= 4) return 'strong';
  if (score >= 2) return 'fair';
  return 'weak';
}
