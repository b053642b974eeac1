/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import type { UploadEvent, UploadEventType, UploadInput } from './upload.types.ts';

type EventOf<T extends UploadEventType> = Extract<UploadEvent, { type: T }>;
type Fixtures = { readonly [T in UploadEventType]: readonly EventOf<T>[] };

export const UPLOAD_INPUT: UploadInput = { request: { routeId: 'campaigns.create' } };

export const uploadFixtures = {
  'upload.start': [{ type: 'upload.start' }],
  'upload.cancel': [{ type: 'upload.cancel' }],
  'transfer.progressed': [
    { type: 'transfer.progressed', loaded: 512, total: 2048 },
    { type: 'transfer.progressed', loaded: 2048, total: 2048 },
  ],
  'transfer.succeeded': [{ type: 'transfer.succeeded', result: { id: 'campaign-1' } }],
  'transfer.failed': [
    { type: 'transfer.failed', failure: { key: 'error.upload.not-pdf', status: 400, fields: { file: 'a.pdf' } } },
  ],
} satisfies Fixtures;
