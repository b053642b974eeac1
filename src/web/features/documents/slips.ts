/**
 * The upload's slips (seed 000 §5): their rules (complete, left behind, blocking) are the dialog
 * machine's (machines/document-upload); here what the browser adds: a slip for a `File`, and the
 * multipart sent for it.
 */
import type { UploadDocumentsBody, UploadSlip } from '../../../contract/documents.ts';
import { type SlipDraft, slipFor } from '../../../../machines/document-upload/index.ts';

export {
  isComplete,
  planUpload,
  SLIP_ERROR_KEYS,
  slipErrors,
  type SlipDraft,
  type SlipEmployee,
  type SlipErrors,
  type SlipField,
  type UploadPlan,
} from '../../../../machines/document-upload/index.ts';

let counter = 0;
export const newSlipId = (): string => `slip-${Date.now().toString(36)}-${(counter += 1)}`;

/** A slip for a dropped file: its name (without `.pdf`) as a first description. */
export const slipForFile = (file: File | null, defaults: Partial<SlipDraft> = {}): SlipDraft =>
  slipFor(newSlipId(), file, defaults);

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
    if (slip.file instanceof Blob) form.append(slip.id, slip.file, `${slip.typeCode}:${slip.description.trim()}`);
  }
  return form;
};
