/** Pure helpers of the DSN import: the failure as shown, the facts the import actor reports. */
import type { DsnRejectionCode } from '../../src/contract/dsn.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { DsnFailure, DsnImportEvent } from './dsnImport.types.ts';

interface ErrorLike {
  key?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** The server's (or transport's) refusal: its key, its French message, its problem lines. */
export const failureOf = (error: unknown): DsnFailure => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const errors = Array.isArray(e.errors) ? e.errors.filter((x): x is string => typeof x === 'string') : [];
  return {
    key: typeof e.key === 'string' ? e.key : ERROR_KEYS.internal,
    ...(typeof e.message === 'string' && e.message ? { message: e.message } : {}),
    ...(errors.length ? { errors } : {}),
  };
};

/** Refused before upload: larger than the server takes. */
export const TOO_LARGE: DsnFailure = { key: ERROR_KEYS.payloadTooLarge, messageKey: 'dsn.import.tooLarge' };

/** Rejections that name a conflict with the directory or inside the file. */
export const CONFLICT_CODES: readonly DsnRejectionCode[] = ['NIR_CONFLICT', 'IDENTITY_CONFLICT'];

type Fact<T extends DsnImportEvent['type']> = Extract<DsnImportEvent, { type: T }>;

/** The facts the `importDsn` actor reports, built here so the web's glue code names no event type. */
export const dsnFacts = {
  progressed: (percentage: number, uploadCompleted: boolean): Fact<'api.dsn.progressed'> => ({
    type: 'api.dsn.progressed',
    percentage,
    uploadCompleted,
  }),
  succeeded: (result: Fact<'api.dsn.succeeded'>['result']): Fact<'api.dsn.succeeded'> => ({
    type: 'api.dsn.succeeded',
    result,
  }),
  failed: (error: unknown): Fact<'api.dsn.failed'> => ({ type: 'api.dsn.failed', error }),
  canceled: (): Fact<'api.dsn.canceled'> => ({ type: 'api.dsn.canceled' }),
};
