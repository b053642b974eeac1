/** Context, events and input of one upload (a multipart POST whose sent bytes the browser reports). */

/** What the transfer actor needs: opaque to the machine (the web's XHR builds the request from it). */
export interface UploadInput {
  readonly request: unknown;
}

export interface UploadFailure {
  /** Translation key (`error.upload.*`, `error.network`, …) from the server or the transport. */
  readonly key: string;
  readonly status: number;
  readonly message?: string;
  readonly errors?: readonly string[];
  readonly fields?: Readonly<Record<string, string>>;
}

export interface UploadContext {
  readonly request: unknown;
  /** Share of the body sent, 0..100. */
  readonly percentage: number;
  /** Set once every byte is sent (seed 000 §4: at 100 % the upload-completed flag is set). */
  readonly uploadCompleted: boolean;
  readonly result: unknown;
  readonly failure: UploadFailure | null;
}

export type UploadEvent =
  /**
   * Starts the upload; after a failure or a cancel, starts it again on the same machine. `request`
   * replaces the one sent before (a slip corrected after its failure is sent as it now reads).
   */
  | { readonly type: 'upload.start'; readonly request?: unknown }
  | { readonly type: 'upload.cancel' }
  | { readonly type: 'transfer.progressed'; readonly loaded: number; readonly total: number }
  | { readonly type: 'transfer.succeeded'; readonly result: unknown }
  | { readonly type: 'transfer.failed'; readonly failure: UploadFailure };
export type UploadEventType = UploadEvent['type'];

/** Facts the transfer actor sends back to the machine. */
export type TransferFact = Extract<UploadEvent, { type: `transfer.${string}` }>;
