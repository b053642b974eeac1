import { LIMITS } from '../../../contract/constants.ts';

/** Password rules of seed 000 §5 (reset, change, profile), each a translation key under `password.rules`. */
export const PASSWORD_RULES = ['minLength', 'uppercase', 'digitOrSymbol', 'match'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const checkPassword = (password: string, confirmation: string): Record<PasswordRule, boolean> => ({
  minLength: password.length >= LIMITS.passwordMinLength,
  uppercase: /[A-Z]/.test(password),
  digitOrSymbol: /[0-9!@#$%^&*]/.test(password),
  match: password.length > 0 && password === confirmation,
});

export const isPasswordValid = (password: string, confirmation: string): boolean =>
  Object.values(checkPassword(password, confirmation)).every(Boolean);
