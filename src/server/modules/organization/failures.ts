/**
 * Organisation failures that name the wrong fields: `fields` holds one key per field for the
 * form, `errors` the French texts the creation screen joins by line breaks (seed 001 §8.2).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import type { ApiError } from '../../../contract/entities.ts';
import { ApiFailure } from '../../http/errors.ts';

export class FieldsFailure extends ApiFailure {
  constructor(
    status: number,
    key: string,
    readonly fields: Readonly<Record<string, string>>,
    errors: readonly string[],
  ) {
    super(status, key, undefined, errors);
  }
  override toBody(): ApiError {
    return { ...super.toBody(), fields: { ...this.fields } };
  }
}

const FR_FILE = fileURLToPath(new URL('../../../web/i18n/locales/fr.json', import.meta.url));
let french: Record<string, unknown> | null = null;

/** The French text of a translation key (the key itself when the catalogue lacks it). */
export function frenchText(key: string): string {
  french ??= JSON.parse(readFileSync(FR_FILE, 'utf8')) as Record<string, unknown>;
  let node: unknown = french;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}

/** "SIRET : Le SIRET doit comporter 14 chiffres." for each wrong field. */
export function fieldsFailure(status: number, key: string, fields: Readonly<Record<string, string>>): FieldsFailure {
  const errors = Object.entries(fields).map(
    ([field, fieldKey]) => `${frenchText(`organizations.fields.${field}`)} : ${frenchText(fieldKey)}`,
  );
  return new FieldsFailure(status, key, fields, errors);
}

export const payrollManaged = (): ApiFailure =>
  new ApiFailure(403, ERROR_KEYS.orgPayrollManaged, SEED_TEXTS.payrollManagedOrg, [SEED_TEXTS.payrollManagedOrg]);
