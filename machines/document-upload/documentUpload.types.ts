/**
 * Context, events and input of the « Déposer des documents » dialog (seed 000 §5, issue 14): the
 * organisation, one slip per PDF, the refusals at drop, the sending run and each slip's upload.
 */
import type { DocumentDestination } from '../../src/contract/documents.ts';

/** A dropped file as the machine knows it; the web's ports hold it as the browser's `File`. */
export interface SlipFile {
  readonly name: string;
  readonly size: number;
}

export interface SlipEmployee {
  readonly id: string;
  readonly label: string;
}

export interface SlipDraft {
  readonly id: string;
  readonly file: SlipFile | null;
  readonly typeCode: string;
  readonly description: string;
  readonly destination: DocumentDestination;
  readonly employee: SlipEmployee | null;
  /** `YYYY-MM-DD` or ''. */
  readonly periodStart: string;
  readonly periodEnd: string;
}

/** What the user edits on a slip (its id is the machine's). */
export type SlipChanges = Partial<Omit<SlipDraft, 'id'>>;

export type SlipField = 'file' | 'typeCode' | 'description' | 'employee' | 'period';
export type SlipErrors = Partial<Record<SlipField, string>>;

export type SlipUploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'canceled';

export interface SlipUploadFailure {
  /** Translation key (`error.upload.*`, `error.network`, …) from the server or the transport. */
  readonly key: string;
  readonly status: number;
  readonly message?: string;
  readonly errors?: readonly string[];
  readonly fields?: Readonly<Record<string, string>>;
}

export interface SlipUploadState {
  readonly status: SlipUploadStatus;
  readonly percentage: number;
  readonly failure: SlipUploadFailure | null;
  /** The stored document, once done. */
  readonly documentId: string | null;
}

/** A file refused at drop: its name and the translation key of the reason. */
export interface Refusal {
  readonly name: string;
  readonly key: string;
}

/** One drop waiting for its check: new slips (`into` null) or the file of slip `into`. */
export interface Drop {
  readonly files: readonly SlipFile[];
  readonly into: string | null;
}

/** The check's verdict on one file: `key` null when accepted. */
export interface Verdict {
  readonly file: SlipFile;
  readonly key: string | null;
}

export interface DocumentUploadContext {
  /** Most slips one dialog holds (DOCUMENT_UPLOAD_MAX_SLIPS). */
  readonly maxSlips: number;
  /** The organisations offered, and the session's one (chosen unless the user chose another). */
  readonly orgIds: readonly string[];
  readonly defaultOrgId: string;
  readonly chosenOrg: string | null;
  /** The organisation's document type codes; empty while unknown (any type then). */
  readonly knownTypes: readonly string[];
  readonly slips: readonly SlipDraft[];
  /** Numbers the next slip (`slip-1`, `slip-2`, …). */
  readonly nextSlip: number;
  readonly refusals: readonly Refusal[];
  /** Drops waiting for the PDF check, first being checked. */
  readonly drops: readonly Drop[];
  readonly uploads: Readonly<Record<string, SlipUploadState>>;
  /** The user tried to send: errors are shown. */
  readonly showErrors: boolean;
  /** The run's slips still to send, the one being sent first. */
  readonly queue: readonly string[];
  /** The run's ended uploads. */
  readonly results: readonly SlipUploadStatus[];
  /** The dialog closes once every slip of the run is stored (« Déposer » with no slip left behind). */
  readonly closeAfter: boolean;
}

export interface DocumentUploadInput {
  readonly maxSlips?: number;
  readonly orgIds?: readonly string[];
  readonly defaultOrgId?: string;
}

export type DocumentUploadEvent =
  | { readonly type: 'upload.orgs.known'; readonly orgIds: readonly string[]; readonly defaultOrgId: string }
  | { readonly type: 'upload.types.known'; readonly codes: readonly string[] }
  | { readonly type: 'upload.org.choose'; readonly orgId: string }
  | { readonly type: 'upload.files.drop'; readonly files: readonly SlipFile[] }
  | { readonly type: 'upload.slip.file.drop'; readonly slipId: string; readonly file: SlipFile }
  | { readonly type: 'api.files.checked'; readonly verdicts: readonly Verdict[] }
  | { readonly type: 'upload.slip.add' }
  | { readonly type: 'upload.slip.change'; readonly slipId: string; readonly changes: SlipChanges }
  | { readonly type: 'upload.slip.remove'; readonly slipId: string }
  | { readonly type: 'upload.send' }
  | { readonly type: 'upload.slip.cancel'; readonly slipId: string }
  | { readonly type: 'upload.slip.retry'; readonly slipId: string }
  | { readonly type: 'api.slip.progressed'; readonly slipId: string; readonly state: SlipUploadState }
  | { readonly type: 'api.slip.ended'; readonly slipId: string; readonly state: SlipUploadState }
  | { readonly type: 'upload.close' };
export type DocumentUploadEventType = DocumentUploadEvent['type'];

/** What the `checkFiles` actor receives. */
export interface CheckFilesInput {
  readonly files: readonly SlipFile[];
}

/** What the `sendSlip` actor receives: the slip as it now reads, for the organisation chosen. */
export interface SendSlipInput {
  readonly organizationId: string;
  readonly slip: SlipDraft;
}

/** Sent to the running `sendSlip` actor. */
export type SendSlipCommand = { readonly type: 'upload.slip.cancel' };

export type DocumentUploadEmitted =
  /** A run ended: how many slips were stored, how many failed. */
  | { readonly type: 'upload.finished'; readonly done: number; readonly failed: number }
  /** A slip was removed: its upload (if any) ends. */
  | { readonly type: 'upload.slip.removed'; readonly slipId: string }
  /** The slips are forgotten: every upload ends. */
  | { readonly type: 'upload.reset' }
  /** The dialog asks to be closed. */
  | { readonly type: 'upload.closed' };
