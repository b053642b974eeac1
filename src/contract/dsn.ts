/**
 * Answer of `POST /employees/dsn` (DSN import). Types only, no runtime dependency, so the web
 * import dialog can use them without pulling Effect Schema into its chunk. Every rejection
 * carries a translation key (`dsn.rejected.*`) with its values, and the French text for callers
 * that show it as is.
 */

export const DSN_REJECTION_CODES = [
  'UNKNOWN_ESTABLISHMENT',
  'INVALID_ESTABLISHMENT',
  'INVALID_DATA',
  'NIR_CONFLICT',
  'IDENTITY_CONFLICT',
  'CANT_CREATE_EMP_ERROR',
  'STORAGE_ERROR',
] as const;
export type DsnRejectionCode = (typeof DSN_REJECTION_CODES)[number];

export interface DsnImportedLine {
  /** Line of the individual's block (`S21.G00.30`) in the file, from 1. */
  readonly line: number;
  readonly name: string;
  readonly firstName: string;
  readonly employeeId: string;
  readonly organizationId: string;
  readonly organizationName: string;
  /**
   * Created without an e-mail (the DSN's S21.G00.30.018 is optional): the employee waits in the
   * « à valider » status until someone completes and validates them.
   */
  readonly toValidate?: boolean;
}

export interface DsnRejectedLine {
  readonly line: number;
  readonly name: string;
  readonly firstName: string;
  readonly code: DsnRejectionCode;
  /** `dsn.rejected.<code in camelCase>`, interpolated with `values`. */
  readonly key: string;
  readonly values: Readonly<Record<string, string>>;
  /** The same reason in French. */
  readonly reason: string;
  /** Per-field validation keys (`validation.*`) when the data broke a field rule. */
  readonly fields?: Readonly<Record<string, string>>;
}

export interface DsnImportResult {
  readonly encoding: 'utf-8' | 'latin-1';
  /** Individuals (`S21.G00.30` blocks) found in the file. */
  readonly individuals: number;
  readonly created: readonly DsnImportedLine[];
  readonly updated: readonly DsnImportedLine[];
  /**
   * Leavers: a contract-end block (S21.G00.62) or an end-of-contract declaration (nature 07)
   * deactivates the employee in that organisation (created inactive when the directory lacked them).
   */
  readonly deactivated: readonly DsnImportedLine[];
  readonly rejected: readonly DsnRejectedLine[];
}
