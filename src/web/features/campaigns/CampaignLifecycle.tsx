/**
 * The campaign's lifecycle actor: machines/campaign restored from the server's description of the
 * campaign (status and failure flags, `snapshotFor`, as the server restores rows without a stored
 * snapshot), so what it renders offers exactly what `snapshot.can(...)` allows — the chart the
 * server applies. The page keys it by that description (`lifecycleKey`): a new description restores
 * a new actor.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  campaignMachine,
  selectCampaign,
  snapshotFor,
  type CampaignView,
} from '../../../../machines/campaign/index.ts';
import type { Campaign } from '../../../contract/entities.ts';

export const lifecycleKey = (c: Pick<Campaign, 'status' | 'canRetry' | 'canDelete'>): string =>
  `${c.status}|${c.canRetry}|${c.canDelete}`;

export const CampaignLifecycle = ({
  campaign,
  children,
}: {
  campaign: Pick<Campaign, 'status' | 'canRetry' | 'canDelete'>;
  children: (view: CampaignView) => ReactNode;
}) => {
  const actor = useActorRef(campaignMachine, { snapshot: snapshotFor(campaign.status, campaign) });
  const view = useSelector(actor, selectCampaign);
  return children(view);
};
