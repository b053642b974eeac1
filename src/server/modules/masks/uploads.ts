/**
 * Reads the multipart body of `POST mask` and `POST mask/preview`: one `json` part decoded with a
 * contract schema, and sample PDFs `pdf-1`, `pdf-2`… each ≤ 10 MB and a PDF by content (mupdf opens
 * it), whatever its name. A bad file is a 400 with its key and `fields: { file: name }`.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Schema } from 'effect';
import { LIMITS } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { MASK_JSON_FIELD, MASK_SAMPLES_MAX, MASK_SAMPLE_FIELD } from '../../../contract/masks.ts';
import { ApiFailure } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';
import { uploadName } from '../../http/input.ts';
import { jsonPartValue } from '../../http/multipart.ts';
import { decodeBody } from '../../http/validate.ts';
import { type PdfInfo, inspectPdf, isPdfProblem, loadMupdf, storablePdf } from '../../pdf/index.ts';

export interface Sample {
  /** 1-based, from the part name `pdf-N`; samples are sorted by it. */
  readonly position: number;
  readonly name: string;
  readonly bytes: Buffer;
  readonly info: PdfInfo;
}

export interface MaskUpload<J> {
  readonly json: J;
  readonly samples: readonly Sample[];
}

/** 400 naming the file: `errors` reads "paie.pdf : Seuls les fichiers PDF sont acceptés." */
export const fileFailure = (key: string, name: string): ApiFailure =>
  new ApiFailure(400, key, frenchText(key), [`${name} : ${frenchText(key)}`], { file: name });

const badBody = (detail: string): ApiFailure => new ApiFailure(400, ERROR_KEYS.badRequest, undefined, [detail]);

function checkedSample(position: number, name: string, bytes: Buffer): Sample {
  try {
    // As every upload: decrypted when only an owner password protected it, cut to `%PDF-`…`%%EOF`.
    const stored = Buffer.from(storablePdf(bytes));
    return { position, name, bytes: stored, info: inspectPdf(stored) };
  } catch (error) {
    if (isPdfProblem(error)) throw fileFailure(error.key, name);
    throw error;
  }
}

export async function readMaskUpload<A, I>(
  req: FastifyRequest,
  schema: Schema.Schema<A, I, never>,
): Promise<MaskUpload<A>> {
  if (typeof req.isMultipart !== 'function' || !req.isMultipart()) throw badBody('multipart/form-data');
  let parsed: unknown;
  let sent = false;
  const samples: Sample[] = [];
  // The first refused file is answered only once the whole body is read: answering mid-upload would
  // leave the browser with a reset connection instead of the 400 that names the file.
  let refused: ApiFailure | null = null;
  const parts = req.parts({ limits: { fileSize: LIMITS.uploadMaxBytes, files: MASK_SAMPLES_MAX, fields: 4 } });
  try {
    await readParts();
  } catch (error) {
    // The size limit is reported again when the iteration ends.
    const e = error as { code?: string; part?: { filename?: string; fieldname?: string } };
    if (e.code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    refused ??= fileFailure(ERROR_KEYS.payloadTooLarge, e.part?.filename || e.part?.fieldname || 'pdf');
  }
  async function readParts(): Promise<void> {
    for await (const part of parts) {
      if (part.fieldname === MASK_JSON_FIELD) {
        sent = true;
        parsed = await jsonPartValue(part).catch(() => {
          throw badBody(MASK_JSON_FIELD);
        });
        continue;
      }
      if (part.type === 'field') continue;
      const name = uploadName(part);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        refused ??= fileFailure(ERROR_KEYS.payloadTooLarge, name);
        continue;
      }
      const match = MASK_SAMPLE_FIELD.exec(part.fieldname);
      if (!match || refused) continue;
      try {
        await loadMupdf();
        samples.push(checkedSample(Number(match[1]), name, bytes));
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        refused = error;
      }
    }
  }
  if (refused) throw refused;
  if (!sent) throw badBody(MASK_JSON_FIELD);
  samples.sort((a, b) => a.position - b.position);
  return { json: decodeBody(schema, parsed), samples };
}
