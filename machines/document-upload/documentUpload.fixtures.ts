/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import { isComplete } from './documentUpload.model.ts';
import type {
  DocumentUploadContext,
  DocumentUploadEvent,
  DocumentUploadEventType,
  DocumentUploadInput,
  SlipUploadState,
} from './documentUpload.types.ts';

type EventOf<T extends DocumentUploadEventType> = Extract<DocumentUploadEvent, { type: T }>;
type Fixtures = { readonly [T in DocumentUploadEventType]: readonly EventOf<T>[] };

export const ORG_PARIS = '0195f3a2-0000-7000-8000-0000000000aa';
/** Two slips at most, so the traversal ends. */
export const PATHS_INPUT: DocumentUploadInput = { maxSlips: 2, orgIds: [ORG_PARIS], defaultOrgId: ORG_PARIS };

const BULLETIN = { name: 'bulletin-mars.pdf', size: 2048 };
const FAKE = { name: 'renamed.pdf', size: 20 };

const uploading: SlipUploadState = { status: 'uploading', percentage: 40, failure: null, documentId: null };
const done: SlipUploadState = { status: 'done', percentage: 100, failure: null, documentId: 'doc-1' };
const failed: SlipUploadState = {
  status: 'failed',
  percentage: 40,
  failure: { key: 'error.network', status: 0 },
  documentId: null,
};
const canceled: SlipUploadState = { status: 'canceled', percentage: 40, failure: null, documentId: null };

/** What makes slip 1 complete (for the employer's safe, no employee needed). */
const COMPLETE = { typeCode: 'NOTE', description: 'Note de service', destination: 'EMPLOYER_SAFE' } as const;

export const documentUploadFixtures = {
  'upload.orgs.known': [{ type: 'upload.orgs.known', orgIds: [ORG_PARIS], defaultOrgId: ORG_PARIS }],
  'upload.types.known': [{ type: 'upload.types.known', codes: ['NOTE', 'PAYSLIP'] }],
  'upload.org.choose': [{ type: 'upload.org.choose', orgId: ORG_PARIS }],
  'upload.files.drop': [{ type: 'upload.files.drop', files: [BULLETIN] }],
  'upload.slip.file.drop': [{ type: 'upload.slip.file.drop', slipId: 'slip-1', file: BULLETIN }],
  'api.files.checked': [
    { type: 'api.files.checked', verdicts: [{ file: BULLETIN, key: null }] },
    {
      type: 'api.files.checked',
      verdicts: [
        { file: FAKE, key: 'error.upload.not-pdf' },
        { file: BULLETIN, key: null },
      ],
    },
  ],
  'upload.slip.add': [{ type: 'upload.slip.add' }],
  'upload.slip.change': [
    { type: 'upload.slip.change', slipId: 'slip-1', changes: COMPLETE },
    { type: 'upload.slip.change', slipId: 'slip-1', changes: { description: '' } },
    { type: 'upload.slip.change', slipId: 'slip-2', changes: COMPLETE },
  ],
  'upload.slip.remove': [
    { type: 'upload.slip.remove', slipId: 'slip-1' },
    { type: 'upload.slip.remove', slipId: 'slip-2' },
  ],
  'upload.send': [{ type: 'upload.send' }],
  'upload.slip.cancel': [{ type: 'upload.slip.cancel', slipId: 'slip-1' }],
  'upload.slip.retry': [{ type: 'upload.slip.retry', slipId: 'slip-1' }],
  'api.slip.progressed': [{ type: 'api.slip.progressed', slipId: 'slip-1', state: uploading }],
  'api.slip.ended': [
    { type: 'api.slip.ended', slipId: 'slip-1', state: done },
    { type: 'api.slip.ended', slipId: 'slip-1', state: failed },
    { type: 'api.slip.ended', slipId: 'slip-1', state: canceled },
  ],
  'upload.close': [{ type: 'upload.close' }],
} satisfies Fixtures;

/** The slips the fixtures name; any other is one of many. */
const named = (id: string | undefined) => (id === 'slip-1' || id === 'slip-2' ? id : id === undefined ? '' : 'other');

/**
 * What tells two snapshots apart for the traversal: what the guards read (each slip by the fixtures'
 * name, complete or not, its upload's status; the drops waiting; the run's head), not the texts.
 */
export const serializeDocumentUpload = (s: AnyMachineSnapshot): string => {
  const c = s.context as DocumentUploadContext;
  return JSON.stringify({
    value: s.value,
    slips: c.slips.map(
      (slip) =>
        `${named(slip.id)}:${slip.file !== null}:${isComplete(slip, c.knownTypes)}:${c.uploads[slip.id]?.status ?? ''}`,
    ),
    drops: Math.min(c.drops.length, 2),
    head: named(c.queue[0]),
    more: c.queue.length > 1,
    closes: c.closeAfter && c.results.every((r) => r === 'done'),
  });
};
