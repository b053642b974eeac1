/**
 * Reads `POST /doc/upload` (multipart, seed 001 §7.3): one file part per slip, named by the slip's
 * id, and the json part `data` (`UploadDocumentsBody`). Each file is read with a byte cap (a file
 * over 10 MB is drained, never buffered whole) and checked by its content, whatever its name says.
 * Every refusal is a 400 whose `fields` name the slip (`{ [slipId]: key }`), so the screen marks it.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, DOCUMENT_UPLOAD_MAX_SLIPS, UploadDocumentsBody } from '../../../contract/documents.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';
import { uploadName } from '../../http/input.ts';
import { jsonPartValue } from '../../http/multipart.ts';
import { decodeBody } from '../../http/validate.ts';
import { PdfProblem, inspectPdf, loadMupdf, storablePdf } from '../../pdf/index.ts';

/** The json part's field name. */
export const UPLOAD_DATA_FIELD = 'data';

export interface UploadedFile {
  readonly name: string;
  readonly bytes: Buffer;
  readonly pages: number;
}

export interface DocumentsUpload {
  readonly body: UploadDocumentsBody;
  /** Slip id → its checked file. */
  readonly files: ReadonlyMap<string, UploadedFile>;
}

export const slipFailure = (key: string, slipId: string, status = 400): ApiFailure =>
  new ApiFailure(status, key, frenchText(key), [`${slipId} : ${frenchText(key)}`], { [slipId]: key });
const badBody = (field: string): ApiFailure =>
  new ApiFailure(400, ERROR_KEYS.badRequest, undefined, [field], { [field]: ERROR_KEYS.badRequest });

/** More slips or files than one deposit holds: said in words, with the field the form shows it on. */
const tooManySlips = (): ApiFailure =>
  new ApiFailure(400, ERROR_KEYS.documentTooManySlips, frenchText(ERROR_KEYS.documentTooManySlips), undefined, {
    slips: ERROR_KEYS.documentTooManySlips,
  });

async function readCapped(stream: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size <= DOCUMENT_MAX_BYTES) chunks.push(chunk);
  }
  return size > DOCUMENT_MAX_BYTES || stream.truncated ? null : Buffer.concat(chunks);
}

/** Required fields the schema would only call « invalid »: named with their own key first. */
function checkRequired(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) throw badBody(UPLOAD_DATA_FIELD);
  const data = raw as { organizationId?: unknown; slips?: unknown };
  if (typeof data.organizationId !== 'string' || data.organizationId.trim() === '')
    throw new ApiFailure(
      400,
      ERROR_KEYS.documentOrganizationRequired,
      frenchText(ERROR_KEYS.documentOrganizationRequired),
      undefined,
      {
        organizationId: ERROR_KEYS.documentOrganizationRequired,
      },
    );
  if (!Array.isArray(data.slips)) return;
  if (data.slips.length > DOCUMENT_UPLOAD_MAX_SLIPS) throw tooManySlips();
  for (const slip of data.slips as unknown[]) {
    if (typeof slip !== 'object' || slip === null) continue;
    const { id, typeCode } = slip as { id?: unknown; typeCode?: unknown };
    if (typeof typeCode !== 'string' || typeCode.trim() === '')
      throw slipFailure(ERROR_KEYS.documentTypeRequired, typeof id === 'string' ? id : 'typeCode');
  }
}

export async function readDocumentsUpload(req: FastifyRequest): Promise<DocumentsUpload> {
  if (typeof req.isMultipart !== 'function' || !req.isMultipart()) throw badBody(UPLOAD_DATA_FIELD);
  let raw: unknown;
  let sent = false;
  const received = new Map<string, { name: string; bytes: Buffer | null }>();
  // The multipart limit sits over ours so that our own check decides, naming the slip.
  const options = {
    limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: DOCUMENT_UPLOAD_MAX_SLIPS + 1, fields: 4 },
    throwFileSizeLimit: false,
  };
  try {
    for await (const part of req.parts(options as Parameters<typeof req.parts>[0])) {
      if (part.fieldname === UPLOAD_DATA_FIELD) {
        sent = true;
        raw = await jsonPartValue(part).catch(() => {
          throw badBody(UPLOAD_DATA_FIELD);
        });
        continue;
      }
      if (part.type === 'field') continue;
      // Later parts are still read to the end, so the answer reaches the browser (no broken pipe).
      const bytes = await readCapped(part.file);
      if (received.has(part.fieldname)) throw badBody(part.fieldname);
      received.set(part.fieldname, { name: uploadName(part), bytes });
    }
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManySlips();
    throw error;
  }
  if (!sent) throw badBody(UPLOAD_DATA_FIELD);
  checkRequired(raw);
  const body = decodeBody(UploadDocumentsBody, raw);
  if (body.slips.length === 0) throw badBody('slips');
  const ids = new Set(body.slips.map((s) => s.id));
  if (ids.size !== body.slips.length) throw badBody('slips');
  // A file no slip names, or a slip without its file (an incomplete slip is not uploaded).
  for (const field of received.keys()) if (!ids.has(field)) throw slipFailure(ERROR_KEYS.documentFileMissing, field);
  const files = new Map<string, UploadedFile>();
  for (const slip of body.slips) {
    const file = received.get(slip.id);
    if (!file) throw slipFailure(ERROR_KEYS.documentFileMissing, slip.id);
    if (file.bytes === null) throw slipFailure(ERROR_KEYS.payloadTooLarge, slip.id);
    await loadMupdf();
    try {
      // As every upload: decrypted when only an owner password protected it, cut to `%PDF-`…`%%EOF`.
      const bytes = Buffer.from(storablePdf(file.bytes));
      files.set(slip.id, { name: file.name, bytes, pages: inspectPdf(bytes).pages });
    } catch (error) {
      throw slipFailure(error instanceof PdfProblem ? error.key : ERROR_KEYS.pdfDamaged, slip.id);
    }
  }
  return { body, files };
}
