/**
 * Runs the upload dialog's machine (machines/document-upload): the PDF check at drop (`refusalOf`) and
 * each slip's upload (the shared upload machine, `slipUploads.ts`) given as ports; the organisations
 * offered and the organisation's document types told to it; its announcements turned into alerts,
 * the list's refetch and the dialog's closing.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import {
  createDocumentUploadActors,
  documentUploadMachine,
  selectDocumentUpload,
} from '../../../../machines/document-upload/index.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { refusalOf } from '../../components/pdfFile.ts';
import { createSlipUploads } from './slipUploads.ts';
import { type NamedOption, useOrgDocTypes } from './useDocumentOptions.ts';

export interface DocumentUploadOptions {
  readonly orgs: readonly NamedOption[];
  readonly defaultOrgId: string;
  readonly onClose: () => void;
  readonly onUploaded: () => void;
  /** Tests pass a scripted XMLHttpRequest. */
  readonly createXhr?: () => XMLHttpRequest;
}

export const useDocumentUpload = ({ orgs, defaultOrgId, onClose, onUploaded, createXhr }: DocumentUploadOptions) => {
  const services = useServices();
  const alerts = useAlerts();
  const [uploads] = useState(() => createSlipUploads(services, createXhr));
  const machine = useMemo(
    () =>
      documentUploadMachine.provide({
        actors: createDocumentUploadActors({
          check: {
            refusalOf: (file) => (file instanceof Blob ? refusalOf(file) : Promise.resolve(ERROR_KEYS.notPdf)),
          },
          upload: uploads.port,
        }),
      }),
    [uploads],
  );
  const orgIds = orgs.map((o) => o.id);
  const actor = useActorRef(machine, { input: { orgIds, defaultOrgId } });
  const view = useSelector(actor, selectDocumentUpload);

  const orgKey = orgIds.join('\n');
  useEffect(() => {
    actor.send({ type: 'upload.orgs.known', orgIds: orgKey ? orgKey.split('\n') : [], defaultOrgId });
  }, [actor, orgKey, defaultOrgId]);

  const { types } = useOrgDocTypes(view.orgId);
  const typeKey = types.map((d) => d.code).join('\n');
  useEffect(() => {
    actor.send({ type: 'upload.types.known', codes: typeKey ? typeKey.split('\n') : [] });
  }, [actor, typeKey]);

  useEffect(() => {
    const subs = [
      actor.on('upload.finished', ({ done, failed }) => {
        if (done > 0) {
          alerts.push({ type: 'success', message: 'documents.messages.uploaded', values: { count: done } });
          onUploaded();
        }
        if (failed > 0)
          alerts.push({ type: 'error', message: 'documents.messages.uploadFailed', values: { count: failed } });
      }),
      actor.on('upload.slip.removed', ({ slipId }) => uploads.dispose(slipId)),
      actor.on('upload.reset', () => uploads.disposeAll()),
      actor.on('upload.closed', () => onClose()),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, alerts, uploads, onClose, onUploaded]);

  return { view, types, send: actor.send };
};
