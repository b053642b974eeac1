/** Snapshot → what the creation page needs: flags come from the chart, never from raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import type { SignbookCreationMachine } from './signbookCreation.machine.ts';
import { allowedDocTypes, draftProblems } from './signbookCreation.model.ts';

export type SignbookCreationSnapshot = SnapshotFrom<SignbookCreationMachine>;

export const selectSignbookCreation = (snapshot: SignbookCreationSnapshot) => {
  const c = snapshot.context;
  const sending = snapshot.matches({ submission: 'sending' });
  const problems = draftProblems({ name: c.name, file: c.document, steps: c.steps });
  return {
    name: c.name,
    orgId: c.orgId,
    templates: c.templates,
    template: c.template,
    /** The organisation's types, narrowed to the template's when it names some. */
    docTypes: allowedDocTypes(c.docTypes, c.template),
    /** « Aucun type » is offered unless the template imposes its types. */
    docTypeOptional: !c.template?.docTypes.length,
    docType: c.docType,
    document: c.document,
    fileError: c.fileError,
    checking: snapshot.matches({ document: 'checking' }),
    steps: c.steps,
    toSafe: c.toSafe,
    /** Shown once « Créer et envoyer en signature » was pressed. */
    problems: c.tried ? problems : [],
    nameMissing: c.tried && !c.name.trim(),
    documentMissing: c.tried && !c.document,
    failure: c.failure,
    sending,
    sent: snapshot.matches({ submission: 'sent' }),
  };
};
export type SignbookCreationView = ReturnType<typeof selectSignbookCreation>;
