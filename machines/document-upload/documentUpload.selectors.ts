/** Snapshot → what the upload dialog needs: flags from the chart (`can`, `matches`), never raw state names in views. */
import type { SnapshotFrom } from 'xstate';
import type { DocumentUploadMachine } from './documentUpload.machine.ts';
import { orgOf, pendingOf, planOf, slipErrors } from './documentUpload.model.ts';

export type DocumentUploadSnapshot = SnapshotFrom<DocumentUploadMachine>;

export const selectDocumentUpload = (s: DocumentUploadSnapshot) => {
  const c = s.context;
  const plan = planOf(c);
  const orgId = orgOf(c);
  const room = c.maxSlips - c.slips.length;
  return {
    orgId,
    /** The organisation is missing and the user tried to send. */
    orgMissing: c.showErrors && !orgId,
    showErrors: c.showErrors,
    refusals: c.refusals,
    room,
    isSending: s.matches({ run: 'sending' }),
    isChecking: s.matches({ drop: 'checking' }),
    canChooseOrg: s.can({ type: 'upload.org.choose', orgId: '' }),
    canDrop: s.can({ type: 'upload.files.drop', files: [] }),
    canAddSlip: s.can({ type: 'upload.slip.add' }),
    canSend: s.can({ type: 'upload.send' }),
    /** Slips « Déposer » sends now. */
    sendCount: plan.toSend.length,
    /** Incomplete slips before the last: shown once the user tried to send. */
    blockingCount: c.showErrors ? plan.blocking.length : 0,
    pendingCount: pendingOf(c).length,
    slips: c.slips.map((slip, index) => ({
      slip,
      index,
      errors: slipErrors(slip, c.knownTypes),
      leftBehind: plan.lastLeftBehind?.id === slip.id && plan.toSend.length > 0,
      upload: c.uploads[slip.id] ?? null,
      canEdit: s.can({ type: 'upload.slip.change', slipId: slip.id, changes: {} }),
      canRemove: s.can({ type: 'upload.slip.remove', slipId: slip.id }),
      canCancel: s.can({ type: 'upload.slip.cancel', slipId: slip.id }),
      canRetry: s.can({ type: 'upload.slip.retry', slipId: slip.id }),
    })),
  };
};
export type DocumentUploadView = ReturnType<typeof selectDocumentUpload>;
export type SlipView = DocumentUploadView['slips'][number];
