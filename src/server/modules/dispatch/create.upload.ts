/**
 * Reads a campaign creation upload: the `json` part and the PDF files. Each file is streamed with a
 * byte cap (a file over the limit is drained, never buffered whole) and checked by its content with
 * `inspectPdf`, whatever its name says. Every refusal is a 400 naming the file in `fields.file`.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';
import { uploadName } from '../../http/input.ts';
import { jsonPartValue } from '../../http/multipart.ts';
import { PdfProblem } from '../../pdf/problem.ts';
import { checkPdfInWorker } from '../../pdf/worker/calls.ts';

/** The multipart field holding the creation json (seed 001 §7.2). */
export const JSON_FIELD = 'json';
/** More files than this in one campaign is refused (a malformed or hostile upload). */
export const MAX_FILES = 20;

export interface UploadedPdf {
  readonly name: string;
  readonly bytes: Buffer;
  readonly pages: number;
}

export interface CreationUpload {
  readonly json: unknown;
  readonly files: readonly UploadedPdf[];
}

/** 400 with the French text (as every upload's refusal: a client of the API alone reads why) and the file's name. */
const fileFailure = (key: string, name: string): ApiFailure =>
  new ApiFailure(400, key, frenchText(key), [name], { file: name });

const tooLarge = (name: string): ApiFailure => fileFailure(ERROR_KEYS.payloadTooLarge, name);

/**
 * The bytes to store (decrypted when only an owner password protected them) and their page count,
 * checked in the PDF worker thread (a 2,000-page file takes ~0.5 s of mupdf; the API goes on meanwhile).
 */
export async function checkPdf(name: string, bytes: Uint8Array): Promise<{ bytes: Buffer; pages: number }> {
  if (bytes.byteLength > LIMITS.uploadMaxBytes) throw tooLarge(name);
  try {
    return await checkPdfInWorker(bytes);
  } catch (error) {
    if (error instanceof PdfProblem) throw fileFailure(error.key, name);
    throw fileFailure(ERROR_KEYS.pdfDamaged, name);
  }
}

async function readCapped(stream: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > LIMITS.uploadMaxBytes) over = true;
    if (!over) chunks.push(chunk);
  }
  return over || stream.truncated ? null : Buffer.concat(chunks);
}

export async function readCreationUpload(req: FastifyRequest): Promise<CreationUpload> {
  if (typeof req.isMultipart !== 'function' || !req.isMultipart())
    throw new ApiFailure(400, ERROR_KEYS.badRequest, undefined, undefined, { json: ERROR_KEYS.badRequest });
  let json: unknown;
  const files: UploadedPdf[] = [];
  let refused: ApiFailure | null = null;
  // The multipart limit sits one byte over ours so that our own check decides, with the file's name.
  const options = { limits: { fileSize: LIMITS.uploadMaxBytes + 1, files: MAX_FILES + 1 }, throwFileSizeLimit: false };
  const parts = req.parts(options as Parameters<typeof req.parts>[0]);
  try {
    for await (const part of parts) {
      if (part.fieldname === JSON_FIELD) {
        json = await jsonPartValue(part).catch(() => {
          throw new ApiFailure(400, ERROR_KEYS.badRequest, undefined, undefined, { json: ERROR_KEYS.badRequest });
        });
        continue;
      }
      if (part.type === 'field') continue;
      const name = uploadName(part);
      const bytes = await readCapped(part.file);
      // Later parts are still read to the end, so the answer reaches the browser (no broken pipe).
      if (refused) continue;
      if (bytes === null) refused = tooLarge(name);
      else if (files.length >= MAX_FILES) refused = new ApiFailure(400, ERROR_KEYS.badRequest);
      else {
        try {
          files.push({ name, ...(await checkPdf(name, bytes)) });
        } catch (error) {
          if (!(error instanceof ApiFailure)) throw error;
          refused = error;
        }
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const part = (error as { part?: { filename?: string } }).part;
      throw tooLarge(part?.filename ?? '');
    }
    if (error instanceof ApiFailure) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new ApiFailure(400, ERROR_KEYS.badRequest);
    throw error;
  }
  if (refused) throw refused;
  if (json === undefined)
    throw new ApiFailure(400, ERROR_KEYS.badRequest, undefined, undefined, { json: ERROR_KEYS.badRequest });
  return { json, files };
}
