/**
 * The documents' files (seed 001 §7.3): the zip of a selection or of a filter (`documents.zip`,
 * followed in the notifications panel, cancellable), a document's PDF, and its deposit certificate
 * (`attestation_{fileName}`).
 */
import type { DocumentArchiveBody, DocumentSummary } from '../../../contract/documents.ts';
import type { Services } from '../../app/index.ts';
import { saveBlob } from '../../components/saveBlob.ts';

export const ARCHIVE_FILE_NAME = 'documents.zip';
export const ARCHIVE_NOTIFICATION_KEY = 'documents.archive.notification';
export const ARCHIVE_NOTIFICATION_MANY_KEY = 'documents.archive.notificationMany';

/** The certificate's file name (seed 000 §9: `attestation_{filename}.pdf`). */
export const attestationFileName = (fileName: string): string =>
  `attestation_${/\.pdf$/i.test(fileName) ? fileName : `${fileName}.pdf`}`;

export const pdfFileName = (doc: Pick<DocumentSummary, 'fileName' | 'description'>): string =>
  doc.fileName || `${doc.description}.pdf`;

let archives = 0;

/**
 * Builds the zip on the server and saves it. Progress is the share of bytes received, against the
 * answer's length when the server sends it, else its `x-document-bytes` (the files' sizes added up:
 * the zip is streamed, its length unknown), else `expectedBytes` (the selected rows' sizes).
 * Resolves `true` once saved, `false` when cancelled; rejects with the API failure.
 */
export const downloadArchive = async (
  services: Pick<Services, 'api' | 'cancelHandlers'> & { actors: Pick<Services['actors'], 'notifications'> },
  body: DocumentArchiveBody,
  count: number,
  expectedBytes: number | null,
  /** `count` is the list's cap and the filter finds more (the notification says « plus de »). */
  atLeast = false,
): Promise<boolean> => {
  const notifications = services.actors.notifications;
  const id = `documents-archive-${Date.now()}-${(archives += 1)}`;
  const controller = new AbortController();
  services.cancelHandlers.set(id, () => controller.abort());
  notifications.send({
    type: 'notification.start',
    id,
    text: atLeast ? ARCHIVE_NOTIFICATION_MANY_KEY : ARCHIVE_NOTIFICATION_KEY,
    cancelToken: id,
    kind: 'download',
    values: { count },
  });
  let last = -1;
  try {
    const blob = await services.api.call<Blob>('documents.archive', {
      body,
      signal: controller.signal,
      progressTotalHeader: 'x-document-bytes',
      onProgress: (loaded, total) => {
        const of = total ?? expectedBytes;
        if (!of) return;
        const percentage = Math.min(99, Math.floor((loaded / of) * 100));
        if (percentage === last) return;
        last = percentage;
        notifications.send({ type: 'notification.progress', id, percentage });
      },
    });
    services.cancelHandlers.delete(id);
    notifications.send({ type: 'notification.progress', id, percentage: 100 });
    notifications.send({ type: 'notification.done', id });
    saveBlob(blob, ARCHIVE_FILE_NAME);
    return true;
  } catch (failure) {
    services.cancelHandlers.delete(id);
    if (controller.signal.aborted) {
      notifications.send({ type: 'notification.cancel', id });
      return false;
    }
    notifications.send({ type: 'notification.fail', id });
    throw failure;
  }
};
