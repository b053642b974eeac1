import {
  NamedListBody,
  ReinitPasswordBody,
  RuleInput,
  RulePage,
  RuleView,
  UserAdminDetail,
  UserAdminPage,
  UserAdminView,
  UserDeleteResult,
  UserGroupInput,
  UserGroupPage,
  UserGroupView,
  UserInput,
  UserListBody,
} from '../../../contract/rights.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { type Deps, type RouteTable, route } from '../../http/routes.ts';
import { createUserGroup, deleteUserGroup, getUserGroup, listUserGroups, updateUserGroup } from './groups.service.ts';
import { createRule, deleteRule, getRule, listRules, updateRule } from './rules.service.ts';
import {
  type UserWrite,
  createUser,
  deleteUser,
  getUser,
  getUserDetail,
  listUsers,
  sendPasswordLink,
  updateUser,
} from './users.service.ts';

/** After the commit: the sessions a change ended are told on their sockets, which close. */
const ended = <T>(deps: Deps, write: UserWrite<T>): T => {
  for (const id of write.revokedSessions) deps.push.sessionRevoked(id, ERROR_KEYS.authInvalidToken);
  return write.result;
};

export const rightsRoutes: RouteTable = {
  'users.list': route({
    body: UserListBody,
    response: UserAdminPage,
    handle: ({ deps, session, body }) => listUsers(deps.db, session, body),
  }),
  'users.get': route({
    response: UserAdminDetail,
    handle: ({ deps, session, params }) => getUserDetail(deps.db, session, params.id ?? ''),
  }),
  'users.getBasic': route({
    response: UserAdminView,
    handle: ({ deps, session, params }) => getUser(deps.db, session, params.id ?? ''),
  }),
  'users.create': route({
    body: UserInput,
    response: UserAdminView,
    handle: ({ deps, session, body }) => createUser(deps.db, session, body),
  }),
  'users.update': route({
    body: UserInput,
    response: UserAdminView,
    handle: async ({ deps, session, params, body }) =>
      ended(deps, await updateUser(deps.db, session, params.id ?? '', body)),
  }),
  'users.delete': route({
    response: UserDeleteResult,
    handle: async ({ deps, session, params }) => ended(deps, await deleteUser(deps.db, session, params.id ?? '')),
  }),
  'users.reinitPassword': route({
    body: ReinitPasswordBody,
    handle: ({ deps, session, body }) => sendPasswordLink(deps, session, body.userId),
  }),
  'userGroups.list': route({
    body: NamedListBody,
    response: UserGroupPage,
    handle: ({ deps, session, body }) => listUserGroups(deps.db, session, body),
  }),
  'userGroups.get': route({
    response: UserGroupView,
    handle: ({ deps, session, params }) => getUserGroup(deps.db, session, params.id ?? ''),
  }),
  'userGroups.create': route({
    body: UserGroupInput,
    response: UserGroupView,
    handle: ({ deps, session, body }) => createUserGroup(deps.db, session, body),
  }),
  'userGroups.update': route({
    body: UserGroupInput,
    response: UserGroupView,
    handle: ({ deps, session, params, body }) => updateUserGroup(deps.db, session, params.id ?? '', body),
  }),
  'userGroups.delete': route({
    handle: ({ deps, session, params }) => deleteUserGroup(deps.db, session, params.id ?? ''),
  }),
  'rules.list': route({
    body: NamedListBody,
    response: RulePage,
    handle: ({ deps, session, body }) => listRules(deps.db, session, body),
  }),
  'rules.get': route({
    response: RuleView,
    handle: ({ deps, session, params }) => getRule(deps.db, session, params.id ?? ''),
  }),
  'rules.create': route({
    body: RuleInput,
    response: RuleView,
    handle: ({ deps, session, body }) => createRule(deps.db, session, body),
  }),
  'rules.update': route({
    body: RuleInput,
    response: RuleView,
    handle: ({ deps, session, params, body }) => updateRule(deps.db, session, params.id ?? '', body),
  }),
  'rules.delete': route({
    handle: ({ deps, session, params }) => deleteRule(deps.db, session, params.id ?? ''),
  }),
};
