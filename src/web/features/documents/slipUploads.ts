/**
 * Runs the upload of each complete slip, one call per slip and one after the other, each driven by
 * the shared upload machine (machines/upload, XHR transport for the bytes sent) and shown in the
 * notifications panel: per-file progress, cancel there or here, and a failed slip retried alone.
 */
import { createActor } from 'xstate';
import { uploadMachine, type UploadFailure } from '../../../../machines/upload/index.ts';
import type { UploadDocumentsResult } from '../../../contract/documents.ts';
import { createXhrTransfer, type UploadRequest } from '../../api/xhrUpload.ts';
import type { Services } from '../../app/index.ts';
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

export type UploadServices = Pick<Services, 'bus' | 'sessionStore' | 'cancelHandlers'> & {
  readonly actors: Pick<Services['actors'], 'notifications'>;
};

export interface SlipUploadHandle {
  cancel(): void;
  /** Settles once the slip's upload has ended, whatever its end. */
  readonly finished: Promise<SlipUploadState>;
}

let runs = 0;

/** Uploads one slip; `onState` hears every change of its state. */
export const uploadSlip = (
  services: UploadServices,
  organizationId: string,
  slip: SlipDraft,
  onState: (state: SlipUploadState) => void,
  createXhr?: () => XMLHttpRequest,
): SlipUploadHandle => {
  const notifications = services.actors.notifications;
  const id = `document-upload-${slip.id}-${(runs += 1)}`;
  const request: UploadRequest = { routeId: 'documents.upload', formData: buildUploadForm(organizationId, [slip]) };
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        transfer: createXhrTransfer({
          sessionStore: services.sessionStore,
          bus: services.bus,
          ...(createXhr ? { createXhr } : {}),
        }),
      },
    }),
    { input: { request } },
  );
  const cancel = () => actor.send({ type: 'upload.cancel' });
  services.cancelHandlers.set(id, cancel);
  notifications.send({
    type: 'notification.start',
    id,
    text: SLIP_NOTIFICATION_KEY,
    cancelToken: id,
    kind: 'upload',
    values: { name: slip.file?.name ?? slip.description },
  });

  const finished = new Promise<SlipUploadState>((resolve) => {
    let lastPercent = -1;
    const end = (state: SlipUploadState, fact: 'notification.done' | 'notification.fail' | 'notification.cancel') => {
      services.cancelHandlers.delete(id);
      notifications.send({ type: fact, id });
      onState(state);
      sub.unsubscribe();
      actor.stop();
      resolve(state);
    };
    const sub = actor.subscribe((snapshot) => {
      const { percentage, failure, result } = snapshot.context;
      if (snapshot.matches('uploading')) {
        if (percentage === lastPercent) return;
        lastPercent = percentage;
        notifications.send({ type: 'notification.progress', id, percentage });
        onState({ status: 'uploading', percentage, failure: null, documentId: null });
      } else if (snapshot.matches('completed')) {
        const created = (result as UploadDocumentsResult | null)?.documents?.[0]?.document.id ?? null;
        end({ status: 'done', percentage: 100, failure: null, documentId: created }, 'notification.done');
      } else if (snapshot.matches('failed')) {
        end({ status: 'failed', percentage, failure, documentId: null }, 'notification.fail');
      } else if (snapshot.matches('canceled')) {
        end({ status: 'canceled', percentage, failure: null, documentId: null }, 'notification.cancel');
      }
    });
  });
  actor.start();
  actor.send({ type: 'upload.start' });
  return { cancel, finished };
};
