/** Why a PDF is refused: `key` is one of ERROR_KEYS, for callers to turn into `ApiFailure(400, key)`. */
import { ERROR_KEYS } from '../../contract/keys.ts';

export type PdfProblemKey =
  | typeof ERROR_KEYS.notPdf
  | typeof ERROR_KEYS.pdfEncrypted
  | typeof ERROR_KEYS.pdfDamaged
  | typeof ERROR_KEYS.pdfEmpty
  | typeof ERROR_KEYS.pdfCertified
  | typeof ERROR_KEYS.maskZoneOutsidePage;

export class PdfProblem extends Error {
  constructor(
    readonly key: PdfProblemKey,
    detail?: string,
  ) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = 'PdfProblem';
  }
}

export const isPdfProblem = (error: unknown): error is PdfProblem => error instanceof PdfProblem;
