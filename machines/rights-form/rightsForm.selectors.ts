/** Snapshot → what the rights form views need: flags come from the chart, never from raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import type { RightsChange } from '../../src/contract/rights.ts';
import type { RightsFormMachine } from './rightsForm.machine.ts';
import { isDirty, isUserRecord } from './rightsForm.model.ts';
import type { DraftField, RightsAction } from './rightsForm.types.ts';
import { VALIDATION_KEYS, fieldMessageKey } from '../../src/contract/validation.ts';

export type RightsFormSnapshot = SnapshotFrom<RightsFormMachine>;

const NO_CHANGES: readonly RightsChange[] = [];

/** The fields in error (the server's key wins) whose key `pick` accepts, in the form's order. */
const fieldsWith = (c: RightsFormSnapshot['context'], pick: (key: string) => boolean): DraftField[] => {
  const keys: Partial<Record<DraftField, string>> = { ...c.errors, ...c.serverErrors };
  return (Object.keys(keys) as DraftField[]).filter((field) => pick(keys[field] ?? ''));
};

export const selectRightsForm = (snapshot: RightsFormSnapshot) => {
  const c = snapshot.context;
  const isLoading = snapshot.matches('loading');
  const isSaving = snapshot.matches('saving');
  const isConflict = snapshot.matches('conflict') || snapshot.matches('reloading');
  const isActing = snapshot.matches('acting');
  const isDeleted = snapshot.matches('deleted');
  const editable = snapshot.matches('editing') || snapshot.matches('saved') || snapshot.matches('failed');
  const dirty = isDirty(c);
  const anyError = Object.keys(c.errors).length > 0 || Object.keys(c.serverErrors).length > 0;
  const user = isUserRecord(c.kind, c.record) ? c.record : null;
  /** A message shows under its field once the field was changed or the form submitted. */
  const fieldError = (field: DraftField): string | null =>
    c.touched[field] || c.submitted ? fieldMessageKey(field, c.serverErrors[field] ?? c.errors[field] ?? null) : null;
  /** An action is offered exactly when the machine takes it (`canAct` in the editable states). */
  const can = (action: RightsAction) => snapshot.can({ type: 'form.action', action });
  return {
    kind: c.kind,
    creating: c.id === null,
    id: c.id,
    isLoading,
    loadFailed: snapshot.matches('loadFailed') ? c.failure : null,
    options: c.options,
    record: c.record,
    values: c.values,
    fieldError,
    dirty,
    editable,
    canSubmit: editable && dirty && !anyError,
    /**
     * Why « Créer » / « Enregistrer » is disabled, said beside it (issue 15): the fields to fill in
     * (required, untouched ones included) and those to correct, else nothing changed yet.
     */
    blockedBy: !editable
      ? null
      : anyError
        ? {
            missing: fieldsWith(c, (key) => key === VALIDATION_KEYS.required),
            invalid: fieldsWith(c, (key) => key !== VALIDATION_KEYS.required),
          }
        : !dirty
          ? { unchanged: true as const }
          : null,
    canReset: editable && dirty,
    isSaving,
    justSaved: snapshot.matches('saved'),
    /** A failed save or action: its key is translated under the form. */
    failure: snapshot.matches('failed') || snapshot.matches('editing') ? c.failure : null,
    isConflict,
    isReloading: snapshot.matches('reloading'),
    conflict: isConflict ? c.failure : null,
    /** Typed before a conflict reload: shown beside the form, can be applied again. */
    pending: c.pending,
    confirming: snapshot.matches('awaitingConfirmation') || isActing ? c.confirming : null,
    isActing,
    isDeleted,
    can: {
      delete: can('delete'),
      deactivate: can('deactivate'),
      reactivate: can('reactivate'),
      sendPassword: can('sendPassword'),
    },
    /** The password link needs a saved e-mail (seed 000 §5). */
    passwordNeedsEmail: user !== null && (user.email ?? '').trim() === '',
    isSelf: c.selfId !== null && c.selfId === c.id,
    active: user?.active ?? true,
    changes: user && 'changes' in user ? user.changes : NO_CHANGES,
    /** Leaving would lose typed changes (seed 000 §2). */
    blocksLeaving: dirty && !isDeleted && !isLoading,
  };
};
export type RightsFormView = ReturnType<typeof selectRightsForm>;
