/**
 * Runs the signbook-template machine for a template's page: its actors wired to the signing client and
 * the API client (document types), its alerts pushed, the created template and the deletion followed by
 * navigation.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  createSignbookTemplateActors,
  selectSignbookTemplate,
  signbookTemplateMachine,
} from '../../../../machines/signbook-template/index.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
import { useSignClient } from './useSignClient.ts';

export const useSignbookTemplate = (id: string) => {
  const { api } = useServices();
  const sign = useSignClient();
  const { push } = useAlerts();
  const navigate = useNavigate();
  const { session } = useAuth();
  const machine = useMemo(
    () => signbookTemplateMachine.provide({ actors: createSignbookTemplateActors({ sign, api }) }),
    [sign, api],
  );
  const actor = useActorRef(machine, { input: { id, orgId: session?.orgId ?? '' } });
  const view = useSelector(actor, selectSignbookTemplate);

  useEffect(() => {
    const alerts = actor.on('template.alert', ({ key }) => push({ message: key, type: 'success' }));
    const created = actor.on('template.created', ({ id: saved }) => {
      void navigate({ to: `/signworkflows/templates/${saved}` as '/' });
    });
    const deleted = actor.on('template.deleted', () => void navigate({ to: '/signworkflows/templates' as '/' }));
    return () => {
      alerts.unsubscribe();
      created.unsubscribe();
      deleted.unsubscribe();
    };
  }, [actor, push, navigate]);

  return { actor, view, send: actor.send };
};
