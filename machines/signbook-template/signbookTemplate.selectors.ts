/** Snapshot → what the template page needs. */
import type { SnapshotFrom } from 'xstate';
import type { SignbookTemplateMachine } from './signbookTemplate.machine.ts';
import { templateProblems } from './signbookTemplate.model.ts';

export type SignbookTemplateSnapshot = SnapshotFrom<SignbookTemplateMachine>;

export const selectSignbookTemplate = (snapshot: SignbookTemplateSnapshot) => {
  const c = snapshot.context;
  const problems = c.tried ? templateProblems(c) : [];
  return {
    creating: c.creating,
    /** The form shows once read (a new template at once, a failed read with its key). */
    loaded: c.creating || !snapshot.matches('reading'),
    name: c.name,
    orgId: c.orgId,
    docTypes: c.docTypes,
    types: c.types,
    steps: c.steps,
    nameMissing: c.tried && !c.name.trim(),
    /** The rules not met (once « Enregistrer » was pressed), then the server's key. */
    messages: [...problems, ...(c.error ? [c.error] : [])],
    busy: snapshot.matches({ editing: { form: 'saving' } }) || snapshot.matches({ editing: { form: 'deleting' } }),
    confirming:
      snapshot.matches({ editing: { form: 'confirming' } }) || snapshot.matches({ editing: { form: 'deleting' } }),
    canDelete: !c.creating,
  };
};
export type SignbookTemplateView = ReturnType<typeof selectSignbookTemplate>;
