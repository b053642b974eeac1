/** Pure helpers of the employee form: values ↔ employee, rules, the body sent, server errors. */
import type { Employee, EmployeeInput } from '../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { employeeFieldErrors, type FieldErrors, normaliseNumSecu } from '../../src/contract/validation.ts';
import {
  type EmployeeFormContext,
  FORM_FIELDS,
  type FormFailure,
  type FormField,
  type FormValues,
  type OrgLine,
} from './employeeForm.types.ts';

export const emptyValues = (country: string): FormValues => ({
  ...(Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as Record<FormField, string>),
  country,
});

export const valuesFromEmployee = (e: Employee, defaultCountry: string): FormValues => ({
  name: e.name,
  firstName: e.firstName,
  birthDate: e.birthDate.slice(0, 10),
  email: e.email ?? '',
  phone: e.phone ?? '',
  numSecu: e.numSecu ?? '',
  street: e.address.street ?? '',
  complement: e.address.complement ?? '',
  postal: e.address.postal ?? '',
  city: e.address.city ?? '',
  country: e.address.country || defaultCountry,
});

export const linesFromEmployee = (e: Employee): OrgLine[] =>
  e.organizations.map((o) => ({ organizationId: o.organizationId, registrationNumber: o.registrationNumber ?? '' }));

export const ruleErrors = (
  values: FormValues,
  mode: EmployeeFormContext['mode'],
  today: string,
  countries: readonly string[] | null,
): FieldErrors<FormField> =>
  employeeFieldErrors(values, {
    mode: mode === 'create' ? 'create' : 'update',
    today,
    ...(countries ? { countries } : {}),
  });

export const hasOrganisation = (lines: readonly OrgLine[]): boolean => lines.some((l) => l.organizationId !== '');

export const isDirty = (
  c: Pick<EmployeeFormContext, 'values' | 'initialValues' | 'organizations' | 'initialOrganizations'>,
) =>
  FORM_FIELDS.some((f) => c.values[f] !== c.initialValues[f]) ||
  JSON.stringify(c.organizations) !== JSON.stringify(c.initialOrganizations);

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The body of `employees.create` / `employees.update`; an empty social security number is absent. */
export const toEmployeeInput = (c: EmployeeFormContext): EmployeeInput => {
  const v = c.values;
  const numSecu = normaliseNumSecu(v.numSecu);
  return {
    name: v.name.trim(),
    firstName: v.firstName.trim(),
    birthDate: v.birthDate,
    email: orNull(v.email),
    phone: orNull(v.phone),
    ...(numSecu === undefined ? {} : { numSecu }),
    address: {
      street: v.street.trim(),
      complement: v.complement.trim(),
      postal: v.postal.trim(),
      city: v.city.trim(),
      country: v.country,
    },
    organizations: c.organizations
      .filter((l) => l.organizationId !== '')
      .map((l) => ({ organizationId: l.organizationId, registrationNumber: orNull(l.registrationNumber) })),
  };
};

const isFormField = (key: string): key is FormField => (FORM_FIELDS as readonly string[]).includes(key);

/** Server `fields` keyed by the API's names (address.postal, …) mapped back onto the form's fields. */
export const serverFieldErrors = (error: unknown): FieldErrors<FormField> => {
  const fields = (error as { fields?: Record<string, string> } | null)?.fields ?? {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const field = key.replace(/^address\./, '');
    if (isFormField(field)) out[field] = value;
  }
  return out as FieldErrors<FormField>;
};

/** The alert of a failed save: the seed's create/update key, then the server's first `errors` entry. */
export const failureOf = (error: unknown, mode: EmployeeFormContext['mode']): FormFailure => {
  const e = (error ?? {}) as { key?: string; errors?: readonly string[]; message?: string };
  if (e.key === ALERT_KEYS.employees.missOrgaError) return { key: e.key };
  const key = mode === 'create' ? ALERT_KEYS.employees.createError : ALERT_KEYS.employees.updateError;
  const detail = e.errors?.[0];
  return detail ? { key, detail } : { key };
};
