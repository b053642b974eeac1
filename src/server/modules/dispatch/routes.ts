/** Campaigns (dispatch service, seed 001 §7.2): lifecycle owned by machines/campaign. */
import {
  CampaignPage,
  CampaignUpdateBody,
  DeleteDispatchedDocsBody,
  DispatchedDocPage,
  DispatchedDocsBody,
  RefuseDispatchBody,
  RefuseDocumentsBody,
  ValidateAnswer,
} from '../../../contract/dispatch.ts';
import { Campaign, CampaignListBody } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure } from '../../http/errors.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import {
  cancel,
  deleteDispatchedDocs,
  refuseDispatch,
  refuseDocuments,
  retry,
  update,
  validate,
} from './actions.service.ts';
import { dispatchedDocs, getCampaign, listCampaigns } from './read.service.ts';
import { extraRoutes } from './extras.routes.ts';
import { campaignCreateRoutes } from './create.routes.ts';

export const dispatchRoutes: RouteTable = {
  ...campaignCreateRoutes,
  'campaigns.list': route({
    body: CampaignListBody,
    response: CampaignPage,
    handle: ({ deps, session, body }) => listCampaigns(deps.db, session, body),
  }),
  'campaigns.get': route({
    response: Campaign,
    handle: ({ deps, session, params }) => getCampaign(deps.db, session, params.id ?? ''),
  }),
  'campaigns.dispatchedDocs': route({
    body: DispatchedDocsBody,
    response: DispatchedDocPage,
    handle: ({ deps, session, params, body }) => dispatchedDocs(deps.db, session, params.campaignId ?? '', body ?? {}),
  }),
  'campaigns.validate': route({
    response: ValidateAnswer,
    handle: ({ deps, session, params }) => validate(deps, session, params.id ?? ''),
  }),
  'campaigns.refuseDispatch': route({
    body: RefuseDispatchBody,
    response: Campaign,
    handle: ({ deps, session, body }) => {
      const id = body.id ?? body.dispatchId;
      if (!id) throw new ApiFailure(400, ERROR_KEYS.badRequest);
      return refuseDispatch(deps, session, id);
    },
  }),
  'campaigns.refuseDocuments': route({
    body: RefuseDocumentsBody,
    response: DispatchedDocPage,
    handle: ({ deps, session, body }) => refuseDocuments(deps, session, body.ids, body.reason),
  }),
  'campaigns.cancel': route({
    response: Campaign,
    handle: ({ deps, session, params }) => cancel(deps, session, params.id ?? ''),
  }),
  'campaigns.retry': route({
    response: Campaign,
    handle: ({ deps, session, params }) => retry(deps, session, params.id ?? ''),
  }),
  'campaigns.deleteDispatchedDocs': route({
    body: DeleteDispatchedDocsBody,
    response: Campaign,
    handle: ({ deps, session, body }) => deleteDispatchedDocs(deps, session, body.dispatchedDocIds),
  }),
  'campaigns.update': route({
    body: CampaignUpdateBody,
    response: Campaign,
    handle: ({ deps, session, params, body }) => update(deps, session, params.id ?? '', body),
  }),
  ...extraRoutes,
};
