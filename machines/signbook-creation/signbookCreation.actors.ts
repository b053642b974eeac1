/**
 * The signbook creation's effects, built from ports so the machine imports nothing from the web app.
 * The document travels through the shared upload machine (machines/upload): `submitSignbook` runs one
 * upload whose transfer is the signing client's multipart `signbooks.upload` (so the signing module's
 * session rules apply to it as to every signbook call), and reports `api.signbook.*`. Leaving `sending`
 * cancels the upload, which aborts the request.
 */
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { OrgDocTypeConf } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { SignbookCreated, TemplatePage, TemplateView } from '../../src/contract/signbook.ts';
import { type TransferFact, type UploadEvent, type UploadInput, uploadMachine } from '../upload/index.ts';
import type { SignbookCreationEvent, SubmitSignbookInput } from './signbookCreation.types.ts';

export interface SignbookCreationApiPort {
  call<T>(
    routeId: RouteId,
    options?: {
      body?: unknown;
      params?: Record<string, string | number>;
      formData?: FormData;
      signal?: AbortSignal;
    },
  ): Promise<T>;
}

export interface SignbookCreationDeps {
  /** The signing-module client: templates and the upload. */
  readonly sign: SignbookCreationApiPort;
  /** The API client: the organisation's document types. */
  readonly api: SignbookCreationApiPort;
  /** The dropped document's bytes, kept by the page under the id the machine holds. */
  readonly fileOf: (id: string) => Blob | undefined;
  /** The page's check of a dropped PDF: the refusal key, or null when accepted. */
  readonly refusalOf: (id: string) => Promise<string | null>;
}

/** The upload machine's request for a signbook: what the transfer posts. */
export interface SignbookUploadRequest {
  readonly formData: FormData;
}

export const signbookFormData = (input: SubmitSignbookInput, file: Blob | undefined): FormData => {
  const form = new FormData();
  form.append('json', JSON.stringify(input.json));
  if (file) form.append('file', file, input.document.name);
  return form;
};

/** The upload machine's transfer through the signing client: one POST, no byte progress. */
export const signTransfer = (sign: SignbookCreationApiPort) =>
  fromCallback<UploadEvent, UploadInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const { formData } = input.request as SignbookUploadRequest;
    sign.call<unknown>('signbooks.upload', { formData, signal: controller.signal }).then(
      (result) => {
        if (!controller.signal.aborted) sendBack({ type: 'transfer.succeeded', result } satisfies TransferFact);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const f = (failure ?? {}) as { key?: unknown; status?: unknown };
        sendBack({
          type: 'transfer.failed',
          // No key (a broken answer): the creation shows the seed's alert.
          failure: { key: typeof f.key === 'string' ? f.key : '', status: typeof f.status === 'number' ? f.status : 0 },
        } satisfies TransferFact);
      },
    );
    return () => controller.abort();
  });

export const createSignbookCreationActors = (deps: SignbookCreationDeps) => ({
  loadTemplates: fromPromise<readonly TemplateView[], void>(() =>
    deps.sign.call<TemplatePage>('signbooks.templates', { body: {} }).then((p) => p.items),
  ),
  loadDocTypes: fromPromise<readonly OrgDocTypeConf[], { orgId: string }>(({ input, signal }) =>
    deps.api.call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: input.orgId }, signal }),
  ),
  // The check answers a refusal or none and never rejects (pdf.js not loading lets the server decide);
  // should it throw all the same, the file is refused with the internal error's words.
  checkDocument: fromPromise<string | null, { id: string }>(({ input }) =>
    deps.refusalOf(input.id).catch(() => ERROR_KEYS.internal),
  ),
  submitSignbook: fromCallback<SignbookCreationEvent, SubmitSignbookInput>(({ input, sendBack }) => {
    const request: SignbookUploadRequest = { formData: signbookFormData(input, deps.fileOf(input.document.id)) };
    const upload = createActor(uploadMachine.provide({ actors: { transfer: signTransfer(deps.sign) } }), {
      input: { request },
    });
    let finished = false;
    const sub = upload.subscribe((snapshot) => {
      if (finished) return;
      if (snapshot.matches('completed')) {
        finished = true;
        sendBack({ type: 'api.signbook.succeeded', created: snapshot.context.result as SignbookCreated });
      } else if (snapshot.matches('failed')) {
        finished = true;
        sendBack({ type: 'api.signbook.failed', error: snapshot.context.failure });
      }
    });
    upload.start();
    upload.send({ type: 'upload.start' });
    return () => {
      sub.unsubscribe();
      if (!finished) upload.send({ type: 'upload.cancel' });
      upload.stop();
    };
  }),
});
