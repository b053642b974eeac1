/** Snapshot → what the form views need: flags come from the chart, never from raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import type { ValidationKey } from '../../src/contract/validation.ts';
import type { EmployeeFormMachine } from './employeeForm.machine.ts';
import { hasOrganisation, isDirty } from './employeeForm.model.ts';
import type { FormField } from './employeeForm.types.ts';

export type EmployeeFormSnapshot = SnapshotFrom<EmployeeFormMachine>;

export const selectEmployeeForm = (snapshot: EmployeeFormSnapshot) => {
  const c = snapshot.context;
  const busy = snapshot.matches('submitting') || snapshot.matches('importing');
  const dirty = isDirty(c);
  const anyError = Object.keys(c.errors).length > 0 || Object.keys(c.serverErrors).length > 0;
  const withOrg = hasOrganisation(c.organizations);
  /** A message appears under its field once the field was left or the form submitted. */
  const fieldError = (field: FormField): ValidationKey | string | null =>
    c.touched[field] || c.submitted ? (c.serverErrors[field] ?? c.errors[field] ?? null) : null;
  return {
    mode: c.mode,
    values: c.values,
    fieldError,
    organizations: c.organizations.map((line, index) => ({
      ...line,
      locked: index === 0 && c.lockedOrgId !== null,
      removable: index > 0,
    })),
    canAddOrg: c.visibleOrgCount > c.organizations.length,
    dirty,
    /** Update/import with nothing modified: saving is pointless (seed: "No information has been modified"). */
    unchanged: c.mode !== 'create' && !dirty,
    canSubmit: !busy && !anyError && withOrg && (c.mode === 'create' || dirty),
    canErase: !busy,
    isCheckingEmail: snapshot.matches({ editing: 'checkingEmail' }),
    isSubmitting: snapshot.matches('submitting'),
    isImporting: snapshot.matches('importing'),
    candidate: snapshot.matches('awaitingImportConfirmation') ? c.candidate : null,
    failure: c.failure,
    succeeded: snapshot.matches('succeeded'),
    saved: c.saved,
  };
};
export type EmployeeFormView = ReturnType<typeof selectEmployeeForm>;
