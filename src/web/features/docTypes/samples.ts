/**
 * Sample PDFs of the mask editor: checked in the browser first as the server would (≤ 10 MB, a PDF by
 * its content whatever its name, opened with pdf.js: damaged, encrypted or empty is refused with the
 * server's key) — the server checks again with mupdf — and sent as multipart parts `pdf-N`.
 */
import { refusalOf } from '../../components/pdfFile.ts';

/** The json part's name (contract/masks.ts MASK_JSON_FIELD; not imported: it would bring Effect Schema along). */
const JSON_FIELD = 'json';

/** contract/masks.ts MASK_SAMPLES_MAX. */
export const MAX_SAMPLES = 10;

export interface SampleFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** The error key refusing a picked file, or the sample to send. */
export async function checkSample(file: File): Promise<{ key: string } | { sample: SampleFile }> {
  const key = await refusalOf(file);
  if (key) return { key };
  return { sample: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } };
}

/** The multipart body of `POST mask` and `POST mask/preview`. */
export function maskFormData(json: unknown, samples: readonly SampleFile[]): FormData {
  const form = new FormData();
  form.append(JSON_FIELD, JSON.stringify(json));
  samples.forEach((s, i) => {
    form.append(`pdf-${i + 1}`, new Blob([new Uint8Array(s.bytes)], { type: 'application/pdf' }), s.name);
  });
  return form;
}
