/**
 * The dialog's effects, built from ports so the machine imports nothing from the web app: the PDF
 * check at drop (`refusal`: the web's `refusalOf`, content and size) and the upload of one slip
 * (`upload`: the shared upload machine through `app/trackedUpload.ts`, shown in the notifications
 * panel; a failed or canceled slip is sent again by the same upload machine). The actors turn their
 * answers into `api.*` facts. Stopping the send actor (the view unmounted) does not cancel the upload.
 */
import { fromCallback } from 'xstate';
import type {
  CheckFilesInput,
  DocumentUploadEvent,
  SendSlipCommand,
  SendSlipInput,
  SlipDraft,
  SlipFile,
  SlipUploadState,
} from './documentUpload.types.ts';

export interface SlipRefusalPort {
  /** `null` when the file is acceptable, else the translation key of its refusal. */
  refusalOf(file: SlipFile): Promise<string | null>;
}

export interface SlipUploadPort {
  /**
   * Sends the slip as it now reads (again on its own upload machine when its last upload failed or was
   * canceled); `onState` hears its progress; `finished` settles at its end, whatever its end.
   */
  send(
    organizationId: string,
    slip: SlipDraft,
    onState: (state: SlipUploadState) => void,
  ): { readonly finished: Promise<SlipUploadState>; cancel(): void };
}

export interface DocumentUploadDeps {
  readonly check: SlipRefusalPort;
  readonly upload: SlipUploadPort;
}

export const createDocumentUploadActors = (deps: DocumentUploadDeps) => ({
  checkFiles: fromCallback<DocumentUploadEvent, CheckFilesInput>(({ input, sendBack }) => {
    let stopped = false;
    void (async () => {
      const verdicts = [];
      // One after the other, as dropped: each check reads the whole file.
      for (const file of input.files) verdicts.push({ file, key: await deps.check.refusalOf(file) });
      if (!stopped) sendBack({ type: 'api.files.checked', verdicts });
    })();
    return () => {
      stopped = true;
    };
  }),
  sendSlip: fromCallback<SendSlipCommand, SendSlipInput>(({ input, sendBack, receive }) => {
    let stopped = false;
    const slipId = input.slip.id;
    const run = deps.upload.send(input.organizationId, input.slip, (state) => {
      if (!stopped && state.status !== 'done' && state.status !== 'failed' && state.status !== 'canceled')
        sendBack({ type: 'api.slip.progressed', slipId, state });
    });
    receive((command) => {
      if (command.type === 'upload.slip.cancel') run.cancel();
    });
    void run.finished.then((state) => {
      if (!stopped) sendBack({ type: 'api.slip.ended', slipId, state });
    });
    return () => {
      stopped = true;
    };
  }),
});
