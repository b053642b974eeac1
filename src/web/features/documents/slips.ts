/**
 * The upload's slips (seed 000 §5): one PDF per slip, each with its document type, description,
 * destination, employee (required for the employee's safe) and optional period. A slip is complete
 * when nothing is missing; an incomplete LAST slip is left behind (not uploaded), while an incomplete
 * slip before it blocks the upload until it is completed or removed.
 */
import type { DocumentDestination, UploadDocumentsBody, UploadSlip } from '../../../contract/documents.ts';
import { MAX_LENGTH } from '../../../contract/constants.ts';

export interface SlipEmployee {
  readonly id: string;
  readonly label: string;
}

export interface SlipDraft {
  readonly id: string;
  readonly file: File | null;
  readonly typeCode: string;
  readonly description: string;
  readonly destination: DocumentDestination;
  readonly employee: SlipEmployee | null;
  /** `YYYY-MM-DD` or ''. */
  readonly periodStart: string;
  readonly periodEnd: string;
}

export type SlipField = 'file' | 'typeCode' | 'description' | 'employee' | 'period';
export type SlipErrors = Partial<Record<SlipField, string>>;

export const SLIP_ERROR_KEYS = {
  file: 'documents.upload.errors.fileRequired',
  typeCode: 'documents.upload.errors.typeRequired',
  description: 'documents.upload.errors.descriptionRequired',
  descriptionTooLong: 'documents.upload.errors.descriptionTooLong',
  employee: 'documents.upload.errors.employeeRequired',
  period: 'documents.upload.errors.periodInverted',
  organization: 'documents.upload.errors.organizationRequired',
} as const;

let counter = 0;
export const newSlipId = (): string => `slip-${Date.now().toString(36)}-${(counter += 1)}`;

/** A slip for a dropped file: its name (without `.pdf`) as a first description. */
export const slipForFile = (file: File | null, defaults: Partial<SlipDraft> = {}): SlipDraft => ({
  id: newSlipId(),
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

/** The contract's slip (seed 001 §7.3): the file travels beside it, in a part named by the slip's id. */
export const toUploadSlip = (slip: SlipDraft): UploadSlip => ({
  id: slip.id,
  typeCode: slip.typeCode,
  description: slip.description.trim(),
  destination: slip.destination,
  employeeId: slip.destination === 'EMPLOYEE_SAFE' ? (slip.employee?.id ?? null) : null,
  ...(slip.periodStart ? { periodStart: slip.periodStart } : {}),
  ...(slip.periodEnd ? { periodEnd: slip.periodEnd } : {}),
});

/**
 * The multipart of one upload call: the json part `data` first (an `UploadDocumentsBody`), then one
 * file part per slip, named by the slip's id, labelled `{typeCode}:{description}`.
 */
export const buildUploadForm = (organizationId: string, slips: readonly SlipDraft[]): FormData => {
  const body: UploadDocumentsBody = { organizationId, slips: slips.map(toUploadSlip) };
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  for (const slip of slips) {
    if (slip.file) form.append(slip.id, slip.file, `${slip.typeCode}:${slip.description.trim()}`);
  }
  return form;
};
