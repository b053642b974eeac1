import { Schema as S } from 'effect';
import { Organization, OrganizationSearchBody } from '../../../contract/entities.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { ancestors, eligible, getOrganization, search } from './service.ts';

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
    response: S.Struct({ count: S.Number, items: S.Array(Organization) }),
    handle: ({ deps, session, body }) => search(deps.db, session, body),
  }),
};
