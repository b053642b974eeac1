/** Runs the dispatched-doc machine for one document's page: wired to the API client and the alerts. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createDispatchedDocActors,
  dispatchedDocMachine,
  selectDispatchedDoc,
} from '../../../../machines/dispatched-doc/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { runDocAction } from './docActions.ts';

export const useDispatchedDoc = (campaignId: string, docId: string) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const { push } = useAlerts();
  const machine = useMemo(
    () =>
      dispatchedDocMachine.provide({
        actors: createDispatchedDocActors({ api, runDocAction: ({ doc, action }) => runDocAction(api, doc, action) }),
      }),
    [api],
  );
  const actor = useActorRef(machine, { input: { campaignId, docId } });
  const view = useSelector(actor, selectDispatchedDoc);
  useEffect(() => {
    const sub = actor.on('doc.alert', ({ alert, status }) =>
      push({ ...alert, values: { status: status ? t(`campaigns.docStatus.${status}`) : '' } }),
    );
    return () => sub.unsubscribe();
  }, [actor, push, t]);
  return { view, send: actor.send };
};
