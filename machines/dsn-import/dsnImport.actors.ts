/**
 * The DSN import's effect, built from an upload port so the machine imports nothing from the web app.
 * The web's port runs the shared upload machine (machines/upload, XHR transport) shown in the
 * notifications panel; this actor turns its progress and its end into `api.dsn.*` facts. Stopping the
 * actor (the view unmounted) does not cancel the upload: it goes on in the notifications panel, as
 * closing the dialog does; cancel is the panel's, and comes back as `api.dsn.canceled`.
 */
import { fromCallback } from 'xstate';
import type { DsnImportResult } from '../../src/contract/dsn.ts';
import { dsnFacts } from './dsnImport.model.ts';
import type { DsnFile, DsnImportEvent, ImportDsnInput } from './dsnImport.types.ts';

export type DsnUploadEnd =
  | { readonly status: 'done'; readonly result: unknown }
  | { readonly status: 'failed'; readonly failure: unknown }
  | { readonly status: 'canceled' };

export interface DsnUploadPort {
  /** Starts sending `file` (the web finds its bytes); `onProgress` hears the share sent, 0..100. */
  start(file: DsnFile, onProgress: (percentage: number) => void): { readonly finished: Promise<DsnUploadEnd> };
}

export interface DsnImportDeps {
  readonly upload: DsnUploadPort;
}

export const createDsnImportActors = (deps: DsnImportDeps) => ({
  importDsn: fromCallback<DsnImportEvent, ImportDsnInput>(({ input, sendBack }) => {
    let stopped = false;
    const report = (fact: DsnImportEvent) => {
      if (!stopped) sendBack(fact);
    };
    const { finished } = deps.upload.start(input.file, (percentage) =>
      report(dsnFacts.progressed(percentage, percentage >= 100)),
    );
    void finished.then((end) => {
      if (end.status === 'done') report(dsnFacts.succeeded(end.result as DsnImportResult));
      else if (end.status === 'failed') report(dsnFacts.failed(end.failure));
      else report(dsnFacts.canceled());
    });
    return () => {
      stopped = true;
    };
  }),
});
