/**
 * Runs the signbook-creation machine for the page: its actors wired to the signing client (templates,
 * the upload through the shared upload machine), the API client (document types) and the page's PDF
 * check; its alerts pushed; the created signbook opened. The dropped file's bytes stay here, by the id
 * the machine holds.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import {
  createSignbookCreationActors,
  selectSignbookCreation,
  signbookCreationMachine,
} from '../../../../machines/signbook-creation/index.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
import { refusalOf as fileRefusalOf } from '../../components/pdfFile.ts';
import { itemPath } from './signbookPaths.ts';
import { useSignClient } from './useSignClient.ts';

let fileIds = 0;

export const useSignbookCreation = () => {
  const { api } = useServices();
  const sign = useSignClient();
  const { push } = useAlerts();
  const navigate = useNavigate();
  const { session } = useAuth();
  const [files] = useState(() => new Map<string, File>());
  const machine = useMemo(
    () =>
      signbookCreationMachine.provide({
        actors: createSignbookCreationActors({
          sign,
          api,
          fileOf: (id) => files.get(id),
          // The server stores the document decrypted (`storablePdf`): a signed and encrypted one is refused;
          // the seal appends to it (`assertSealable`): a certified one is refused.
          refusalOf: (id) => {
            const file = files.get(id);
            return file ? fileRefusalOf(file, { decrypts: true, sealable: true }) : Promise.resolve(null);
          },
        }),
      }),
    [sign, api, files],
  );
  const actor = useActorRef(machine, { input: { orgId: session?.orgId ?? '' } });
  const view = useSelector(actor, selectSignbookCreation);

  useEffect(() => {
    const alerts = actor.on('signbook.alert', ({ alert }) =>
      push({ message: alert.key, type: alert.type, ...(alert.detail ? { detail: alert.detail } : {}) }),
    );
    const created = actor.on('signbook.created', ({ signbookId }) => {
      void navigate({ to: itemPath({ status: 'in-progress' }, signbookId) as '/' });
    });
    return () => {
      alerts.unsubscribe();
      created.unsubscribe();
    };
  }, [actor, push, navigate]);

  /** A dropped or picked file (null: none): checked by the machine, its bytes kept here. */
  const chooseFile = (file: File | null) => {
    if (!file) {
      actor.send({ type: 'signbook.document.remove' });
      return;
    }
    const id = `signbook-file-${(fileIds += 1)}`;
    files.clear();
    files.set(id, file);
    actor.send({ type: 'signbook.document.choose', document: { id, name: file.name, size: file.size } });
  };
  return { actor, view, send: actor.send, chooseFile };
};
export type SignbookCreation = ReturnType<typeof useSignbookCreation>;
