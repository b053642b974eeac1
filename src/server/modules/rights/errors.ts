/**
 * Failures of the rights calls. Field rules answer `validation.*` keys per field (`fields`) and, in
 * `errors`, the French lines the alerts show ("Identifiant : Champ obligatoire"), as the employee and
 * organisation forms do.
 */
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure, fieldFailure } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';

const FIELD_LABELS: Record<string, string> = {
  login: 'Identifiant',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  name: 'Nom',
  docTypes: 'Types de document',
  periodStart: 'Début de période',
  periodEnd: 'Fin de période',
  metaKey: 'Clé de métadonnée',
};

export const rightsFieldFailure = (status: number, key: string, fields: Readonly<Record<string, string>>) =>
  fieldFailure(status, key, fields, (field) => FIELD_LABELS[field] ?? field);

/** 400 naming the wrong fields; nothing when there is none. */
export const assertNoFieldErrors = (fields: Readonly<Record<string, string | undefined>>): void => {
  const wrong = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
  if (Object.keys(wrong).length > 0) throw rightsFieldFailure(400, ERROR_KEYS.rightsInvalid, wrong);
};

export const conflict = () => new ApiFailure(409, ERROR_KEYS.rightsConflict);
export const lastAdmin = () => new ApiFailure(409, ERROR_KEYS.rightsLastAdmin);
export const selfLockout = () => new ApiFailure(409, ERROR_KEYS.rightsSelfLockout);
export const featureNotHeld = () => new ApiFailure(403, ERROR_KEYS.rightsFeatureNotHeld);
export const ownDocumentRules = () =>
  new ApiFailure(403, ERROR_KEYS.rightsOwnDocumentRules, frenchText(ERROR_KEYS.rightsOwnDocumentRules));
export const outOfReach = () => new ApiFailure(403, ERROR_KEYS.rightsUserOutOfReach);

/** A unique index of `constraint` broke (a race the pre-check could not see). */
export const isUniqueViolation = (error: unknown, constraint: string): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  String(
    (error as { constraint?: unknown; message?: unknown }).constraint ?? (error as { message?: unknown }).message,
  ).includes(constraint);
