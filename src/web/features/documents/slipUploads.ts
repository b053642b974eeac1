/**
 * Runs the upload of each complete slip, one call per slip and one after the other, each driven by
 * the shared upload machine (app/trackedUpload.ts: machines/upload, XHR transport for the bytes sent)
 * and shown in the notifications panel: per-file progress, cancel there or here, and a failed or
 * canceled slip retried alone on the same upload machine.
 */
import type { SlipUploadPort, SlipUploadState } from '../../../../machines/document-upload/index.ts';
import type { UploadDocumentsResult } from '../../../contract/documents.ts';
import { trackedUpload, type UploadServices, type UploadState } from '../../app/trackedUpload.ts';
import { buildUploadForm, type SlipDraft } from './slips.ts';

export const SLIP_NOTIFICATION_KEY = 'documents.upload.notification';

export type { SlipUploadState, SlipUploadStatus } from '../../../../machines/document-upload/index.ts';

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

export interface SlipUploads {
  /** The dialog machine's upload port. */
  readonly port: SlipUploadPort;
  /** Ends a removed slip's upload machine. */
  dispose(slipId: string): void;
  /** Ends every slip's upload machine (the slips are forgotten). */
  disposeAll(): void;
}

/**
 * The upload machines of the dialog's slips, one per slip: a slip whose upload failed or was canceled
 * is sent again by the same upload machine (`retry`), as the slip now reads; a stored slip's machine ends.
 */
export const createSlipUploads = (services: UploadServices, createXhr?: () => XMLHttpRequest): SlipUploads => {
  const handles = new Map<string, SlipUploadHandle>();
  /** Who hears each slip's states now (the machine's current send). */
  const listeners = new Map<string, (state: SlipUploadState) => void>();
  const dispose = (slipId: string) => {
    handles.get(slipId)?.dispose();
    handles.delete(slipId);
    listeners.delete(slipId);
  };
  return {
    port: {
      send: (organizationId, slip, onState) => {
        listeners.set(slip.id, onState);
        const earlier = handles.get(slip.id);
        const handle =
          earlier ?? uploadSlip(services, organizationId, slip, (state) => listeners.get(slip.id)?.(state), createXhr);
        handles.set(slip.id, handle);
        const finished = (earlier ? earlier.retry(organizationId, slip) : handle.finished).then((state) => {
          if (state.status === 'done') dispose(slip.id);
          return state;
        });
        return { finished, cancel: handle.cancel };
      },
    },
    dispose,
    disposeAll: () => {
      for (const slipId of [...handles.keys()]) dispose(slipId);
    },
  };
};
