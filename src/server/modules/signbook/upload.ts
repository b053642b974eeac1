/**
 * Reads `POST sign-workflow/upload` (multipart): a `json` part (`SignbookUploadJson`) and exactly one
 * PDF part (any field name), ≤ 10 MB and a PDF by content (mupdf), whatever its name, that the seal can
 * append to without breaking it (not certified, cross-reference intact: `pdf/incremental.ts`).
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { SignbookUploadJson } from '../../../contract/signbook.ts';
import { ApiFailure } from '../../http/errors.ts';
import { uploadName } from '../../http/input.ts';
import { jsonPartValue } from '../../http/multipart.ts';
import { frenchText } from '../../http/french.ts';
import { decodeBody } from '../../http/validate.ts';
import { type PdfInfo, assertSealable, inspectPdf, isPdfProblem, loadMupdf, storablePdf } from '../../pdf/index.ts';

export interface SignbookFile {
  readonly name: string;
  readonly bytes: Buffer;
  readonly info: PdfInfo;
}

const fileFailure = (key: string, name: string): ApiFailure =>
  new ApiFailure(400, key, frenchText(key), [`${name} : ${frenchText(key)}`], { file: name });
const badBody = (detail: string): ApiFailure => new ApiFailure(400, ERROR_KEYS.badRequest, undefined, [detail]);

export async function readSignbookUpload(
  req: FastifyRequest,
): Promise<{ json: SignbookUploadJson; file: SignbookFile }> {
  if (typeof req.isMultipart !== 'function' || !req.isMultipart()) throw badBody('multipart/form-data');
  let parsed: unknown;
  let sent = false;
  const files: { name: string; bytes: Buffer }[] = [];
  for await (const part of req.parts({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 3, fields: 4 } })) {
    if (part.fieldname === 'json') {
      sent = true;
      parsed = await jsonPartValue(part).catch(() => {
        throw badBody('json');
      });
      continue;
    }
    if (part.type === 'field') continue;
    const name = uploadName(part);
    try {
      files.push({ name, bytes: await part.toBuffer() });
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fileFailure(ERROR_KEYS.payloadTooLarge, name);
      throw error;
    }
  }
  if (!sent) throw badBody('json');
  const json = decodeBody(SignbookUploadJson, parsed);
  if (files.length !== 1) throw new ApiFailure(400, ERROR_KEYS.signbookOneDocument);
  const { name, bytes } = files[0]!;
  await loadMupdf();
  try {
    const stored = Buffer.from(storablePdf(bytes));
    const info = inspectPdf(stored);
    // The seal appends to the file: refuse now a PDF that an appended page and signature would break.
    assertSealable(stored);
    return { json, file: { name, bytes: stored, info } };
  } catch (error) {
    if (isPdfProblem(error)) throw fileFailure(error.key, name);
    throw error;
  }
}
