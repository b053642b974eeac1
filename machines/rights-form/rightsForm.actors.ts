/**
 * The rights form's effects, built from an API port so the machine imports nothing from the web app.
 * Loading reads the entity and what the form offers to choose from; a list that only names things
 * (document types, groups) may fail without failing the form, the entity and the organisation tree may not.
 */
import { fromPromise } from 'xstate';
import type { Employee, EmployeeGroupPage, OrganizationNode, OrgDocTypeConf } from '../../src/contract/entities.ts';
import type { UserAdminPage, UserGroupPage } from '../../src/contract/rights.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { EMPTY_OPTIONS } from './rightsForm.model.ts';
import type {
  ActionInput,
  ActionOutput,
  LoadInput,
  LoadOutput,
  PersonRef,
  RightsKind,
  RightsOptions,
  RightsRecord,
  SaveInput,
} from './rightsForm.types.ts';

export interface RightsFormApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

export interface RightsFormDeps {
  readonly api: RightsFormApiPort;
}

const ROUTES = {
  user: { get: 'users.get', create: 'users.create', update: 'users.update', delete: 'users.delete' },
  userGroup: {
    get: 'userGroups.get',
    create: 'userGroups.create',
    update: 'userGroups.update',
    delete: 'userGroups.delete',
  },
  rule: { get: 'rules.get', create: 'rules.create', update: 'rules.update', delete: 'rules.delete' },
} as const satisfies Record<RightsKind, Record<string, RouteId>>;

/** Names shown in pickers: the first 200 are enough to label what a form already holds. */
const NAMES_LIMIT = 200;
/** A rule's employees are read one by one for their names; beyond this, their ids show. */
const EMPLOYEE_NAMES_LIMIT = 50;

export const userRef = (u: { id: string; firstName: string; lastName: string; email: string | null; login: string }) =>
  ({ id: u.id, label: `${u.lastName} ${u.firstName}`.trim(), detail: u.email ?? u.login }) satisfies PersonRef;
export const employeeRef = (e: Pick<Employee, 'id' | 'name' | 'firstName' | 'email'>): PersonRef => ({
  id: e.id,
  label: `${e.name} ${e.firstName}`.trim(),
  detail: e.email,
});

export const createRightsFormActors = ({ api }: RightsFormDeps) => {
  const optional = <T>(call: Promise<T>, fallback: T): Promise<T> => call.catch(() => fallback);
  const byName = { field: 'name', sens: 'asc' } as const;

  const loadOptions = async (input: LoadInput, record: RightsRecord | null, signal: AbortSignal) => {
    const needsTree = input.kind !== 'userGroup';
    const needsGroups = input.kind !== 'userGroup';
    const needsUsers = input.kind !== 'user' && record !== null;
    const [orgTree, userGroups, users] = await Promise.all([
      needsTree ? api.call<OrganizationNode[]>('organizations.eligibleTree', { signal }) : [],
      needsGroups
        ? optional(
            api.call<UserGroupPage>('userGroups.list', { body: { limit: NAMES_LIMIT, order: byName }, signal }),
            { count: 0, items: [] },
          ).then((p) => p.items.map((g) => ({ id: g.id, name: g.name })))
        : [],
      needsUsers
        ? optional(
            api.call<UserAdminPage>('users.list', {
              body: { limit: NAMES_LIMIT, order: { field: 'lastName', sens: 'asc' } },
              signal,
            }),
            { count: 0, items: [] },
          ).then((p) => p.items.map(userRef))
        : [],
    ]);
    const options: RightsOptions = { ...EMPTY_OPTIONS, orgTree, userGroups, users };
    if (input.kind !== 'rule') return options;
    const employeeIds =
      (record as { criteria?: { employeeIds: readonly string[] } } | null)?.criteria?.employeeIds ?? [];
    // The document types as the current organisation's configuration names them (else the tree's top).
    const confOrgId = input.orgId ?? orgTree[0]?.id ?? null;
    const [docTypes, employeeGroups, employees] = await Promise.all([
      confOrgId
        ? optional(api.call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: confOrgId }, signal }), []).then(
            (list) => list.map((d) => ({ code: d.code, label: d.label })),
          )
        : [],
      optional(api.call<EmployeeGroupPage>('groups.list', { body: { limit: NAMES_LIMIT, order: byName }, signal }), {
        count: 0,
        items: [],
      }).then((p) => p.items.map((g) => ({ id: g.id, name: g.name }))),
      Promise.all(
        employeeIds
          .slice(0, EMPLOYEE_NAMES_LIMIT)
          .map((id) =>
            optional(api.call<Employee>('employees.get', { params: { id }, signal }).then(employeeRef), null),
          ),
      ).then((list) => list.filter((p): p is PersonRef => p !== null)),
    ]);
    return { ...options, docTypes, employeeGroups, employees };
  };

  /** A user's page shows their trail: after a change, read them again (the answer of a write has no trail). */
  const withTrail = async (kind: RightsKind, record: RightsRecord | null, id: string): Promise<RightsRecord | null> =>
    kind === 'user' ? optional(api.call<RightsRecord>('users.get', { params: { id } }), record) : record;

  return {
    loadForm: fromPromise<LoadOutput, LoadInput>(async ({ input, signal }) => {
      const record = input.id
        ? await api.call<RightsRecord>(ROUTES[input.kind].get, { params: { id: input.id }, signal })
        : null;
      return { record, options: await loadOptions(input, record, signal) };
    }),
    saveForm: fromPromise<RightsRecord, SaveInput>(async ({ input }) => {
      const saved =
        input.id === null
          ? await api.call<RightsRecord>(ROUTES[input.kind].create, { body: input.body })
          : await api.call<RightsRecord>(ROUTES[input.kind].update, { params: { id: input.id }, body: input.body });
      return (await withTrail(input.kind, saved, saved.id)) ?? saved;
    }),
    runAction: fromPromise<ActionOutput, ActionInput>(async ({ input }) => {
      const { kind, id, action } = input;
      if (action === 'sendPassword') {
        await api.call('users.reinitPassword', { body: { userId: id } });
        return { action, outcome: 'done', record: await withTrail(kind, null, id) };
      }
      if (action === 'delete') {
        // A user with history is kept and deactivated: the server answers them, inactive.
        const answer = await api.call<unknown>(ROUTES[kind].delete, { params: { id } });
        if (!(kind === 'user' && isInactiveUser(answer))) return { action, outcome: 'deleted', record: null };
        const record = await withTrail(kind, isRecord(answer) ? answer : null, id);
        return { action, outcome: 'deactivated', record };
      }
      const updated = await api.call<RightsRecord>('users.update', {
        params: { id },
        body: { ...(input.body as object), active: action === 'reactivate' },
      });
      return { action, outcome: 'done', record: await withTrail(kind, updated, id) };
    }),
  };
};

const isInactiveUser = (answer: unknown): boolean =>
  typeof answer === 'object' &&
  answer !== null &&
  (('outcome' in answer && answer.outcome === 'deactivated') || ('active' in answer && answer.active === false));
const isRecord = (answer: unknown): answer is RightsRecord =>
  typeof answer === 'object' && answer !== null && 'id' in answer && 'version' in answer;
