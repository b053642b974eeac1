/** Snapshot → what the organisation form's view needs: flags from the chart, never raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { isDirty, isReadOnly, type OrgFormMachine } from './orgForm.machine.ts';
import { formErrors, TEXT_FIELDS, type TextField } from './orgForm.model.ts';
import type { OrgFormField } from './orgForm.types.ts';

export type OrgFormSnapshot = SnapshotFrom<OrgFormMachine>;

export const selectOrgForm = (s: OrgFormSnapshot) => {
  const c = s.context;
  const editing = c.orgId !== null;
  const readOnly = isReadOnly(c);
  const dirty = isDirty(c);
  const errors = formErrors(c.values, c.siretTaken);
  /** A message shows once its field was left or the form submitted; the SIRET's as soon as one is typed. */
  const fieldError = (field: OrgFormField): string | undefined =>
    c.submitted || c.touched[field] || (field === 'siret' && c.values.siret !== '') ? errors[field] : undefined;
  const inError = TEXT_FIELDS.filter((field) => errors[field]);
  /**
   * What « Créer » / « Enregistrer » waits for (issue 15): the fields to fill in and those to correct,
   * or, editing, nothing changed yet (the button is disabled until something is).
   */
  const blockedBy: { readonly key: string; readonly fields: readonly TextField[] }[] = readOnly
    ? []
    : editing && !dirty
      ? [{ key: 'common.form.blocked.unchanged', fields: [] }]
      : [
          { key: 'common.form.blocked.missing', fields: inError.filter((f) => errors[f] === VALIDATION_KEYS.required) },
          { key: 'common.form.blocked.invalid', fields: inError.filter((f) => errors[f] !== VALIDATION_KEYS.required) },
        ].filter((line) => line.fields.length > 0);
  return {
    editing,
    /** The form is drawn: always on creation, once the organisation is read when editing. */
    formShown: c.initial !== null,
    isLoading: s.matches({ data: 'loading' }),
    values: c.values,
    parents: c.parents,
    readOnly,
    dirty,
    fieldError,
    blockedBy,
    /** Editing with nothing changed (said beside the button). */
    unchanged: editing && !dirty,
    /** The chart's own answer: « Créer » / « Enregistrer » is enabled exactly when it takes a submit. */
    canSubmit: s.can({ type: 'form.submit' }),
    isSaving: s.matches({ save: 'saving' }),
    saved: s.matches({ save: 'saved' }),
    isLookingUp: s.matches({ lookup: 'searching' }),
    lookupFilled: c.lookupFilled,
    lookupError: c.lookupError,
    failure: c.failure,
  };
};
export type OrgFormView = ReturnType<typeof selectOrgForm>;
