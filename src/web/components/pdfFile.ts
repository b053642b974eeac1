/**
 * The browser's check of a file before it is uploaded (seed 000 §5: PDF only, ≤ 10 MB): a PDF by its
 * first bytes (`%PDF-`), whatever its name; the server checks the whole file again with mupdf. Used by
 * campaign documents, mask samples and a signbook's document.
 */
import { LIMITS } from '../../contract/constants.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';

const MAGIC = '%PDF-';
/** The specification tolerates a little garbage before the header (as the server does). */
const HEAD_BYTES = 1024;

export const hasPdfMagic = (head: Uint8Array): boolean => {
  let text = '';
  for (const byte of head) text += String.fromCharCode(byte);
  return text.includes(MAGIC);
};

/** `null` when acceptable, else the translation key of the refusal. */
export async function refusalOf(file: Pick<Blob, 'size' | 'slice'>): Promise<string | null> {
  if (file.size > LIMITS.uploadMaxBytes) return ERROR_KEYS.payloadTooLarge;
  if (file.size === 0) return ERROR_KEYS.pdfEmpty;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return hasPdfMagic(head) ? null : ERROR_KEYS.notPdf;
}

export const formatSize = (bytes: number, locale: string): string => {
  const mb = bytes / (1024 * 1024);
  const value = mb >= 1 ? mb : bytes / 1024;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${mb >= 1 ? 'Mo' : 'ko'}`;
};
