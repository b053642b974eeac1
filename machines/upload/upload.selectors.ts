/** Snapshot → what the views need. */
import type { SnapshotFrom } from 'xstate';
import type { UploadMachine } from './upload.machine.ts';

export type UploadSnapshot = SnapshotFrom<UploadMachine>;

export const selectUpload = (s: UploadSnapshot) => ({
  percentage: s.context.percentage,
  uploadCompleted: s.context.uploadCompleted,
  isUploading: s.matches('uploading'),
  isCompleted: s.matches('completed'),
  isFailed: s.matches('failed'),
  isCanceled: s.matches('canceled'),
  canCancel: s.can({ type: 'upload.cancel' }),
  canStart: s.can({ type: 'upload.start' }),
  result: s.context.result,
  failure: s.context.failure,
});
export type UploadView = ReturnType<typeof selectUpload>;
