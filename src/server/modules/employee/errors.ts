/**
 * Failures of the employee calls. Field rules answer keys (`validation.*`) for the form and, in
 * `errors`, the French text the create-error alert shows after its own message ("Nom : Champ
 * obligatoire"); the text comes from the French locale so the two never disagree.
 */
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { fieldFailure } from '../../http/errors.ts';

export const EMPLOYEE_ERROR_KEYS = {
  emailExists: 'error.employees.email-exists',
  limitReached: 'error.employees.limit-reached',
  noEmail: 'error.employees.no-email',
  /** An employee's organisations must all belong to one company (the root of an organisation tree). */
  orgsAcrossCompanies: 'error.employees.orgs-across-companies',
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

/** An employee failure naming its fields, labelled as the form labels them. */
export const employeeFieldFailure = (
  status: number,
  key: string,
  fields: Readonly<Record<string, string>>,
  message?: string,
) => fieldFailure(status, key, fields, (field) => FIELD_LABELS[field] ?? field, message);

export const validationFailure = (fields: Readonly<Record<string, string>>) =>
  employeeFieldFailure(400, ERROR_KEYS.badRequest, fields);
