/** Employee groups (HR desk, seed 001 §7.5). */
import {
  EmployeeGroupDetail,
  EmployeeGroupInput,
  EmployeeGroupPage,
  EmployeeGroupSearchBody,
  EmployeeGroupUpdate,
} from '../../../contract/entities.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './service.ts';

export const groupRoutes: RouteTable = {
  'groups.list': route({
    body: EmployeeGroupSearchBody,
    response: EmployeeGroupPage,
    handle: ({ deps, session, body }) => listGroups(deps.db, session, body),
  }),
  'groups.listForOrg': route({
    body: EmployeeGroupSearchBody,
    response: EmployeeGroupPage,
    handle: ({ deps, session, body, params }) => listGroups(deps.db, session, body, params.orgID ?? ''),
  }),
  'groups.get': route({
    response: EmployeeGroupDetail,
    handle: ({ deps, session, params }) => getGroup(deps.db, session, params.id ?? ''),
  }),
  'groups.create': route({
    body: EmployeeGroupInput,
    response: EmployeeGroupDetail,
    handle: ({ deps, session, body }) => createGroup(deps.db, session, body),
  }),
  'groups.update': route({
    body: EmployeeGroupUpdate,
    response: EmployeeGroupDetail,
    handle: ({ deps, session, body, params }) => updateGroup(deps.db, session, params.id ?? '', body),
  }),
  'groups.delete': route({
    handle: ({ deps, session, params }) => deleteGroup(deps.db, session, params.id ?? ''),
  }),
};
