/**
 * The slips' rules (seed 000 §5): one PDF per slip, each with its document type, description,
 * destination, employee (required for the employee's safe) and optional period. A slip is complete
 * when nothing is missing; an incomplete LAST slip is left behind (not uploaded), while an incomplete
 * slip before it blocks the upload until it is completed or removed.
 */
import { MAX_LENGTH } from '../../src/contract/constants.ts';
import type {
  DocumentUploadContext,
  SlipDraft,
  SlipErrors,
  SlipFile,
  SlipUploadState,
} from './documentUpload.types.ts';

export const SLIP_ERROR_KEYS = {
  file: 'documents.upload.errors.fileRequired',
  typeCode: 'documents.upload.errors.typeRequired',
  description: 'documents.upload.errors.descriptionRequired',
  descriptionTooLong: 'documents.upload.errors.descriptionTooLong',
  employee: 'documents.upload.errors.employeeRequired',
  period: 'documents.upload.errors.periodInverted',
  organization: 'documents.upload.errors.organizationRequired',
} as const;

/** Refused at drop: the dialog holds no more slips. */
export const TOO_MANY_SLIPS = 'documents.upload.errors.tooManySlips';

/** A slip for a dropped file: its name (without `.pdf`) as a first description. */
export const slipFor = (id: string, file: SlipFile | null, defaults: Partial<SlipDraft> = {}): SlipDraft => ({
  id,
  file,
  typeCode: '',
  description: file ? file.name.replace(/\.pdf$/i, '').slice(0, MAX_LENGTH.text) : '',
  destination: 'EMPLOYEE_SAFE',
  employee: null,
  periodStart: '',
  periodEnd: '',
  ...defaults,
});

/** What is missing or wrong in a slip, by field, as translation keys. `knownTypes` empty: any type. */
export const slipErrors = (slip: SlipDraft, knownTypes: readonly string[] = []): SlipErrors => {
  const errors: SlipErrors = {};
  if (!slip.file) errors.file = SLIP_ERROR_KEYS.file;
  if (!slip.typeCode || (knownTypes.length > 0 && !knownTypes.includes(slip.typeCode)))
    errors.typeCode = SLIP_ERROR_KEYS.typeCode;
  if (!slip.description.trim()) errors.description = SLIP_ERROR_KEYS.description;
  else if (slip.description.trim().length > MAX_LENGTH.text) errors.description = SLIP_ERROR_KEYS.descriptionTooLong;
  if (slip.destination === 'EMPLOYEE_SAFE' && !slip.employee) errors.employee = SLIP_ERROR_KEYS.employee;
  if (slip.periodStart && slip.periodEnd && slip.periodEnd < slip.periodStart) errors.period = SLIP_ERROR_KEYS.period;
  return errors;
};

export const isComplete = (slip: SlipDraft, knownTypes: readonly string[] = []): boolean =>
  Object.keys(slipErrors(slip, knownTypes)).length === 0;

export interface UploadPlan {
  /** Complete slips, in order. */
  readonly toSend: readonly SlipDraft[];
  /** The last slip is incomplete and stays behind. */
  readonly lastLeftBehind: SlipDraft | null;
  /** Incomplete slips before the last: the upload waits until they are fixed or removed. */
  readonly blocking: readonly SlipDraft[];
}

export const planUpload = (slips: readonly SlipDraft[], knownTypes: readonly string[] = []): UploadPlan => {
  const last = slips.at(-1);
  const lastLeftBehind = last && !isComplete(last, knownTypes) ? last : null;
  const considered = lastLeftBehind ? slips.slice(0, -1) : slips;
  return {
    toSend: considered.filter((s) => isComplete(s, knownTypes)),
    lastLeftBehind,
    blocking: considered.filter((s) => !isComplete(s, knownTypes)),
  };
};

/** The organisation the slips go to: the one chosen, else the session's if offered, else the first offered. */
export const orgOf = (c: Pick<DocumentUploadContext, 'chosenOrg' | 'orgIds' | 'defaultOrgId'>): string =>
  c.chosenOrg ?? (c.orgIds.includes(c.defaultOrgId) ? c.defaultOrgId : (c.orgIds[0] ?? c.defaultOrgId));

/** Slips not stored yet. */
export const pendingOf = (c: Pick<DocumentUploadContext, 'slips' | 'uploads'>): readonly SlipDraft[] =>
  c.slips.filter((s) => c.uploads[s.id]?.status !== 'done');

export const planOf = (c: DocumentUploadContext): UploadPlan => planUpload(pendingOf(c), c.knownTypes);

/** A slip being sent or stored: its file and fields are kept as they are. */
export const isLocked = (upload: SlipUploadState | undefined): boolean =>
  upload !== undefined && upload.status !== 'failed' && upload.status !== 'canceled';

export const QUEUED: SlipUploadState = { status: 'queued', percentage: 0, failure: null, documentId: null };
