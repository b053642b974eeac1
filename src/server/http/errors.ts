/**
 * Every non-2xx answer is an `ApiError` `{ key, message?, errors?, status }`. Handlers throw
 * `ApiFailure`; the single error handler in `app.ts` turns anything thrown into that shape.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../contract/entities.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { fieldMessageKey } from '../../contract/validation.ts';
import { frenchText } from './french.ts';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly userMessage?: string,
    readonly errors?: readonly string[],
    /** Per-field validation keys, for forms to show beside each field. */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(key);
  }
  toBody(): ApiError {
    return {
      key: this.key,
      status: this.status,
      ...(this.userMessage !== undefined ? { message: this.userMessage } : {}),
      ...(this.errors !== undefined ? { errors: this.errors } : {}),
      ...(this.fields !== undefined ? { fields: { ...this.fields } } : {}),
    };
  }
}

/**
 * A failure naming the wrong fields: `fields` keeps one key per field for the form, `errors` the
 * French lines ("Nom : Champ obligatoire") the create-error alerts show (seed 001 §8.2).
 */
export const fieldFailure = (
  status: number,
  key: string,
  fields: Readonly<Record<string, string>>,
  labelOf: (field: string) => string,
  message?: string,
): ApiFailure =>
  new ApiFailure(
    status,
    key,
    message,
    // « Format incorrect » says which format is expected, as under the field (issue 15).
    Object.entries(fields).map(
      ([field, fieldKey]) => `${labelOf(field)} : ${frenchText(fieldMessageKey(field, fieldKey))}`,
    ),
    fields,
  );

export const notFound = (): ApiFailure => new ApiFailure(404, ERROR_KEYS.notFound);

const keyForStatus = (status: number): string => {
  if (status === 404) return ERROR_KEYS.notFound;
  if (status === 413) return ERROR_KEYS.payloadTooLarge;
  if (status === 401) return ERROR_KEYS.authInvalidToken;
  if (status === 403) return ERROR_KEYS.forbidden;
  if (status >= 400 && status < 500) return ERROR_KEYS.badRequest;
  return ERROR_KEYS.internal;
};

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ApiFailure) {
    // A keyed 5xx (a stored file missing from disk) is for the operator: the log says what to restore.
    // 501 is a route not served yet, not a failure.
    if (error.status >= 500 && error.status !== 501) request.log.error({ err: error }, error.key);
    void reply.status(error.status).send(error.toBody());
    return;
  }
  // A multipart field typed application/json that is not JSON: the same 400 as any malformed json part.
  if ((error as { code?: string }).code === 'FST_INVALID_JSON_FIELD_ERROR') {
    void reply.status(400).send(new ApiFailure(400, ERROR_KEYS.badRequest, undefined, ['json']).toBody());
    return;
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'unhandled error');
  // Fastify's own 4xx (malformed JSON, wrong content type) say what went wrong; 5xx never leak.
  const body: ApiError = { key: keyForStatus(status), status, ...(status < 500 ? { message: error.message } : {}) };
  void reply.status(status).send(body);
}
