/**
 * Failures of the employee calls. Field rules answer keys (`validation.*`) for the form and, in
 * `errors`, the French text the create-error alert shows after its own message ("Nom : Champ
 * obligatoire"); the text comes from the French locale so the two never disagree.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ApiError } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure } from '../../http/errors.ts';

export const EMPLOYEE_ERROR_KEYS = {
  emailExists: 'error.employees.email-exists',
  limitReached: 'error.employees.limit-reached',
  noEmail: 'error.employees.no-email',
} as const;
/** Status text of the subscription limit (the seed's dispatch status of the same meaning). */
export const CANT_CREATE_EMP_ERROR = 'CANT_CREATE_EMP_ERROR';

export const FIELD_LABELS: Record<string, string> = {
  name: 'Nom',
  firstName: 'Prénom',
  birthDate: 'Date de naissance',
  email: 'E-mail',
  phone: 'Téléphone',
  numSecu: 'N° de sécurité sociale',
  postal: 'Code postal',
  country: 'Pays',
};

const LOCALE_FILE = fileURLToPath(new URL('../../../web/i18n/locales/fr.json', import.meta.url));
let french: Record<string, unknown> | null = null;
/** The French text of a translation key (nested or flat locale file); the key itself when missing. */
export function frenchText(key: string): string {
  if (!french) {
    try {
      french = JSON.parse(readFileSync(LOCALE_FILE, 'utf8')) as Record<string, unknown>;
    } catch {
      french = {};
    }
  }
  if (typeof french[key] === 'string') return french[key];
  let node: unknown = french;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

export class FieldFailure extends ApiFailure {
  constructor(
    status: number,
    key: string,
    readonly fields: Readonly<Record<string, string>>,
    message?: string,
  ) {
    super(
      status,
      key,
      message,
      Object.entries(fields).map(([field, rule]) => `${FIELD_LABELS[field] ?? field} : ${frenchText(rule)}`),
    );
  }
  override toBody(): ApiError {
    return { ...super.toBody(), fields: this.fields };
  }
}

export const validationFailure = (fields: Readonly<Record<string, string>>): FieldFailure =>
  new FieldFailure(400, ERROR_KEYS.badRequest, fields);
