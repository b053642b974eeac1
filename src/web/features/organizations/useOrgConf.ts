/** Runs the org-conf machine for an organisation's configuration panel, wired to the API client and the alerts. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createOrgConfActors, orgConfMachine, selectOrgConf } from '../../../../machines/org-conf/index.ts';
import { asFailure, failureText } from '../../../../machines/org-form/orgForm.model.ts';
import { useAlerts, useServices } from '../../app/index.ts';

export const useOrgConf = (orgId: string) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const { push } = useAlerts();
  const machine = useMemo(() => orgConfMachine.provide({ actors: createOrgConfActors(api) }), [api]);
  const actor = useActorRef(machine, { input: { orgId } });
  const view = useSelector(actor, selectOrgConf);
  useEffect(() => {
    const sub = actor.on('conf.alert', ({ alert }) =>
      push({
        type: alert.type,
        message: alert.key,
        ...(alert.error === undefined ? {} : { detail: failureText(asFailure(alert.error), t) }),
      }),
    );
    return () => sub.unsubscribe();
  }, [actor, push, t]);
  return { view, send: actor.send };
};
