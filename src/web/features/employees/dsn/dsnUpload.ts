/**
 * The DSN machine's upload port: the file sent to `employees.dsn` (field `dsn`) by the shared upload
 * machine through `app/trackedUpload.ts` (XHR transport, progress and cancel in the notifications panel).
 */
import type { DsnFile, DsnUploadPort } from '../../../../../machines/dsn-import/index.ts';
import { trackedUpload, type UploadServices } from '../../../app/trackedUpload.ts';

export const DSN_NOTIFICATION_KEY = 'dsn.notification.upload';

export const buildDsnForm = (file: Blob, name: string): FormData => {
  const formData = new FormData();
  formData.append('dsn', file, name);
  return formData;
};

/** `bytesOf` gives the chosen file's bytes (the machine knows only its name and size). */
export const createDsnUpload = (
  services: UploadServices,
  bytesOf: (file: DsnFile) => Blob | null,
  createXhr?: () => XMLHttpRequest,
): DsnUploadPort => ({
  start: (file, onProgress) => {
    const bytes = bytesOf(file);
    const upload = trackedUpload(
      services,
      { routeId: 'employees.dsn', formData: buildDsnForm(bytes ?? new Blob([]), file.name) },
      {
        id: 'dsn-upload',
        text: DSN_NOTIFICATION_KEY,
        onState: (state) => {
          if (state.status === 'uploading') onProgress(state.percentage);
        },
        ...(createXhr ? { createXhr } : {}),
      },
    );
    return {
      // The DSN dialog's own machine starts a new import after a failure: this upload ends with its attempt.
      finished: upload.finished.then((state) => {
        upload.dispose();
        return state.status === 'done'
          ? { status: 'done' as const, result: state.result }
          : state.status === 'failed'
            ? { status: 'failed' as const, failure: state.failure }
            : { status: 'canceled' as const };
      }),
    };
  },
});
