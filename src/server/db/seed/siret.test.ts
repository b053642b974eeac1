import { describe, expect, it } from 'vitest';
import { isValidSiren, isValidSiret, luhnCheckDigit, makeSiret } from './siret.ts';

describe('SIRET validation', () => {
  it('accepts real, published SIRETs and SIRENs', () => {
    // INSEE (Institut national de la statistique) and Danone's head office.
    expect(isValidSiret('12002701600357')).toBe(true);
    expect(isValidSiren('552032534')).toBe(true);
    expect(isValidSiret('55203253400646')).toBe(true);
  });

  it('rejects a changed digit, wrong length and non-digits', () => {
    expect(isValidSiret('12002701600358')).toBe(false);
    expect(isValidSiret('1200270160035')).toBe(false);
    expect(isValidSiret('120027016003570')).toBe(false);
    expect(isValidSiret('1200270160035A')).toBe(false);
    expect(isValidSiret('')).toBe(false);
  });

  it('rejects a 14-digit Luhn-valid number whose SIREN part is invalid', () => {
    const siren = '123456780'; // not Luhn-valid on its own
    expect(isValidSiren(siren)).toBe(false);
    const payload = `${siren}0001`;
    const siret = payload + luhnCheckDigit(payload);
    expect(isValidSiret(siret)).toBe(false);
  });

  it('makes valid SIRETs from any prefix', () => {
    for (let i = 0; i < 200; i++) {
      const siret = makeSiret(String(10_000_000 + i * 37_911).slice(0, 8), String(i).padStart(4, '0'));
      expect(siret).toHaveLength(14);
      expect(isValidSiret(siret)).toBe(true);
    }
  });
});
