import { describe, expect, it } from 'vitest';
import {
  VALIDATION_KEYS as K,
  employeeFieldErrors,
  isValidEmail,
  nirKey,
  normaliseNumSecu,
  numSecuError,
  organizationFieldErrors,
  siretError,
} from './validation.ts';

const today = '2026-11-21';
const valid = {
  name: 'Durand',
  firstName: 'Léa',
  birthDate: '1990-04-12',
  email: 'lea.durand@exemple.fr',
  phone: '+33 6 12.34-56 78',
  numSecu: '290047512345653',
  postal: '75011',
};

describe('employee rules (seed 000 §5)', () => {
  it('accepts a complete employee', () => {
    expect(employeeFieldErrors(valid, { mode: 'create', today })).toEqual({});
  });

  it('answers one key per broken field', () => {
    const errors = employeeFieldErrors(
      {
        name: ' ',
        firstName: '',
        birthDate: '',
        email: 'a@b',
        phone: '06 12 (34)',
        numSecu: '12345678901234',
        postal: 'AB',
      },
      { mode: 'create', today },
    );
    expect(errors).toEqual({
      name: K.required,
      firstName: K.required,
      birthDate: K.required,
      email: K.format,
      phone: K.format,
      numSecu: K.numSecu,
      postal: K.postalCode,
    });
  });

  it('refuses a value longer than the field holds (a DSN rubric can be), naming only those fields', () => {
    const long = { ...valid, name: 'N'.repeat(101), email: `${'a'.repeat(250)}@x.fr` };
    expect(employeeFieldErrors(long, { mode: 'create', today })).toEqual({ name: K.tooLong, email: K.tooLong });
    expect(employeeFieldErrors({ ...valid, name: 'N'.repeat(100) }, { mode: 'create', today })).toEqual({});
  });

  it('requires the e-mail on creation only', () => {
    expect(employeeFieldErrors({ ...valid, email: '' }, { mode: 'create', today }).email).toBe(K.required);
    expect(employeeFieldErrors({ ...valid, email: '' }, { mode: 'update', today }).email).toBeUndefined();
  });

  it('refuses a birth date after today but accepts today', () => {
    expect(employeeFieldErrors({ ...valid, birthDate: '2026-11-22' }, { mode: 'create', today }).birthDate).toBe(
      K.birthDateFuture,
    );
    expect(employeeFieldErrors({ ...valid, birthDate: today }, { mode: 'create', today }).birthDate).toBeUndefined();
    expect(employeeFieldErrors({ ...valid, birthDate: '12/04/1990' }, { mode: 'create', today }).birthDate).toBe(
      K.format,
    );
    expect(employeeFieldErrors({ ...valid, birthDate: '2019-02-31' }, { mode: 'create', today }).birthDate).toBe(
      K.format,
    );
    expect(
      employeeFieldErrors({ ...valid, birthDate: '2020-02-29' }, { mode: 'create', today }).birthDate,
    ).toBeUndefined();
  });

  it('checks the country against the list when one is given', () => {
    const countries = ['France', 'Belgique'];
    expect(employeeFieldErrors({ ...valid, country: 'Atlantide' }, { mode: 'create', today, countries }).country).toBe(
      K.country,
    );
    expect(employeeFieldErrors({ ...valid, country: 'Belgique' }, { mode: 'create', today, countries })).toEqual({});
  });

  it('sends an empty social security number as absent, and a typed one without its spaces', () => {
    expect(normaliseNumSecu('  ')).toBeUndefined();
    expect(normaliseNumSecu(' 290047512345653 ')).toBe('290047512345653');
    expect(normaliseNumSecu('2 55 08 14 168 025 38')).toBe('255081416802538');
    expect(normaliseNumSecu('1 85 05 2a 004 123 56')).toBe('185052A00412356');
  });
});

describe('social security number (NIR)', () => {
  it('computes the key as 97 − (number mod 97), Corsica read as 19 (2A) and 18 (2B)', () => {
    expect(nirKey('2550814168025')).toBe('38'); // INSEE's published example
    expect(nirKey('1880375626176')).toBe('22');
    expect(nirKey('185052A004123')).toBe('56'); // 97 − (1850519004123 mod 97)
    expect(nirKey('290022B123456')).toBe('08'); // 97 − (2900218123456 mod 97)
    expect(nirKey('12345')).toBeNull();
  });

  it('accepts a number whose key matches, typed with or without spaces', () => {
    for (const nir of ['255081416802538', '2 55 08 14 168 025 38', '185052A00412356', '1 85 05 2a 004 123 56'])
      expect([nir, numSecuError(nir)]).toEqual([nir, null]);
    expect(employeeFieldErrors({ ...valid, numSecu: '290022B12345608' }, { mode: 'create', today })).toEqual({});
  });

  it('says what is wrong: characters, length or key', () => {
    expect(numSecuError('ABCDEFGHIJKLMNO')).toBe(K.numSecuCharacters);
    expect(numSecuError('1850578A0608436')).toBe(K.numSecuCharacters);
    expect(numSecuError('18505-7800608436')).toBe(K.numSecuCharacters);
    expect(numSecuError('12345678901234')).toBe(K.numSecu);
    expect(numSecuError('2 55 08 14 168 025 388')).toBe(K.numSecu);
    expect(numSecuError('123456789012345')).toBe(K.numSecuKey);
    expect(numSecuError('255081416802539')).toBe(K.numSecuKey);
    // The same digits with 2B instead of 2A: another number, so another key.
    expect(numSecuError('185052B00412356')).toBe(K.numSecuKey);
    expect(employeeFieldErrors({ ...valid, numSecu: '123456789012345' }, { mode: 'create', today }).numSecu).toBe(
      K.numSecuKey,
    );
  });
});

describe('e-mail', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['lea.durand@exemple.fr', "o'brien+paie@mail.example.co.uk", 'jo@sub-domain.fr', ' ab@cd.fr '])
      expect([email, isValidEmail(email)]).toEqual([email, true]);
  });

  it('refuses characters an address cannot hold, and the seed’s short parts', () => {
    for (const email of [
      '<script>@x.fr',
      'a@exemple.fr',
      'ab@c',
      'ab@localhost',
      'lea durand@exemple.fr',
      'lea@exem ple.fr',
      'lea@@exemple.fr',
      'lea@-exemple.fr',
      'lea@exemple-.fr',
      'lea@exemple..fr',
      'léa@exemple.fr',
      '"lea"@exemple.fr',
    ])
      expect([email, isValidEmail(email)]).toEqual([email, false]);
  });
});

describe('SIRET', () => {
  it('accepts real SIRETs, the Monegasque format and La Poste establishments', () => {
    expect(siretError('73282932000074')).toBeNull(); // a published SIRET
    expect(siretError('732 829 320 00074')).toBeNull();
    expect(siretError('12A34567')).toBeNull();
    expect(siretError('35600000000048')).toBeNull(); // La Poste: digit sum divisible by 5
  });

  it('names what is wrong', () => {
    expect(siretError('')).toBe(K.required);
    expect(siretError('7328293200007')).toBe(K.siret);
    expect(siretError('7328293200007A')).toBe(K.siret);
    expect(siretError('73282932000075')).toBe(K.siretChecksum);
  });

  it('requires the organisation name, SIRET and city', () => {
    expect(organizationFieldErrors({ name: '', siret: '', city: '' })).toEqual({
      name: K.required,
      siret: K.required,
      city: K.required,
    });
  });
});
