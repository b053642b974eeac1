/** Runs the profile machine for `/profile`: wired to the API client, the alerts and the session. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { CurrentUser } from '../../../contract/entities.ts';
import { createProfileActors, profileMachine, selectProfile } from '../../../../machines/profile/index.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';

export const useProfile = (user: CurrentUser) => {
  const { api } = useServices();
  const { push } = useAlerts();
  const { refresh } = useAuth();
  const machine = useMemo(() => profileMachine.provide({ actors: createProfileActors(api) }), [api]);
  const actor = useActorRef(machine, {
    input: { userId: user.userId, firstName: user.firstName, lastName: user.name },
  });
  const view = useSelector(actor, selectProfile);
  useEffect(() => {
    const subs = [
      actor.on('profile.alert', ({ alert }) => push({ type: alert.type, message: alert.key })),
      actor.on('profile.identity.saved', () => refresh()),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, push, refresh]);
  return { view, send: actor.send };
};
export type Profile = ReturnType<typeof useProfile>;
