/** Campaign creation routes (seed 001 §7.2 `POST /dispatch`, `POST /dispatch/manual`) and the demo's sample file. */
import { Campaign } from '../../../contract/entities.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { createCampaign } from './create.service.ts';
import { samplePages, samplePayroll } from './create.sample.ts';
import { readCreationUpload } from './create.upload.ts';

export const campaignCreateRoutes: RouteTable = {
  'campaigns.create': route({
    response: Campaign,
    handle: async ({ req, deps, session }) => createCampaign(deps, session, 'automatic', await readCreationUpload(req)),
  }),
  'campaigns.createManual': route({
    response: Campaign,
    handle: async ({ req, deps, session }) => createCampaign(deps, session, 'manual', await readCreationUpload(req)),
  }),
  'campaigns.samplePayroll': route({
    handle: async ({ req, reply, deps, session }) => {
      const bytes = await samplePayroll(deps.db, session, samplePages((req.query as { pages?: unknown }).pages));
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="bulletins-exemple.pdf"')
        .send(Buffer.from(bytes));
    },
  }),
};
