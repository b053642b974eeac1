/** Runs one rights-form machine for a page: the API client, the alerts, and where to go after a save or a deletion. */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  createRightsFormActors,
  type RightsKind,
  rightsFormMachine,
  selectRightsForm,
} from '../../../../machines/rights-form/index.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';

/** Each kind's list, and its item page (`$id`). */
export const RIGHTS_PATHS = {
  user: { list: '/users', item: '/users/$id' },
  userGroup: { list: '/user-groups', item: '/user-groups/$id' },
  rule: { list: '/rules', item: '/rules/$id' },
} as const satisfies Record<RightsKind, { list: string; item: string }>;

export const useRightsForm = (kind: RightsKind, id: string | null) => {
  const { api } = useServices();
  const { session } = useAuth();
  const { push } = useAlerts();
  const navigate = useNavigate();
  const machine = useMemo(() => rightsFormMachine.provide({ actors: createRightsFormActors({ api }) }), [api]);
  const actor = useActorRef(machine, {
    input: { kind, id, orgId: session?.orgId ?? null, selfId: session?.userId ?? null },
  });
  const view = useSelector(actor, selectRightsForm);

  useEffect(() => {
    const paths = RIGHTS_PATHS[kind];
    // Navigation waits for the machine to settle, so the unsaved-changes guard sees a clean form.
    const later = (go: () => void) => setTimeout(go, 0);
    const subscriptions = [
      actor.on('form.alert', ({ alert }) =>
        push({ type: alert.type, message: alert.key, ...(alert.detail ? { detail: alert.detail } : {}) }),
      ),
      actor.on('form.saved', ({ id: savedId, created }) => {
        if (created) later(() => void navigate({ to: paths.item, params: { id: savedId } }));
      }),
      actor.on('form.deleted', () => later(() => void navigate({ to: paths.list }))),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, push, navigate, kind]);

  /** Read at the moment of leaving, not at the last render: a save or deletion may have just landed. */
  const blocksLeaving = () => selectRightsForm(actor.getSnapshot()).blocksLeaving;
  return { view, send: actor.send, blocksLeaving };
};
export type RightsFormHandle = ReturnType<typeof useRightsForm>;
