/** Snapshot → what the creation page needs: flags from the chart (`can`), never raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import type { CampaignCreationMachine } from './creation.machine.ts';
import { effectiveDocName, recipientMode } from './creation.model.ts';
import { CREATION_STEPS, type CreationStep } from './creation.types.ts';

export type CreationSnapshot = SnapshotFrom<CampaignCreationMachine>;

const stepOf = (s: CreationSnapshot): CreationStep | null => {
  for (const step of CREATION_STEPS) if (s.matches({ editing: step })) return step;
  return null;
};

type Missing = (c: CreationSnapshot['context'], mode: ReturnType<typeof recipientMode>) => string | null;
/** Mirrors the chart's `creation.next` guards, one sentence per step. */
const MISSING: Record<CreationStep, Missing> = {
  type: () => 'campaignCreate.missing.type',
  documents: () => 'campaignCreate.missing.documents',
  recipients: (c, mode) =>
    mode === 'manual' && !c.manualConfirmed ? 'campaignCreate.missing.confirm' : 'campaignCreate.missing.recipients',
  options: () => 'campaignCreate.missing.name',
  review: (c) => (c.name.trim() === '' ? 'campaignCreate.missing.name' : null),
};

export const selectCreation = (s: CreationSnapshot) => {
  const c = s.context;
  const step = stepOf(s);
  const mode = recipientMode(c);
  return {
    step,
    /** Index of the stepper's active step (4 = review while sending, sent or failed). */
    stepIndex: step ? CREATION_STEPS.indexOf(step) : CREATION_STEPS.length - 1,
    docType: c.docType,
    mode,
    manualConfirmed: c.manualConfirmed,
    /** Manual recipients chosen by the type but not confirmed yet: show the irreversible confirmation. */
    needsManualConfirmation: mode === 'manual' && !c.manualConfirmed,
    canAddDocuments: c.docType !== null && !s.matches('sending') && !s.matches('sent'),
    documents: c.documents,
    rejected: c.rejected,
    recipients: c.recipients,
    refusedRecipient: c.refusedRecipient,
    name: c.name,
    docName: c.docName,
    effectiveDocName: effectiveDocName(c),
    review: c.review,
    onRefuse: c.onRefuse,
    onError: c.onError,
    usersToNotify: c.usersToNotify,
    canNext: s.can({ type: 'creation.next' }),
    canBack: s.can({ type: 'creation.back' }),
    canSend: s.can({ type: 'creation.send' }),
    /** What the current step still needs before « Suivant » / « Envoyer » (issue 15), as a key; null when nothing. */
    missingKey: step === null || s.can({ type: 'creation.next' }) ? null : MISSING[step](c, mode),
    isSending: s.matches('sending'),
    isSent: s.matches('sent'),
    isFailed: s.matches('failed'),
    percentage: c.percentage,
    uploadCompleted: c.uploadCompleted,
    campaignId: c.campaignId,
    failure: c.failure,
    /** Leaving the page now would lose work in flight (seed 000 §2: warn that actions are in progress). */
    isBusy: s.matches('sending'),
  };
};
export type CreationView = ReturnType<typeof selectCreation>;
