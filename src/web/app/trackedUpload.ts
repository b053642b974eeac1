/**
 * One multipart upload driven by the shared upload machine (machines/upload, XHR transport for the bytes
 * sent) and shown in the notifications panel: progress, cancel there or from the page, done / failed /
 * canceled. Deposited documents (one per slip) and the DSN import run through it.
 */
import { createActor } from 'xstate';
import { type UploadFailure, uploadMachine } from '../../../machines/upload/index.ts';
import { createXhrTransfer, type UploadRequest } from '../api/xhrUpload.ts';
import type { Services } from './services.ts';

export type UploadServices = Pick<Services, 'bus' | 'sessionStore' | 'cancelHandlers'> & {
  readonly actors: Pick<Services['actors'], 'notifications'>;
};

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'canceled';

export interface UploadState {
  readonly status: UploadStatus;
  readonly percentage: number;
  readonly failure: UploadFailure | null;
  /** The server's answer, once done. */
  readonly result: unknown;
}

export interface TrackedUploadOptions {
  /** Notification id prefix (made unique per run). */
  readonly id: string;
  /** The notification's translation key and its values. */
  readonly text: string;
  readonly values?: Readonly<Record<string, string>>;
  /** Hears every change of the upload's state. */
  readonly onState?: (state: UploadState) => void;
  /** Tests pass a scripted XMLHttpRequest. */
  readonly createXhr?: () => XMLHttpRequest;
}

export interface TrackedUploadHandle {
  cancel(): void;
  /** Settles once the upload has ended, whatever its end. */
  readonly finished: Promise<UploadState>;
}

let runs = 0;

export const trackedUpload = (
  services: UploadServices,
  request: UploadRequest,
  { id: prefix, text, values, onState, createXhr }: TrackedUploadOptions,
): TrackedUploadHandle => {
  const notifications = services.actors.notifications;
  const id = `${prefix}-${(runs += 1)}`;
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
    text,
    cancelToken: id,
    kind: 'upload',
    ...(values ? { values } : {}),
  });

  const finished = new Promise<UploadState>((resolve) => {
    let lastPercent = -1;
    const end = (state: UploadState, fact: 'notification.done' | 'notification.fail' | 'notification.cancel') => {
      services.cancelHandlers.delete(id);
      notifications.send({ type: fact, id });
      onState?.(state);
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
        onState?.({ status: 'uploading', percentage, failure: null, result: null });
      } else if (snapshot.matches('completed')) {
        end({ status: 'done', percentage: 100, failure: null, result }, 'notification.done');
      } else if (snapshot.matches('failed')) {
        end({ status: 'failed', percentage, failure, result: null }, 'notification.fail');
      } else if (snapshot.matches('canceled')) {
        end({ status: 'canceled', percentage, failure: null, result: null }, 'notification.cancel');
      }
    });
  });
  actor.start();
  actor.send({ type: 'upload.start' });
  return { cancel, finished };
};
