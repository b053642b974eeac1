/**
 * Runs machines/campaign-documents for the campaign page: the API calls as its actors (the documents
 * page, `runCampaignAction`, `runDocAction`), alerts, navigation, the feed's re-read and the scroll
 * restoration as its actions; the URL's filter, page and size and the campaign's status sent as
 * `docs.query`, the room's pushed documents as `docs.pushed`, a reconnection that lost pushes as
 * `docs.invalidate`. The page renders `view` and sends the machine's events.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import {
  campaignDocumentsMachine,
  createCampaignDocumentsActors,
  selectCampaignDocuments,
  type CampaignDocumentsEvent,
} from '../../../../machines/campaign-documents/index.ts';
import type { DispatchedDocPage } from '../../../contract/dispatch.ts';
import type { CampaignStatus } from '../../../contract/enums.ts';
import { useServices } from '../../app/index.ts';
import { runDocAction } from './docActions.ts';
import { runCampaignAction } from './runAction.ts';
import { useCampaignDocumentPushes } from './useCampaignLive.ts';

export interface CampaignDocumentsOptions {
  readonly campaignId: string;
  /** The campaign's status: `undefined` until the campaign is read (nothing is asked before). */
  readonly status: CampaignStatus | undefined;
  readonly filter: string;
  readonly page: number;
  readonly size: number;
  /** The campaign feed's re-read (`useCampaignLive`). */
  readonly reread: () => void;
  /** The table state's scroll restoration, once rows are shown. */
  readonly rowsShown: () => void;
}

export const useCampaignDocuments = (options: CampaignDocumentsOptions) => {
  const { campaignId, status, filter, page, size } = options;
  const { reread, rowsShown } = options;
  const services = useServices();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  // The machine is built once per page (useActorRef keeps the first): what its actions call must not
  // go stale — the alerts actor and i18n (its current language) rather than this render's push and t.

  const logic = useMemo(
    () =>
      campaignDocumentsMachine.provide({
        actors: createCampaignDocumentsActors({
          readDocs: ({ campaignId: id, query }, signal) =>
            services.api.call<DispatchedDocPage>('campaigns.dispatchedDocs', {
              params: { campaignId: id },
              body: {
                status: query.filter === 'ALL' ? undefined : [query.filter],
                offset: (query.page - 1) * query.size,
                limit: query.size,
              },
              signal,
            }),
          runAction: ({ campaignId: id, action, ids, reason }) =>
            runCampaignAction(services.api, { id }, action, { ids, reason }),
          runDocAction: ({ doc, action }) => runDocAction(services.api, doc, action),
        }),
        actions: {
          alert: (_, alert) => services.actors.alerts.send({ type: 'alert.push', alert }),
          docAlert: (_, { alert, status: docStatus }) =>
            services.actors.alerts.send({
              type: 'alert.push',
              alert: { ...alert, values: { status: docStatus ? i18n.t(`campaigns.docStatus.${docStatus}`) : '' } },
            }),
          rowsShown: () => requestAnimationFrame(rowsShown),
          // Right before the call: an outcome pushed before its answer is then the outcome at once.
          actionSent: ({ context }) => services.campaignActionSent(context.campaignId),
          rereadCampaign: () => reread(),
          goToList: () => void navigate({ to: '/campaigns' }),
        },
      }),
    [services, i18n, navigate, reread, rowsShown],
  );
  const actor = useActorRef(logic, { input: { campaignId } });
  const view = useSelector(actor, selectCampaignDocuments);

  // Filter, page and size stay in the URL; a new status brings documents the table has not read yet
  // (a page opened while the campaign was still splitting would otherwise stay on « Aucun document »).
  useEffect(() => {
    if (status) actor.send({ type: 'docs.query', filter, page, size, status });
  }, [actor, filter, page, size, status]);

  useCampaignDocumentPushes(
    campaignId,
    (doc) => actor.send({ type: 'docs.pushed', doc }),
    () => actor.send({ type: 'docs.invalidate' }),
  );

  const send = useMemo(() => (event: CampaignDocumentsEvent) => actor.send(event), [actor]);
  return { view, send };
};
