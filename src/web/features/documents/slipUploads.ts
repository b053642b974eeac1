/**
 * Runs the upload of each complete slip, one call per slip and one after the other, each driven by
 * the shared upload machine (app/trackedUpload.ts: machines/upload, XHR transport for the bytes sent)
 * and shown in the notifications panel: per-file progress, cancel there or here, and a failed or
 * canceled slip retried alone on the same upload machine.
 */
import type { UploadFailure } from '../../../../machines/upload/index.ts';
import type { UploadDocumentsResult } from '../../../contract/documents.ts';
import { trackedUpload, type UploadServices, type UploadState } from '../../app/trackedUpload.ts';
import { buildUploadForm, type SlipDraft } from './slips.ts';

export const SLIP_NOTIFICATION_KEY = 'documents.upload.notification';

export type SlipUploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'canceled';

export interface SlipUploadState {
  readonly status: SlipUploadStatus;
  readonly percentage: number;
  readonly failure: UploadFailure | null;
  /** The stored document, once done. */
  readonly documentId: string | null;
}

export interface SlipUploadHandle {
  cancel(): void;
  /** Settles once the slip's upload has ended, whatever its end. */
  readonly finished: Promise<SlipUploadState>;
  /** After a failure or a cancel: the same upload sent again, as the slip now reads; settles at its end. */
  retry(organizationId: string, slip: SlipDraft): Promise<SlipUploadState>;
  /** Ends the slip's upload machine (the dialog is reset or closed). */
  dispose(): void;
}

/** Uploads one slip; `onState` hears every change of its state. */
export const uploadSlip = (
  services: UploadServices,
  organizationId: string,
  slip: SlipDraft,
  onState: (state: SlipUploadState) => void,
  createXhr?: () => XMLHttpRequest,
): SlipUploadHandle => {
  const slipState = ({ status, percentage, failure, result }: UploadState): SlipUploadState => ({
    status,
    percentage,
    failure,
    documentId:
      status === 'done' ? ((result as UploadDocumentsResult | null)?.documents?.[0]?.document.id ?? null) : null,
  });
  const handle = trackedUpload(
    services,
    { routeId: 'documents.upload', formData: buildUploadForm(organizationId, [slip]) },
    {
      id: `document-upload-${slip.id}`,
      text: SLIP_NOTIFICATION_KEY,
      values: { name: slip.file?.name ?? slip.description },
      onState: (state) => onState(slipState(state)),
      ...(createXhr ? { createXhr } : {}),
    },
  );
  return {
    cancel: handle.cancel,
    finished: handle.finished.then(slipState),
    retry: (orgNow, corrected) =>
      handle.retry({ routeId: 'documents.upload', formData: buildUploadForm(orgNow, [corrected]) }).then(slipState),
    dispose: handle.dispose,
  };
};
