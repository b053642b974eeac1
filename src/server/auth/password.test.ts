import { describe, expect, it } from 'vitest';
import { isPasswordValid } from '../../contract/validation.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Admin!2026');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Admin!2026', stored)).toBe(true);
    expect(await verifyPassword('admin!2026', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Same!pass1'), hashPassword('Same!pass1')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Same!pass1', b)).toBe(true);
  });

  it('reads the parameters from the stored string', async () => {
    const stored = await hashPassword('Param!2026');
    const cheaper = stored.replace('scrypt$32768$', 'scrypt$1024$');
    expect(await verifyPassword('Param!2026', cheaper)).toBe(false);
  });

  it('refuses malformed stored values without throwing', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$x$8$1$aa$bb',
      'bcrypt$1$2$3$4$5',
      'scrypt$32768$8$1$$',
      'scrypt$4194304$8$1$YQ==$YQ==',
    ]) {
      expect(await verifyPassword('whatever', bad)).toBe(false);
    }
  });
});

describe('password rules (seed 000 §5)', () => {
  it('accepts a password meeting every rule when confirmed', () => {
    expect(checkPasswordRules('Bonjour1', 'Bonjour1')).toBeNull();
    expect(checkPasswordRules('Bonjour!', 'Bonjour!')).toBeNull();
    expect(checkPasswordRules('Été-2026x', 'Été-2026x')).toBeNull();
  });

  it('names the broken rule', () => {
    expect(checkPasswordRules('Bonj0ur', 'Bonj0ur')).toBe(ERROR_KEYS.passwordRules); // 7 chars
    expect(checkPasswordRules('bonjour1', 'bonjour1')).toBe(ERROR_KEYS.passwordRules); // no uppercase
    expect(checkPasswordRules('Bonjourx', 'Bonjourx')).toBe(ERROR_KEYS.passwordRules); // no digit or symbol
    expect(checkPasswordRules('Bonjour1', 'Bonjour2')).toBe(ERROR_KEYS.passwordMismatch);
  });
});

describe('one rule set for browser and server', () => {
  it('ticks in the form exactly the passwords the server accepts', () => {
    const samples = ['Bonjour1', 'Éabcdefg1', 'Abcdefgh_', 'bonjour1', 'Bonjourx', 'Bonj0ur', 'ÉTÉ 2026', 'ÀBCDEFGH'];
    for (const pw of samples) {
      expect(isPasswordValid(pw, pw), pw).toBe(checkPasswordRules(pw, pw) === null);
    }
    // An accented capital counts as the uppercase letter on both sides.
    expect(isPasswordValid('éabcdefÉ1', 'éabcdefÉ1')).toBe(true);
  });
});
