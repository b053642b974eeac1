/** Runs the org-form machine for the organisation form: wired to the API client, the alerts and navigation. */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createOrgFormActors,
  failureText,
  type OrgFormInput,
  orgFormMachine,
  selectOrgForm,
} from '../../../../machines/org-form/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';

export const useOrgForm = (input: OrgFormInput) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const { push } = useAlerts();
  const navigate = useNavigate();
  const machine = useMemo(() => orgFormMachine.provide({ actors: createOrgFormActors(api) }), [api]);
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, selectOrgForm);
  useEffect(() => {
    const subs = [
      actor.on('form.alert', ({ alert }) =>
        push({
          type: alert.type,
          message: alert.key,
          ...(alert.failure ? { detail: failureText(alert.failure, t) } : {}),
        }),
      ),
      actor.on(
        'form.saved',
        ({ organization }) => void navigate({ to: '/organizations/item/$id', params: { id: organization.id } }),
      ),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, push, navigate, t]);
  /** Read at the moment of leaving: the saved organisation's own navigation is never held back. */
  const leavingUnsaved = () => {
    const now = selectOrgForm(actor.getSnapshot());
    return now.dirty && !now.saved;
  };
  return { view, send: actor.send, leavingUnsaved };
};
