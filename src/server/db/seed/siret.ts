/**
 * SIREN (9 digits) and SIRET (14 digits = SIREN + 5-digit establishment number) both pass the
 * Luhn check. Used to generate valid demo identifiers; input is validated by siretError in
 * src/contract/validation.ts, whose Luhn check this module shares.
 */
import { isLuhnValid } from '../../../contract/validation.ts';

function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

export { isLuhnValid };

/** The digit that makes `payload + digit` Luhn-valid. */
export function luhnCheckDigit(payload: string): string {
  if (!/^\d+$/.test(payload)) throw new Error('digits only');
  const sum = luhnSum(`${payload}0`);
  return String((10 - (sum % 10)) % 10);
}

export const isValidSiren = (value: string): boolean => /^\d{9}$/.test(value) && isLuhnValid(value);

/** 14 digits, Luhn over the 14 digits, and the SIREN part valid on its own. */
export const isValidSiret = (value: string): boolean =>
  /^\d{14}$/.test(value) && isLuhnValid(value) && isValidSiren(value.slice(0, 9));

/** Builds a valid SIRET from the first 8 digits of the SIREN and the first 4 of the establishment number. */
export function makeSiret(sirenStart8: string, nicStart4: string): string {
  if (!/^\d{8}$/.test(sirenStart8) || !/^\d{4}$/.test(nicStart4)) throw new Error('expected 8 and 4 digits');
  const siren = sirenStart8 + luhnCheckDigit(sirenStart8);
  const payload = siren + nicStart4;
  return payload + luhnCheckDigit(payload);
}
