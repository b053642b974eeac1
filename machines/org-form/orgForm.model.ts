/** The organisation form's values, their rules, what it sends, and how a failed call reads: pure, for the machine and its views. */
import { MAX_LENGTH } from '../../src/contract/constants.ts';
import type { CompanyInfo, Organization, OrganizationInput } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { type FieldErrors, type OrganizationField, organizationFieldErrors } from '../../src/contract/validation.ts';

export const TEXT_FIELDS = [
  'name',
  'siret',
  'street',
  'zipCode',
  'city',
  'country',
  'reference',
  'billingReference',
  'internalFolderCode',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type OrgFormValues = Record<TextField | 'parentId', string>;

/** Each input's `maxLength`: the limits the contract's `OrganizationInput` enforces. */
export const MAX_LENGTHS: Readonly<Record<TextField, number>> = {
  name: MAX_LENGTH.name,
  siret: MAX_LENGTH.siret,
  street: MAX_LENGTH.street,
  zipCode: MAX_LENGTH.postalCode,
  city: MAX_LENGTH.city,
  country: MAX_LENGTH.country,
  reference: MAX_LENGTH.reference,
  billingReference: MAX_LENGTH.reference,
  internalFolderCode: MAX_LENGTH.reference,
};

export const emptyValues = (parentId = ''): OrgFormValues => ({
  name: '',
  siret: '',
  street: '',
  zipCode: '',
  city: '',
  country: 'France',
  reference: '',
  billingReference: '',
  internalFolderCode: '',
  parentId,
});

export const valuesOf = (o: Organization): OrgFormValues => ({
  name: o.name,
  siret: o.siret,
  street: o.street ?? '',
  zipCode: o.zipCode ?? '',
  city: o.city,
  country: o.country ?? '',
  reference: o.reference ?? '',
  billingReference: o.billingReference ?? '',
  internalFolderCode: o.internalFolderCode ?? '',
  parentId: o.parentId ?? '',
});

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export const inputOf = (v: OrgFormValues): OrganizationInput => ({
  name: v.name.trim(),
  siret: v.siret.trim(),
  street: orNull(v.street),
  zipCode: orNull(v.zipCode),
  city: v.city.trim(),
  country: orNull(v.country),
  parentId: orNull(v.parentId),
  reference: orNull(v.reference),
  billingReference: orNull(v.billingReference),
  internalFolderCode: orNull(v.internalFolderCode),
});

export const sameValues = (a: OrgFormValues, b: OrgFormValues): boolean =>
  (Object.keys(a) as (keyof OrgFormValues)[]).every((k) => a[k].trim() === b[k].trim());

export const fieldErrors = (v: OrgFormValues): FieldErrors<OrganizationField> => organizationFieldErrors(v);

/** The rules' errors, and the SIRET the server said is taken while it is still the one typed. */
export const formErrors = (v: OrgFormValues, siretTaken: string | null): Partial<Record<string, string>> => {
  const errors: Partial<Record<string, string>> = { ...fieldErrors(v) };
  if (siretTaken !== null && siretTaken === v.siret.trim()) errors.siret = ERROR_KEYS.orgSiretTaken;
  return errors;
};

/** What the company lookup fills in: name and address, leaving the organisation's own codes alone. */
export const withCompany = (v: OrgFormValues, c: CompanyInfo): OrgFormValues => ({
  ...v,
  siret: c.siret,
  name: c.name,
  street: c.street ?? '',
  zipCode: c.zipCode ?? '',
  city: c.city,
  country: c.country,
});

export interface Failure {
  readonly status: number;
  readonly key: string;
  readonly message?: string;
  readonly errors?: readonly string[];
}

export const asFailure = (f: unknown): Failure => {
  const o = (typeof f === 'object' && f !== null ? f : {}) as Partial<Failure>;
  // Anything without a key is not an API answer: its message is no text for the user.
  if (typeof o.key !== 'string') return { status: 0, key: ERROR_KEYS.internal };
  return {
    status: typeof o.status === 'number' ? o.status : 0,
    key: o.key,
    ...(typeof o.message === 'string' && o.message !== '' ? { message: o.message } : {}),
    ...(Array.isArray(o.errors) ? { errors: o.errors } : {}),
  };
};

/**
 * The server's error list joined by line breaks (seed 001 §8.2), else its message, else the
 * translated key. A body-shape error lists field paths, not sentences: its key reads better.
 */
export const failureText = (f: Failure, t: (key: string) => string): string => {
  if (f.key === ERROR_KEYS.badRequest) return t(f.key);
  if (f.errors && f.errors.length > 0) return f.errors.join('\n');
  return f.message ?? t(f.key);
};
