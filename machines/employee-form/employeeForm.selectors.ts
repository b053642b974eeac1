/** Snapshot → what the form views need: flags come from the chart, never from raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import { fieldMessageKey, VALIDATION_KEYS, type ValidationKey } from '../../src/contract/validation.ts';
import type { EmployeeFormMachine } from './employeeForm.machine.ts';
import { hasOrganisation, isDirty } from './employeeForm.model.ts';
import type { FormField } from './employeeForm.types.ts';

export type EmployeeFormSnapshot = SnapshotFrom<EmployeeFormMachine>;

export interface BlockedLine {
  readonly key: string;
  readonly fields: readonly FormField[];
}

const blockedLines = ({ context: c }: EmployeeFormSnapshot): readonly BlockedLine[] => {
  const inError = [...new Set([...Object.keys(c.errors), ...Object.keys(c.serverErrors)])] as FormField[];
  const missing = (f: FormField) => (c.serverErrors[f] ?? c.errors[f]) === VALIDATION_KEYS.required;
  const lines: BlockedLine[] = [
    { key: 'common.form.blocked.missing', fields: inError.filter(missing) },
    { key: 'common.form.blocked.invalid', fields: inError.filter((f) => !missing(f)) },
  ].filter((line) => line.fields.length > 0);
  if (lines.length) return lines;
  if (!hasOrganisation(c.organizations)) return [{ key: 'employees.form.blocked.organization', fields: [] }];
  return c.mode !== 'create' && !isDirty(c) ? [{ key: 'employees.form.unchanged', fields: [] }] : [];
};

export const selectEmployeeForm = (snapshot: EmployeeFormSnapshot) => {
  const c = snapshot.context;
  const busy = snapshot.matches('submitting') || snapshot.matches('importing');
  const dirty = isDirty(c);
  /** A message appears under its field once the field was left or the form submitted. */
  const fieldError = (field: FormField): ValidationKey | string | null =>
    c.touched[field] || c.submitted ? fieldMessageKey(field, c.serverErrors[field] ?? c.errors[field] ?? null) : null;
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
    /** The chart's own answer: the button is enabled exactly when a submit would leave. */
    canSubmit: snapshot.can({ type: 'form.submit' }),
    canConfirmImport: snapshot.can({ type: 'import.confirm' }),
    /**
     * Why submitting is not possible yet, said beside the button from the start (issue 15), as the
     * organisation form says it: the required fields still empty (untouched ones included), those to
     * correct, a missing organisation, or nothing changed. One line each; none when submitting is possible.
     */
    blockedBy: busy ? [] : blockedLines(snapshot),
    canErase: snapshot.can({ type: 'form.erase' }),
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
