/** Snapshot → what the group form's view needs. */
import type { SnapshotFrom } from 'xstate';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { type GroupFormMachine, isDirty } from './groupForm.machine.ts';
import { NAME_KEYS } from './groupForm.model.ts';

export type GroupFormSnapshot = SnapshotFrom<GroupFormMachine>;

export const selectGroupForm = (s: GroupFormSnapshot) => {
  const c = s.context;
  const dirty = isDirty(c);
  const nameError =
    c.name.trim() === ''
      ? VALIDATION_KEYS.required
      : c.serverError && NAME_KEYS.includes(c.serverError)
        ? c.serverError
        : null;
  return {
    group: c.group,
    orgs: c.orgs,
    name: c.name,
    orgId: c.orgId,
    members: c.members,
    memberIds: new Set(c.members.map((m) => m.id)),
    dirty,
    /** Under the name once it was left or typed in. */
    nameError: c.touched || c.name !== '' ? nameError : null,
    /** A failure that is not about the name: said below the form. */
    formError: c.serverError && !NAME_KEYS.includes(c.serverError) ? c.serverError : null,
    /** « Créer » / « Enregistrer » waits for a name and a change. */
    saveDisabled: !s.can({ type: 'group.save' }),
    isLoading: s.matches({ data: 'loading' }),
    loadError: c.loadError,
    isSaving: s.matches({ form: { open: 'saving' } }),
    deleteAsked: s.matches({ form: { open: 'confirmingDelete' } }) || s.matches({ form: { open: 'deleting' } }),
    isDeleting: s.matches({ form: { open: 'deleting' } }),
    left: s.matches({ form: 'left' }),
  };
};
export type GroupFormView = ReturnType<typeof selectGroupForm>;
