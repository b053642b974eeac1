/**
 * The creation machine's `submitCampaign` actor: runs one upload machine (XHR transport) for the
 * json part and the files, shows it in the notifications panel (progress, cancel, done/error) and
 * reports `api.creation.*` to the creation machine. Cancelling from the panel or leaving `sending`
 * cancels the upload, which aborts the request.
 */
import { createActor, fromCallback } from 'xstate';
import { type CreationEvent, type SubmitInput, creationFacts } from '../../../../machines/campaign-creation/index.ts';
import { uploadMachine } from '../../../../machines/upload/index.ts';
import type { Services } from '../../app/index.ts';
import { createXhrTransfer, type UploadRequest } from '../../api/xhrUpload.ts';

export const UPLOAD_NOTIFICATION_KEY = 'campaignCreate.upload.notification';

export interface SubmitDeps {
  readonly services: Pick<Services, 'bus' | 'sessionStore' | 'cancelHandlers'> & {
    readonly actors: Pick<Services['actors'], 'notifications'>;
  };
  /** The files the page accepted, by the ids the machine holds. */
  readonly fileOf: (id: string) => File | undefined;
  readonly baseUrl?: string;
  /** Tests pass a scripted XMLHttpRequest. */
  readonly createXhr?: () => XMLHttpRequest;
}

export const buildFormData = (input: SubmitInput, fileOf: (id: string) => Blob | undefined): FormData => {
  const form = new FormData();
  form.append('json', JSON.stringify(input.json));
  input.documentIds.forEach((id, index) => {
    const file = fileOf(id);
    const name = input.json.files?.[index]?.name ?? (file instanceof File ? file.name : `document-${index + 1}.pdf`);
    if (file) form.append('files', file, name);
  });
  return form;
};

let uploads = 0;

export const createSubmitCampaign = (deps: SubmitDeps) =>
  fromCallback<CreationEvent, SubmitInput>(({ input, sendBack }) => {
    const { services } = deps;
    const notifications = services.actors.notifications;
    const id = `campaign-upload-${Date.now()}-${(uploads += 1)}`;
    const request: UploadRequest = { routeId: input.routeId, formData: buildFormData(input, deps.fileOf) };
    const upload = createActor(
      uploadMachine.provide({
        actors: {
          transfer: createXhrTransfer({
            sessionStore: services.sessionStore,
            bus: services.bus,
            ...(deps.baseUrl ? { baseUrl: deps.baseUrl } : {}),
            ...(deps.createXhr ? { createXhr: deps.createXhr } : {}),
          }),
        },
      }),
      { input: { request } },
    );
    services.cancelHandlers.set(id, () => upload.send({ type: 'upload.cancel' }));
    notifications.send({
      type: 'notification.start',
      id,
      text: UPLOAD_NOTIFICATION_KEY,
      cancelToken: id,
      kind: 'upload',
      values: { name: input.name },
    });
    let lastPercent = -1;
    let finished = false;
    const sub = upload.subscribe((snapshot) => {
      const { percentage, uploadCompleted } = snapshot.context;
      if (snapshot.matches('uploading') && percentage !== lastPercent) {
        lastPercent = percentage;
        notifications.send({ type: 'notification.progress', id, percentage });
        sendBack(creationFacts.progressed(percentage, uploadCompleted));
      }
      if (finished) return;
      if (snapshot.matches('completed')) {
        finished = true;
        services.cancelHandlers.delete(id);
        notifications.send({ type: 'notification.done', id });
        sendBack(creationFacts.succeeded(snapshot.context.result as { id: string }));
      } else if (snapshot.matches('failed')) {
        finished = true;
        services.cancelHandlers.delete(id);
        notifications.send({ type: 'notification.fail', id });
        sendBack(creationFacts.failed(snapshot.context.failure));
      } else if (snapshot.matches('canceled')) {
        finished = true;
        services.cancelHandlers.delete(id);
        // From the panel the notification is already canceled; from the page, this marks it.
        notifications.send({ type: 'notification.cancel', id });
        sendBack(creationFacts.canceled());
      }
    });
    upload.start();
    upload.send({ type: 'upload.start' });
    return () => {
      sub.unsubscribe();
      if (!finished) {
        services.cancelHandlers.delete(id);
        upload.send({ type: 'upload.cancel' });
        notifications.send({ type: 'notification.cancel', id });
      }
      upload.stop();
    };
  });
