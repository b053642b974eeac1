/**
 * Field rules of seed 000 §5, written once and run on both sides: the employee-form machine and
 * the organisation forms show them as the user types, and the server applies the same functions
 * before storing anything. Rules answer translation keys of the form `validation.{rule}`, never text.
 * No runtime dependency: the browser imports this module as is.
 */
import { LIMITS, MAX_LENGTH } from './constants.ts';

export const VALIDATION_KEYS = {
  required: 'validation.required', // 'Champ obligatoire'
  format: 'validation.format', // 'Format incorrect'
  numSecu: 'validation.numSecu', // 'Le numéro doit comporter 15 chiffres'
  numSecuCharacters: 'validation.numSecuCharacters',
  numSecuKey: 'validation.numSecuKey',
  birthDateFuture: 'validation.birthDateFuture',
  postalCode: 'validation.postalCode',
  title: 'validation.title',
  validationCode: 'validation.validationCode',
  siret: 'validation.siret', // 'The SIRET must contain 14 digits.'
  siretChecksum: 'validation.siretChecksum',
  country: 'validation.country',
  /** Longer than the field's `MAX_LENGTH` (a DSN rubric can be: the form's fields stop there). */
  tooLong: 'validation.tooLong',
} as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/**
 * « Format incorrect » alone does not say what to type (issue 15): fields that have a format show
 * the format expected instead. Postal code, SIRET and social security number keys already say it.
 */
export const FORMAT_HINT_KEYS = {
  date: 'validation.expected.date',
  email: 'validation.expected.email',
  phone: 'validation.expected.phone',
  httpsUrl: 'validation.expected.httpsUrl',
} as const;
const FIELD_FORMATS: Readonly<Record<string, keyof typeof FORMAT_HINT_KEYS>> = {
  birthDate: 'date',
  periodStart: 'date',
  periodEnd: 'date',
  email: 'email',
  phone: 'phone',
};

/** The key to show under `field` for `key`: the field's expected format in place of the bare « Format incorrect ». */
export const fieldMessageKey = <K extends string | null>(field: string, key: K): K | string => {
  const format = Object.hasOwn(FIELD_FORMATS, field) ? FIELD_FORMATS[field] : undefined;
  return key === VALIDATION_KEYS.format && format ? FORMAT_HINT_KEYS[format] : key;
};

const blank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

/**
 * Seed 000 §5 (local part of 2+ characters, @, domain of 2+ characters) with the characters an
 * address may hold, as HTML5's `type=email` has them: the local part's letters, digits and
 * .!#$%&'*+/=?^_`{|}~- ; domain labels of letters, digits and inner hyphens, at least two of them.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{2,}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Digits, plus, space, dot and hyphen. */
export const PHONE_PATTERN = /^[0-9+ .-]+$/;
/** 3 to 10 characters among lowercase letters, digits, hyphen and space. */
export const POSTAL_CODE_PATTERN = /^[a-z0-9 -]{3,10}$/;
/** Monegasque company identifier: 2 digits, 1 letter, 5 digits. */
export const MONACO_ID_PATTERN = /^\d{2}[A-Za-z]\d{5}$/;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** The NIR as stored: spaces typed between its groups removed, Corsica's `2a`/`2b` in capitals. */
const compactNir = (raw: string): string => raw.replace(/\s+/g, '').toUpperCase();

/**
 * The 2-digit key of a 13-character NIR: 97 − (number mod 97), Corsica's 2A and 2B read as 19 and
 * 18 (INSEE). 13 digits stay below 2^53, so the remainder is exact in a plain number.
 */
export const nirKey = (nir13: string): string | null => {
  const upper = nir13.toUpperCase();
  const corsica = upper.slice(5, 7);
  const digits =
    corsica === '2A'
      ? `${upper.slice(0, 5)}19${upper.slice(7)}`
      : corsica === '2B'
        ? `${upper.slice(0, 5)}18${upper.slice(7)}`
        : upper;
  if (!/^\d{13}$/.test(digits)) return null;
  return String(97 - (Number(digits) % 97)).padStart(2, '0');
};

/**
 * What is wrong with a social security number (NIR), or null: characters other than digits (2A/2B
 * in 6th-7th position for a birth in Corsica), a length other than 15 once spaces are removed, or a
 * key that does not match the first 13 characters.
 */
export const numSecuError = (raw: string): ValidationKey | null => {
  const nir = compactNir(raw);
  const corsica = /^\d{5}2[AB]/.test(nir);
  const digitsOnly = corsica ? nir.slice(0, 5) + nir.slice(7) : nir;
  if (!/^\d*$/.test(digitsOnly)) return VALIDATION_KEYS.numSecuCharacters;
  if (nir.length !== LIMITS.numSecuLength) return VALIDATION_KEYS.numSecu;
  return nirKey(nir.slice(0, 13)) === nir.slice(13) ? null : VALIDATION_KEYS.numSecuKey;
};

/** Luhn over all digits (SIREN and SIRET use it). */
export const isLuhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** La Poste's establishments share SIREN 356000000 and use a digit sum divisible by 5 instead of Luhn. */
const isLaPosteSiret = (siret: string): boolean =>
  siret.startsWith('356000000') && [...siret].reduce((s, c) => s + Number(c), 0) % 5 === 0;

/**
 * A SIRET: 14 digits whose Luhn check holds (La Poste's rule for its establishments), or the
 * Monegasque format. Spaces are ignored.
 */
export const siretError = (raw: string | null | undefined): ValidationKey | null => {
  if (blank(raw)) return VALIDATION_KEYS.required;
  const value = (raw ?? '').replace(/\s+/g, '');
  if (MONACO_ID_PATTERN.test(value)) return null;
  if (!/^\d{14}$/.test(value)) return VALIDATION_KEYS.siret;
  if (isLaPosteSiret(value)) return null;
  // Both the whole SIRET and its SIREN (first 9 digits) carry a Luhn check digit.
  return isLuhnValid(value) && isLuhnValid(value.slice(0, 9)) ? null : VALIDATION_KEYS.siretChecksum;
};

/** 'YYYY-MM-DD' naming a day that exists (Date.parse alone accepts 2019-02-31). */
export const isCalendarDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export interface EmployeeFields {
  readonly name?: string | null;
  readonly firstName?: string | null;
  readonly birthDate?: string | null;
  readonly email?: string | null;
  readonly phone?: string | null;
  readonly numSecu?: string | null;
  readonly postal?: string | null;
  readonly country?: string | null;
}
export type EmployeeField = keyof EmployeeFields;
export type FieldErrors<F extends string = string> = Partial<Record<F, ValidationKey>>;

export interface EmployeeRuleOptions {
  /** Creation requires an e-mail; an update does not. */
  readonly mode: 'create' | 'update';
  /** 'YYYY-MM-DD' of today (the caller's clock), for the birth-date rule. */
  readonly today: string;
  /** When given, the country must be one of these. */
  readonly countries?: readonly string[];
}

/** Per-field errors of an employee form; empty when valid. */
export const employeeFieldErrors = (
  input: EmployeeFields,
  options: EmployeeRuleOptions,
): FieldErrors<EmployeeField> => {
  const errors: FieldErrors<EmployeeField> = {};
  const longest: Readonly<Record<EmployeeField, number>> = {
    name: MAX_LENGTH.personName,
    firstName: MAX_LENGTH.personName,
    birthDate: MAX_LENGTH.date,
    email: MAX_LENGTH.email,
    phone: MAX_LENGTH.phone,
    numSecu: MAX_LENGTH.numSecu,
    postal: MAX_LENGTH.postalCode,
    country: MAX_LENGTH.country,
  };
  const tooLong = (Object.keys(longest) as EmployeeField[]).filter((f) => (input[f] ?? '').length > longest[f]);
  if (tooLong.length > 0) return Object.fromEntries(tooLong.map((f) => [f, VALIDATION_KEYS.tooLong]));
  if (blank(input.name)) errors.name = VALIDATION_KEYS.required;
  if (blank(input.firstName)) errors.firstName = VALIDATION_KEYS.required;
  if (blank(input.birthDate)) errors.birthDate = VALIDATION_KEYS.required;
  else if (!isCalendarDate(input.birthDate ?? '')) errors.birthDate = VALIDATION_KEYS.format;
  else if ((input.birthDate ?? '') > options.today) errors.birthDate = VALIDATION_KEYS.birthDateFuture;
  if (blank(input.email)) {
    if (options.mode === 'create') errors.email = VALIDATION_KEYS.required;
  } else if (!isValidEmail(input.email ?? '')) errors.email = VALIDATION_KEYS.format;
  if (!blank(input.phone) && !PHONE_PATTERN.test((input.phone ?? '').trim())) errors.phone = VALIDATION_KEYS.format;
  const numSecu = blank(input.numSecu) ? null : numSecuError(input.numSecu ?? '');
  if (numSecu) errors.numSecu = numSecu;
  if (!blank(input.postal) && !POSTAL_CODE_PATTERN.test(input.postal ?? '')) errors.postal = VALIDATION_KEYS.postalCode;
  if (options.countries && !blank(input.country) && !options.countries.includes(input.country ?? ''))
    errors.country = VALIDATION_KEYS.country;
  return errors;
};

/** An empty social security number is sent as absent (seed 001 §5); spaces between groups are dropped. */
export const normaliseNumSecu = (value: string | null | undefined): string | undefined =>
  blank(value) ? undefined : compactNir(value ?? '');

export interface OrganizationFields {
  readonly name?: string | null;
  readonly siret?: string | null;
  readonly city?: string | null;
  readonly zipCode?: string | null;
}
export type OrganizationField = keyof OrganizationFields;

export const organizationFieldErrors = (input: OrganizationFields): FieldErrors<OrganizationField> => {
  const errors: FieldErrors<OrganizationField> = {};
  if (blank(input.name)) errors.name = VALIDATION_KEYS.required;
  const siret = siretError(input.siret);
  if (siret) errors.siret = siret;
  if (blank(input.city)) errors.city = VALIDATION_KEYS.required;
  return errors;
};

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/** Password rules of seed 000 §5 (reset, change, profile), each a translation key under `password.rules`. */
export const PASSWORD_RULES = ['minLength', 'uppercase', 'digitOrSymbol', 'match'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * Which rules hold. Uppercase counts accented capitals (É); "digit or symbol" counts a digit, one
 * of the profile's named specials !@#$%^&*, or any other non-alphanumeric character.
 */
export const checkPassword = (password: string, confirmation: string): Record<PasswordRule, boolean> => ({
  minLength: [...password].length >= LIMITS.passwordMinLength,
  uppercase: /\p{Lu}/u.test(password),
  digitOrSymbol: /[\d!@#$%^&*]|[^\p{L}\p{N}]/u.test(password),
  match: password.length > 0 && password === confirmation,
});

export const isPasswordValid = (password: string, confirmation: string): boolean =>
  Object.values(checkPassword(password, confirmation)).every(Boolean);
