/** Runs the ignored-pages machine for a campaign's « Pages ignorées » box: wired to the API client and the alerts. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { Campaign } from '../../../contract/entities.ts';
import {
  createIgnoredPagesActors,
  ignoredPagesMachine,
  selectIgnoredPages,
} from '../../../../machines/ignored-pages/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';

export const useIgnoredPages = (campaign: Campaign, onAssigned: (campaign: Campaign) => void) => {
  const { api } = useServices();
  const { push } = useAlerts();
  const machine = useMemo(() => ignoredPagesMachine.provide({ actors: createIgnoredPagesActors(api) }), [api]);
  const actor = useActorRef(machine, {
    input: { campaignId: campaign.id, organizationId: campaign.organizationId },
  });
  const view = useSelector(actor, selectIgnoredPages);
  useEffect(() => {
    const subs = [
      actor.on('ignored.alert', ({ alert }) => push({ type: alert.type, message: alert.key })),
      actor.on('ignored.assigned', ({ campaign: fresh }) => onAssigned(fresh)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, push, onAssigned]);
  // The campaign's count as its pushes say: the machine reads the list again when another operator
  // gave a page meanwhile (it knows its own assignment from that).
  const count = campaign.ignoredPages;
  useEffect(() => actor.send({ type: 'ignored.count.changed', count }), [actor, count]);
  return { view, send: actor.send };
};
export type IgnoredPagesList = ReturnType<typeof useIgnoredPages>;
