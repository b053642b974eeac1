/** Runs the DSN import machine for the dialog: upload wired to the shared upload machine, `onImported` on the answer. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { createDsnImportActors, dsnImportMachine, selectDsnImport } from '../../../../../machines/dsn-import/index.ts';
import type { DsnImportResult } from '../../../../contract/dsn.ts';
import { useServices } from '../../../app/index.ts';
import { createDsnUpload } from './dsnUpload.ts';

export const useDsnImport = (onImported?: (result: DsnImportResult) => void) => {
  const services = useServices();
  /** The chosen file's bytes stay here; the machine holds its name and size. */
  const [chosen] = useState(() => new Map<'file', File>());
  const machine = useMemo(
    () =>
      dsnImportMachine.provide({
        actors: createDsnImportActors({ upload: createDsnUpload(services, () => chosen.get('file') ?? null) }),
      }),
    [services, chosen],
  );
  const actor = useActorRef(machine, { input: {} });
  const view = useSelector(actor, selectDsnImport);

  useEffect(() => {
    const imported = actor.on('dsn.imported', ({ result }) => onImported?.(result));
    return () => imported.unsubscribe();
  }, [actor, onImported]);

  const choose = (file: File | null) => {
    if (!selectDsnImport(actor.getSnapshot()).canChooseFile) return;
    if (file) {
      chosen.set('file', file);
      actor.send({ type: 'dsn.file.choose', file: { name: file.name, size: file.size } });
    } else {
      chosen.delete('file');
      actor.send({ type: 'dsn.file.remove' });
    }
  };
  return { view, send: actor.send, choose };
};
