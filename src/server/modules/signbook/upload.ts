/**
 * Reads `POST sign-workflow/upload` (multipart): a `json` part (`SignbookUploadJson`) and exactly one
 * PDF part (any field name), ≤ 10 MB and a PDF by content (mupdf), whatever its name.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { SignbookUploadJson } from '../../../contract/signbook.ts';
import { ApiFailure } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';
import { decodeBody } from '../../http/validate.ts';
import { type PdfInfo, inspectPdf, isPdfProblem } from '../../pdf/index.ts';

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
  let jsonText: string | null = null;
  const files: { name: string; bytes: Buffer }[] = [];
  for await (const part of req.parts({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 3, fields: 4 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'json') jsonText = String(part.value);
      continue;
    }
    if (part.fieldname === 'json') {
      jsonText = (await part.toBuffer()).toString('utf8');
      continue;
    }
    const name = part.filename || part.fieldname;
    try {
      files.push({ name, bytes: await part.toBuffer() });
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fileFailure(ERROR_KEYS.payloadTooLarge, name);
      throw error;
    }
  }
  if (jsonText === null) throw badBody('json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText);
  } catch {
    throw badBody('json');
  }
  const json = decodeBody(SignbookUploadJson, parsed);
  if (files.length !== 1) throw new ApiFailure(400, ERROR_KEYS.signbookOneDocument);
  const { name, bytes } = files[0]!;
  try {
    return { json, file: { name, bytes, info: inspectPdf(bytes) } };
  } catch (error) {
    if (isPdfProblem(error)) throw fileFailure(error.key, name);
    throw error;
  }
}
