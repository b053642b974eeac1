import { Schema as S } from 'effect';
import {
  AutoVisuBody,
  CompanyInfo,
  OrgDocTypeConf,
  Organization,
  OrganizationConf,
  OrganizationInput,
  OrganizationSearchBody,
  OrganizationStats,
  OrganizationTree,
  OrganizationTreeBody,
} from '../../../contract/entities.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { type CompanyDirectory, createCompanyDirectory } from '../../ports/companies.ts';
import { getConf, getDocTypeConf, updateConf } from './conf.service.ts';
import { companyBySiret } from './lookup.service.ts';
import { ancestors, eligible, getOrganization, search } from './service.ts';
import { noChildren, stats, topLevel, tree } from './tree.service.ts';
import { autoVisu, createOrganization, updateOrganization } from './write.service.ts';

const Page = S.Struct({ count: S.Number, items: S.Array(Organization) });

let companies: CompanyDirectory | null = null;
// The public register is used only when COMPANY_REGISTER_URL is set (see ports/companies.ts).
const directory = (): CompanyDirectory => (companies ??= createCompanyDirectory(process.env.COMPANY_REGISTER_URL));

export const organizationRoutes: RouteTable = {
  'organizations.get': route({
    response: Organization,
    handle: ({ deps, session, params }) => getOrganization(deps.db, session, params.id ?? ''),
  }),
  'organizations.ancestors': route({
    response: S.Array(Organization),
    handle: ({ deps, session, params }) => ancestors(deps.db, session, params.id ?? ''),
  }),
  'organizations.eligible': route({
    response: S.Array(Organization),
    handle: ({ deps, session }) => eligible(deps.db, session),
  }),
  'organizations.list': route({
    body: OrganizationSearchBody,
    response: Page,
    handle: ({ deps, session, body }) => search(deps.db, session, body),
  }),
  'organizations.topLevel': route({
    body: OrganizationSearchBody,
    response: Page,
    handle: ({ deps, session, body }) => topLevel(deps.db, session, body),
  }),
  'organizations.tree': route({
    body: OrganizationTreeBody,
    response: S.Array(OrganizationTree),
    handle: ({ deps, session, body }) => tree(deps.db, session, body.rootId),
  }),
  'organizations.eligibleTree': route({
    response: S.Array(OrganizationTree),
    handle: ({ deps, session }) => tree(deps.db, session),
  }),
  'organizations.noChildren': route({
    body: OrganizationSearchBody,
    response: Page,
    handle: ({ deps, session, params, body }) => noChildren(deps.db, session, params.orgID ?? '', body),
  }),
  'organizations.stats': route({
    response: OrganizationStats,
    handle: ({ deps, session }) => stats(deps.db, session),
  }),
  'organizations.create': route({
    body: OrganizationInput,
    response: Organization,
    handle: async ({ deps, session, body, reply }) => {
      const created = await createOrganization(deps.db, session, body);
      await deps.push.refreshBadges({ domain: session.domain, orgId: created.parentId ?? created.id });
      void reply.status(201);
      return created;
    },
  }),
  'organizations.update': route({
    body: OrganizationInput,
    response: Organization,
    handle: async ({ deps, session, params, body }) => {
      const updated = await updateOrganization(deps.db, session, params.id ?? '', body);
      // A move changes which subtree counts the organisation's employees.
      await deps.push.refreshBadges({ domain: session.domain, orgId: updated.parentId ?? updated.id });
      return updated;
    },
  }),
  'organizations.autoVisu': route({
    body: AutoVisuBody,
    response: Organization,
    handle: ({ deps, session, body }) => autoVisu(deps.db, session, body),
  }),
  'organizations.conf': route({
    response: OrganizationConf,
    handle: ({ deps, session, params }) => getConf(deps.db, session, params.id ?? ''),
  }),
  'organizations.updateConf': route({
    body: OrganizationConf,
    response: OrganizationConf,
    handle: ({ deps, session, params, body }) => updateConf(deps.db, session, params.id ?? '', body),
  }),
  'documents.orgDocTypes': route({
    response: S.Array(OrgDocTypeConf),
    handle: ({ deps, session, params }) => getDocTypeConf(deps.db, session, params.id ?? ''),
  }),
  'organizations.bySiret': route({
    response: CompanyInfo,
    handle: ({ deps, session, params }) => companyBySiret(deps.db, directory(), session, params.siret ?? ''),
  }),
};
