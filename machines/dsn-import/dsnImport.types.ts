/** Context, events and input of the DSN import (issue 5 §2, issue 14): one file, its upload, the server's answer. */
import type { DsnImportResult } from '../../src/contract/dsn.ts';
import type { RouteResult } from '../../src/contract/results.ts';

/** The chosen file as the machine knows it; the web keeps the bytes. */
export interface DsnFile {
  readonly name: string;
  readonly size: number;
}

export interface DsnFailure {
  /** Translation key (`error.upload.*`, `error.dsn.*`, `error.network`, …) from the server, the transport or the size check. */
  readonly key: string;
  /** A translation key for the message under the key (the size refused before upload). */
  readonly messageKey?: string;
  /** The server's French message (the line of the defect), shown as is. */
  readonly message?: string;
  /** Every problem line the server listed. */
  readonly errors?: readonly string[];
}

export interface DsnImportContext {
  /** Largest file accepted (bytes): a larger one is refused before upload. */
  readonly maxBytes: number;
  /** The dialog is shown (closing it while sending keeps the upload running, in the notifications panel). */
  readonly open: boolean;
  readonly file: DsnFile | null;
  /** Share of the file sent, 0..100. */
  readonly percentage: number;
  /** Every byte sent: the server is reading the file. */
  readonly uploadCompleted: boolean;
  readonly result: DsnImportResult | null;
  readonly failure: DsnFailure | null;
}

export interface DsnImportInput {
  /** Largest file accepted before upload; LIMITS.uploadMaxBytes by default. */
  readonly maxBytes?: number;
}

export type DsnImportEvent =
  | { readonly type: 'dsn.open' }
  | { readonly type: 'dsn.close' }
  | { readonly type: 'dsn.file.choose'; readonly file: DsnFile }
  | { readonly type: 'dsn.file.remove' }
  | { readonly type: 'dsn.submit' }
  | { readonly type: 'dsn.reset' }
  | { readonly type: 'api.dsn.progressed'; readonly percentage: number; readonly uploadCompleted: boolean }
  | { readonly type: 'api.dsn.succeeded'; readonly result: RouteResult<'employees.dsn'> }
  | { readonly type: 'api.dsn.failed'; readonly error: unknown }
  | { readonly type: 'api.dsn.canceled' };
export type DsnImportEventType = DsnImportEvent['type'];

/** What the `importDsn` actor receives: the file to send, by name (the web holds the bytes). */
export interface ImportDsnInput {
  readonly file: DsnFile;
}

/** Announced to the view once the server answered: the list reloads its page and counts. */
export type DsnImportEmitted = { readonly type: 'dsn.imported'; readonly result: DsnImportResult };
