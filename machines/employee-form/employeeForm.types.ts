/** Context, events and input of the employee form (creation side sheet and edit page). */
import type { Employee } from '../../src/contract/entities.ts';
import type { FieldErrors } from '../../src/contract/validation.ts';

export const FORM_FIELDS = [
  'name',
  'firstName',
  'birthDate',
  'email',
  'phone',
  'numSecu',
  'street',
  'complement',
  'postal',
  'city',
  'country',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Readonly<Record<FormField, string>>;

export interface OrgLine {
  readonly organizationId: string;
  readonly registrationNumber: string;
}

/** 'create' posts a new employee; 'update' and 'import' (an employee integrated from elsewhere) put it. */
export type FormMode = 'create' | 'update' | 'import';

/** An employee of another organisation of the domain with the e-mail typed. */
export interface ImportCandidate {
  readonly id: string;
  readonly name: string;
  readonly firstName: string;
  readonly address: Employee['address'];
}

export interface FormFailure {
  /** Translation key (alert.employees.create.error, employees.messages.create.miss.orga.error, …). */
  readonly key: string;
  /** The server's first `errors` entry (French text), shown after the translated key. */
  readonly detail?: string;
}

export interface EmployeeFormInput {
  readonly mode: 'create' | 'update';
  /** The employee being edited (update mode). */
  readonly employee?: Employee | null;
  /** The selected/current organisation: the locked first line. Null leaves the first line to choose. */
  readonly orgId: string | null;
  /** How many organisations the user sees: extra lines only when more than one. */
  readonly visibleOrgCount: number;
  /** 'YYYY-MM-DD' of today, for the birth-date rule. */
  readonly today: string;
  readonly countries?: readonly string[];
  readonly defaultCountry?: string;
}

export interface EmployeeFormContext {
  readonly mode: FormMode;
  readonly employeeId: string | null;
  readonly values: FormValues;
  /** What erase returns to and what "nothing changed" compares with. */
  readonly initialValues: FormValues;
  readonly organizations: readonly OrgLine[];
  readonly initialOrganizations: readonly OrgLine[];
  readonly lockedOrgId: string | null;
  readonly visibleOrgCount: number;
  readonly today: string;
  readonly countries: readonly string[] | null;
  readonly defaultCountry: string;
  /** Rule errors, recomputed on every change. */
  readonly errors: FieldErrors<FormField>;
  /** Keys the server answered per field; cleared when that field changes. */
  readonly serverErrors: FieldErrors<FormField>;
  readonly touched: Readonly<Partial<Record<FormField, true>>>;
  readonly submitted: boolean;
  /** The e-mail last looked up, so the same address is not looked up twice. */
  readonly checkedEmail: string | null;
  readonly candidate: ImportCandidate | null;
  readonly failure: FormFailure | null;
  readonly saved: Employee | null;
}

export type EmployeeFormEvent =
  | { type: 'form.change'; field: FormField; value: string }
  | { type: 'form.blur'; field: FormField }
  | { type: 'form.org.add'; organizationId: string }
  | { type: 'form.org.change'; index: number; organizationId?: string; registrationNumber?: string }
  | { type: 'form.org.remove'; index: number }
  | { type: 'form.submit' }
  | { type: 'form.erase' }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'xstate.done.actor.lookupEmail'; actorId?: string; output: ImportCandidate | null }
  | { type: 'xstate.error.actor.lookupEmail'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.importEmployee'; actorId?: string; output: Employee }
  | { type: 'xstate.error.actor.importEmployee'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.saveEmployee'; actorId?: string; output: Employee }
  | { type: 'xstate.error.actor.saveEmployee'; actorId?: string; error: unknown };
export type EmployeeFormEventType = EmployeeFormEvent['type'];
