/**
 * Organisation failures that name the wrong fields: `fields` holds one key per field for the
 * form, `errors` the French texts the creation screen joins by line breaks (seed 001 §8.2).
 */
import { ERROR_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import { ApiFailure, fieldFailure } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';

/** "SIRET : Le SIRET doit comporter 14 chiffres." for each wrong field. */
export const fieldsFailure = (status: number, key: string, fields: Readonly<Record<string, string>>): ApiFailure =>
  fieldFailure(status, key, fields, (field) => frenchText(`organizations.fields.${field}`));

export const payrollManaged = (): ApiFailure =>
  new ApiFailure(403, ERROR_KEYS.orgPayrollManaged, SEED_TEXTS.payrollManagedOrg, [SEED_TEXTS.payrollManagedOrg]);
