import { describe, expect, it } from 'vitest';
import {
  VALIDATION_KEYS as K,
  employeeFieldErrors,
  normaliseNumSecu,
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
  numSecu: '290047512345678',
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

  it('sends an empty social security number as absent', () => {
    expect(normaliseNumSecu('  ')).toBeUndefined();
    expect(normaliseNumSecu(' 290047512345678 ')).toBe('290047512345678');
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
