/**
 * The browser's check of a file when it is dropped or picked (seed 000 §5: PDF only, ≤ 10 MB): a PDF by
 * its first bytes (`%PDF-`), whatever its name, then opened with pdf.js for the server's own verdict
 * (pdfCheck.ts: damaged, encrypted, empty, and for a signbook's document certified — the same key the
 * server would answer); the server checks
 * the file again with mupdf. Used by campaign documents, mask samples, deposited documents and a
 * signbook's document.
 */
import { LIMITS } from '../../contract/constants.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import {
  type PdfCheckOptions,
  type PdfLibLike,
  type PdfjsLike,
  certificationProblem,
  pdfProblemOf,
  structureProblem,
} from './pdfCheck.ts';
import { loadPdfjs } from './pdfjs.ts';

const MAGIC = '%PDF-';
/** The specification tolerates a little garbage before the header (as the server does). */
const HEAD_BYTES = 1024;

export const hasPdfMagic = (head: Uint8Array): boolean => {
  let text = '';
  for (const byte of head) text += String.fromCharCode(byte);
  return text.includes(MAGIC);
};

export interface RefusalOptions extends PdfCheckOptions {
  /** pdf.js for the full check; the browser's lazy load by default (tests pass its Node build). */
  readonly pdfjs?: () => Promise<PdfjsLike>;
  /** pdf-lib for the seal's check (`sealable`); a lazy chunk of its own by default. */
  readonly pdflib?: () => Promise<PdfLibLike>;
}

const loadPdfLib = (): Promise<PdfLibLike> => import('pdf-lib');

/** `null` when acceptable, else the translation key of the refusal. */
export async function refusalOf(
  file: Pick<Blob, 'size' | 'slice' | 'arrayBuffer'>,
  { pdfjs = loadPdfjs, pdflib = loadPdfLib, ...options }: RefusalOptions = {},
): Promise<string | null> {
  if (file.size > LIMITS.uploadMaxBytes) return ERROR_KEYS.payloadTooLarge;
  if (file.size === 0) return ERROR_KEYS.pdfEmpty;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (!hasPdfMagic(head)) return ERROR_KEYS.notPdf;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const structure = structureProblem(bytes);
  if (structure) return structure;
  let reader: PdfjsLike;
  try {
    reader = await pdfjs();
  } catch {
    return null; // pdf.js could not be loaded (offline, a stale build): the server still checks the file
  }
  const problem = await pdfProblemOf(bytes, reader, options);
  if (problem || !options.sealable) return problem;
  try {
    return await certificationProblem(bytes, await pdflib());
  } catch {
    return null; // pdf-lib could not be loaded: the server still checks the file
  }
}

export const formatSize = (bytes: number, locale: string): string => {
  const mb = bytes / (1024 * 1024);
  const value = mb >= 1 ? mb : bytes / 1024;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${mb >= 1 ? 'Mo' : 'ko'}`;
};
