/** Runs the group-form machine for the group page: wired to the API client, the alerts and navigation. */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import {
  createGroupFormActors,
  type GroupFormInput,
  groupFormMachine,
  selectGroupForm,
} from '../../../../machines/group-form/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';

export const useGroupForm = (input: GroupFormInput) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const { push } = useAlerts();
  const navigate = useNavigate();
  const machine = useMemo(() => groupFormMachine.provide({ actors: createGroupFormActors(api) }), [api]);
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, selectGroupForm);
  useEffect(() => {
    const subs = [
      actor.on('group.alert', ({ alert }) =>
        push({
          type: alert.type,
          message: alert.key,
          ...(alert.detailKey ? { detail: t(alert.detailKey, { defaultValue: t(ERROR_KEYS.internal) }) } : {}),
        }),
      ),
      actor.on('group.left', () => void navigate({ to: '/employee-groups' })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, push, navigate, t]);
  /** Read at the moment of leaving: a created or deleted group's own way back is never held. */
  const leavingUnsaved = () => {
    const now = selectGroupForm(actor.getSnapshot());
    return now.dirty && !now.left;
  };
  return { view, send: actor.send, leavingUnsaved };
};
