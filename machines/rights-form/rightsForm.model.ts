/**
 * Pure functions of the rights form: drafts from and to the contract's bodies, field rules, what
 * "unsaved" compares, failures read from an API error, and which alert key each kind uses.
 */
import type { Feature } from '../../src/contract/features.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import type {
  RuleInput,
  RuleView,
  UserAdminDetail,
  UserGroupInput,
  UserGroupView,
  UserInput,
} from '../../src/contract/rights.ts';
import { type FieldErrors, isCalendarDate, isValidEmail, VALIDATION_KEYS } from '../../src/contract/validation.ts';
import type {
  DraftField,
  PersonRef,
  RightsAction,
  RightsDraft,
  RightsFailure,
  RightsFormContext,
  RightsKind,
  RightsOptions,
  RightsPatch,
  RightsRecord,
  RuleDraft,
  UserDraft,
  UserGroupDraft,
} from './rightsForm.types.ts';

/** Rule-specific message keys (translated under `validation.*`). */
export const RIGHTS_VALIDATION_KEYS = {
  periodOrder: 'validation.periodOrder',
  metaKeyRequired: 'validation.metaKeyRequired',
} as const;

export const EMPTY_OPTIONS: RightsOptions = {
  orgTree: [],
  userGroups: [],
  users: [],
  docTypes: [],
  employeeGroups: [],
  employees: [],
};

export const emptyDraft = (kind: RightsKind): RightsDraft => {
  if (kind === 'user')
    return {
      kind,
      login: '',
      firstName: '',
      lastName: '',
      email: '',
      rootOrgId: '',
      rootIncludesChildren: true,
      access: [],
      features: [],
      userGroupIds: [],
      linkedToMicrosoft: false,
    };
  if (kind === 'userGroup') return { kind, name: '', features: [], members: [] };
  return {
    kind,
    name: '',
    features: [],
    periodStart: '',
    periodEnd: '',
    docTypes: [],
    organizationIds: [],
    employees: [],
    employeeGroupIds: [],
    metaKey: '',
    metaValue: '',
    userGroupIds: [],
    users: [],
  };
};

const person = (id: string, known: readonly PersonRef[]): PersonRef =>
  known.find((p) => p.id === id) ?? { id, label: id, detail: null };

export const draftFromRecord = (kind: RightsKind, record: RightsRecord, options: RightsOptions): RightsDraft => {
  if (kind === 'user') {
    const u = record as UserAdminDetail;
    return {
      kind,
      login: u.login,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email ?? '',
      rootOrgId: u.rootOrgId ?? '',
      rootIncludesChildren: u.rootIncludesChildren,
      access: u.access.map((a) => ({ orgId: a.orgId, includeChildren: a.includeChildren })),
      features: [...u.features],
      userGroupIds: [...u.userGroupIds],
      linkedToMicrosoft: u.linkedToMicrosoft,
    };
  }
  if (kind === 'userGroup') {
    const g = record as UserGroupView;
    return {
      kind,
      name: g.name,
      features: [...g.features],
      members: g.memberIds.map((id) => person(id, options.users)),
    };
  }
  const r = record as RuleView;
  return {
    kind,
    name: r.name,
    features: [...r.features],
    periodStart: r.criteria.periodStart ?? '',
    periodEnd: r.criteria.periodEnd ?? '',
    docTypes: [...r.criteria.docTypes],
    organizationIds: [...r.criteria.organizationIds],
    employees: r.criteria.employeeIds.map((id) => person(id, options.employees)),
    employeeGroupIds: [...r.criteria.employeeGroupIds],
    metaKey: r.criteria.metaKey ?? '',
    metaValue: r.criteria.metaValue ?? '',
    userGroupIds: [...r.userGroupIds],
    users: r.userIds.map((id) => person(id, options.users)),
  };
};

/** Only the keys the draft of that kind has: a patch never adds another kind's fields. */
export const mergePatch = (draft: RightsDraft, patch: RightsPatch): RightsDraft => {
  const next: Record<string, unknown> = { ...draft };
  for (const [key, value] of Object.entries(patch)) if (key !== 'kind' && key in draft) next[key] = value;
  return next as unknown as RightsDraft;
};

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
const ids = (list: readonly { id: string }[]): string[] => list.map((p) => p.id);
const features = (list: readonly Feature[]): Feature[] => [...new Set(list)];

export const toUserInput = (d: UserDraft, version: number | null): UserInput => ({
  login: d.login.trim(),
  firstName: d.firstName.trim(),
  lastName: d.lastName.trim(),
  email: orNull(d.email),
  rootOrgId: d.rootOrgId,
  access: d.access.filter((a) => a.orgId !== d.rootOrgId),
  rootIncludesChildren: d.rootIncludesChildren,
  features: features(d.features),
  userGroupIds: [...d.userGroupIds],
  linkedToMicrosoft: d.linkedToMicrosoft,
  ...(version !== null ? { version } : {}),
});

export const toUserGroupInput = (d: UserGroupDraft, version: number | null): UserGroupInput => ({
  name: d.name.trim(),
  features: features(d.features),
  memberIds: ids(d.members),
  ...(version !== null ? { version } : {}),
});

export const toRuleInput = (d: RuleDraft, version: number | null): RuleInput => ({
  name: d.name.trim(),
  features: features(d.features),
  criteria: {
    periodStart: orNull(d.periodStart),
    periodEnd: orNull(d.periodEnd),
    docTypes: [...d.docTypes],
    organizationIds: [...d.organizationIds],
    employeeIds: ids(d.employees),
    employeeGroupIds: [...d.employeeGroupIds],
    metaKey: orNull(d.metaKey),
    metaValue: orNull(d.metaKey) === null ? null : orNull(d.metaValue),
  },
  userGroupIds: [...d.userGroupIds],
  userIds: ids(d.users),
  ...(version !== null ? { version } : {}),
});

export const toInput = (d: RightsDraft, version: number | null): UserInput | UserGroupInput | RuleInput =>
  d.kind === 'user'
    ? toUserInput(d, version)
    : d.kind === 'userGroup'
      ? toUserGroupInput(d, version)
      : toRuleInput(d, version);

/** Order does not matter in sets of ids or flags: sorted before comparing. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    return items.every((i) => typeof i === 'string')
      ? [...(items as string[])].sort()
      : [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
};
export const fingerprint = (d: RightsDraft): string => JSON.stringify(canonical(toInput(d, null)));
export const isDirty = (c: Pick<RightsFormContext, 'values' | 'initial'>): boolean =>
  fingerprint(c.values) !== fingerprint(c.initial);

const required = (errors: FieldErrors<DraftField>, field: DraftField, value: string) => {
  if (value.trim() === '') errors[field] = VALIDATION_KEYS.required;
};

/** Field rules: the seed's « Champ obligatoire » and « Format incorrect » (shared e-mail rule), rule periods. */
export const draftErrors = (d: RightsDraft): FieldErrors<DraftField> => {
  const errors: FieldErrors<DraftField> = {};
  if (d.kind === 'user') {
    required(errors, 'lastName', d.lastName);
    required(errors, 'firstName', d.firstName);
    required(errors, 'login', d.login);
    if (d.email.trim() !== '' && !isValidEmail(d.email)) errors.email = VALIDATION_KEYS.format;
    required(errors, 'rootOrgId', d.rootOrgId);
    return errors;
  }
  required(errors, 'name', d.name);
  if (d.kind === 'rule') {
    if (d.periodStart !== '' && !isCalendarDate(d.periodStart)) errors.periodStart = VALIDATION_KEYS.format;
    if (d.periodEnd !== '' && !isCalendarDate(d.periodEnd)) errors.periodEnd = VALIDATION_KEYS.format;
    else if (d.periodStart !== '' && d.periodEnd !== '' && d.periodEnd < d.periodStart)
      (errors as Record<string, string>).periodEnd = RIGHTS_VALIDATION_KEYS.periodOrder;
    if (d.metaValue.trim() !== '' && d.metaKey.trim() === '')
      (errors as Record<string, string>).metaValue = RIGHTS_VALIDATION_KEYS.metaKeyRequired;
  }
  return errors;
};

interface ApiErrorShape {
  key?: unknown;
  errors?: unknown;
  fields?: unknown;
}
const shape = (error: unknown): ApiErrorShape => (typeof error === 'object' && error !== null ? error : {});
export const errorKeyOf = (error: unknown): string => {
  const key = shape(error).key;
  return typeof key === 'string' ? key : ERROR_KEYS.internal;
};
export const isConflictError = (error: unknown): boolean => errorKeyOf(error) === ERROR_KEYS.rightsConflict;

export const failureOf = (error: unknown, alertKey: string): RightsFailure => {
  const list = shape(error).errors;
  const detail = Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
  return { key: alertKey, reason: errorKeyOf(error), ...(detail ? { detail } : {}) };
};

/** The server's per-field keys (`fields: { login: 'error.…' }`), kept for the fields this kind has. */
export const serverFieldErrors = (error: unknown, d: RightsDraft): Partial<Record<DraftField, string>> => {
  const fields = shape(error).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(([field, key]) => field in d && typeof key === 'string'),
  ) as Partial<Record<DraftField, string>>;
};

const K = ALERT_KEYS.rights;
export const ALERTS_BY_KIND = {
  user: {
    get: K.getUserError,
    create: K.createUserError,
    update: K.updateUserError,
    delete: K.deleteUserError,
    created: K.createUserSuccess,
    updated: K.updateUserSuccess,
    deleted: K.deleteUserSuccess,
  },
  userGroup: {
    get: K.getUserGroupError,
    create: K.createUserGroupError,
    update: K.updateUserGroupError,
    delete: K.deleteUserGroupError,
    created: K.createUserGroupSuccess,
    updated: K.updateUserGroupSuccess,
    deleted: K.deleteUserGroupSuccess,
  },
  rule: {
    get: K.getRuleError,
    create: K.createRuleError,
    update: K.updateRuleError,
    delete: K.deleteRuleError,
    created: K.createRuleSuccess,
    updated: K.updateRuleSuccess,
    deleted: K.deleteRuleSuccess,
  },
} as const satisfies Record<RightsKind, Record<string, string>>;

/** The alert of a failed action on a saved entity. */
export const actionFailureKey = (kind: RightsKind, action: RightsAction): string =>
  action === 'sendPassword'
    ? ALERT_KEYS.users.reinitPasswordError
    : action === 'delete'
      ? ALERTS_BY_KIND[kind].delete
      : ALERTS_BY_KIND[kind].update;

/** The alert once an action went through. */
export const actionSuccessKey = (kind: RightsKind, action: RightsAction, outcome: string): string =>
  action === 'sendPassword'
    ? K.passwordLinkSent
    : action === 'deactivate'
      ? K.deactivateUserSuccess
      : action === 'reactivate'
        ? K.reactivateUserSuccess
        : outcome === 'deactivated'
          ? K.deleteUserDeactivated
          : ALERTS_BY_KIND[kind].deleted;

export const isUserRecord = (kind: RightsKind, record: RightsRecord | null): record is UserAdminDetail =>
  kind === 'user' && record !== null;

/**
 * Which actions the saved entity offers: delete for every kind; for a user, (de)activation by their
 * status and the password link when their saved e-mail exists. Nobody deactivates or deletes themselves.
 */
export const isActionAllowed = (c: RightsFormContext, action: RightsAction): boolean => {
  if (c.id === null || c.record === null) return false;
  if (!isUserRecord(c.kind, c.record)) return action === 'delete';
  const self = c.selfId !== null && c.selfId === c.id;
  if (action === 'sendPassword') return (c.record.email ?? '').trim() !== '' && c.record.active;
  if (action === 'deactivate') return !self && c.record.active;
  if (action === 'reactivate') return !self && !c.record.active;
  // An inactive user with a history is not deleted: the server would only deactivate them again.
  return !self && !(c.record.hasHistory === true && !c.record.active);
};
