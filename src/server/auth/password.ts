/**
 * Password hashing with scrypt (memory-hard, in node:crypto) and the password rules of seed 000 §5.
 * The stored form carries its own parameters, `scrypt$N$r$p$saltB64$hashB64`, so they can be raised
 * later without invalidating existing hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { checkPassword } from '../../contract/validation.ts';
import { ERROR_KEYS, type ErrorKey } from '../../contract/keys.ts';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** scrypt needs about 128·N·r bytes; the default maxmem (32 MiB) is exactly too small for N=2^15, r=8. */
const maxmemFor = (n: number, r: number): number => 128 * n * r * 2;

function derive(plain: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: maxmemFor(n, r) };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(plain, salt, N, R, P, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** False for a wrong password and for any malformed or unknown stored form (never throws). */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  const sane = [n, r, p].every(Number.isSafeInteger) && n > 1 && n <= 2 ** 20 && r > 0 && r <= 32 && p > 0 && p <= 16;
  if (!sane || salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await derive(plain, salt, n, r, p, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/**
 * Seed 000 §5: at least 8 characters, one uppercase letter, one digit or symbol (!@#$%^&* or any
 * other non-alphanumeric character), and the confirmation identical. Returns the error key or null.
 */
export function checkPasswordRules(password: string, confirmation: string): ErrorKey | null {
  const holds = checkPassword(password, confirmation);
  if (!holds.minLength || !holds.uppercase || !holds.digitOrSymbol) return ERROR_KEYS.passwordRules;
  if (!holds.match) return ERROR_KEYS.passwordMismatch;
  return null;
}
