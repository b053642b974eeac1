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
  /** Settles once the first attempt has ended, whatever its end. */
  readonly finished: Promise<UploadState>;
  /**
   * After a failure or a cancel, the same upload machine starts again (`upload.start`, with `request`
   * when the upload now reads differently), shown as a new entry of the notifications panel; settles
   * at that attempt's end. Refused (rejects) while an attempt runs or once the upload is done.
   */
  retry(request?: UploadRequest): Promise<UploadState>;
  /** Ends the machine (the screen that held it closes); an attempt still running is canceled. */
  dispose(): void;
}

let runs = 0;

export const trackedUpload = (
  services: UploadServices,
  request: UploadRequest,
  { id: prefix, text, values, onState, createXhr }: TrackedUploadOptions,
): TrackedUploadHandle => {
  const notifications = services.actors.notifications;
  const base = `${prefix}-${(runs += 1)}`;
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

  /** One attempt: its notification, and the promise its end settles. */
  let attempt: { id: string; resolve: (state: UploadState) => void; lastPercent: number } | null = null;
  let attempts = 0;
  const begin = (): Promise<UploadState> =>
    new Promise<UploadState>((resolve) => {
      attempts += 1;
      const id = attempts === 1 ? base : `${base}-${attempts}`;
      attempt = { id, resolve, lastPercent: -1 };
      services.cancelHandlers.set(id, cancel);
      notifications.send({
        type: 'notification.start',
        id,
        text,
        cancelToken: id,
        kind: 'upload',
        ...(values ? { values } : {}),
      });
    });

  const end = (state: UploadState, fact: 'notification.done' | 'notification.fail' | 'notification.cancel') => {
    const current = attempt;
    if (!current) return;
    attempt = null;
    services.cancelHandlers.delete(current.id);
    notifications.send({ type: fact, id: current.id });
    onState?.(state);
    current.resolve(state);
  };

  const sub = actor.subscribe((snapshot) => {
    const { percentage, failure, result } = snapshot.context;
    if (snapshot.matches('uploading')) {
      if (!attempt || percentage === attempt.lastPercent) return;
      attempt.lastPercent = percentage;
      notifications.send({ type: 'notification.progress', id: attempt.id, percentage });
      onState?.({ status: 'uploading', percentage, failure: null, result: null });
    } else if (snapshot.matches('completed')) {
      end({ status: 'done', percentage: 100, failure: null, result }, 'notification.done');
      sub.unsubscribe();
      actor.stop();
    } else if (snapshot.matches('failed')) {
      end({ status: 'failed', percentage, failure, result: null }, 'notification.fail');
    } else if (snapshot.matches('canceled')) {
      end({ status: 'canceled', percentage, failure: null, result: null }, 'notification.cancel');
    }
  });

  const finished = begin();
  actor.start();
  actor.send({ type: 'upload.start' });

  const retry = (next?: UploadRequest): Promise<UploadState> => {
    const snapshot = actor.getSnapshot();
    if (attempt || !(snapshot.matches('failed') || snapshot.matches('canceled')))
      return Promise.reject(new Error('trackedUpload: only a failed or canceled upload is retried'));
    const ended = begin();
    actor.send({ type: 'upload.start', ...(next ? { request: next } : {}) });
    return ended;
  };

  const dispose = () => {
    if (attempt) cancel();
    sub.unsubscribe();
    actor.stop();
  };

  return { cancel, finished, retry, dispose };
};
