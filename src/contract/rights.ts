/**
 * Rights administration (seed 000 §3 User, User group, Rule; §5 user rules; §6 roles and
 * permissions; seed 001 §7.8): the bodies and answers of the users, user-group and access-rule
 * calls, the rights matrix the screens show, the document criteria of a rule and the trail of
 * rights changes.
 *
 * Rights are the seed's feature flags (`features.ts`), and only those: every cell of the matrix is
 * one flag the server enforces on its routes. Effective rights of a session = the user's own flags
 * ∪ the flags of their user groups ∪ the flags of the access rules that target them or their groups
 * (in the session's domain), read on every call.
 *
 * User groups and access rules belong to one company (the root of an organisation tree) in one
 * domain; an administrator manages those of the company of their session's root organisation, and
 * the users who share an organisation with them.
 */
import { Schema as S } from 'effect';
import { MAX_LENGTH as M } from './constants.ts';
import { DomainSchema, FeatureSchema } from './entities.ts';
import type { Feature } from './features.ts';
import { Id, IdList, List, Text, Uuid } from './fields.ts';
import { type FieldErrors, VALIDATION_KEYS, isCalendarDate, isValidEmail } from './validation.ts';

const opt = S.optional;
const IsoDate = Text(M.date);
const Paging = {
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 200))),
};

/* ------------------------------------------------------------------ the rights matrix */

/** The rows of the rights screens (seed 000 §6 feature families the product has). */
export const RIGHT_FAMILIES = ['documents', 'employees', 'campaigns', 'signbooks', 'organisations', 'users'] as const;
export type RightFamily = (typeof RIGHT_FAMILIES)[number];
/** The columns (seed 000 §6: All, Create/Edit, List, Others); « All » ticks every cell of its row. */
export const RIGHT_COLUMNS = ['createEdit', 'list', 'others'] as const;
export type RightColumn = (typeof RIGHT_COLUMNS)[number];

/**
 * Which flag each cell grants. A cell absent here does not exist for that family (the screens show
 * no checkbox): nothing in the product would enforce it. The seed's other families (third parties,
 * public-procurement invoicing portal, collaborative space) belong to products this one is not.
 */
export const RIGHTS_MATRIX: Readonly<Record<RightFamily, Partial<Readonly<Record<RightColumn, Feature>>>>> = {
  documents: { list: 'DocSearch' },
  employees: { list: 'EmpList' },
  campaigns: { createEdit: 'DocCreateDispatch', list: 'DocListDispatch' },
  signbooks: { createEdit: 'ParaphCreateUpdate', list: 'ParaphList' },
  organisations: { createEdit: 'OrgCreateUpdate', list: 'OrgList' },
  users: { others: 'UserAccess' },
};

/* ------------------------------------------------------------------ users */

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** One organisation a user sees; `includeChildren` is the default access (children created later too). */
export const OrgAccessInput = S.Struct({ orgId: Uuid, includeChildren: S.Boolean });
export type OrgAccessInput = typeof OrgAccessInput.Type;

/**
 * Create (`POST {product}-user`) and update (`PUT {product}-user/{id}`) of a user, in the session's
 * domain. The root organisation and the visible ones must be organisations the administrator sees;
 * the features, flags the administrator holds. No password: a new user sets theirs from the link
 * « Envoyer un mot de passe généré » mails them (`POST reinit-password`).
 */
export const UserInput = S.Struct({
  /** Blank names and login are answered per field (`userFieldErrors`), like the other forms. */
  login: Text(M.login),
  firstName: Text(M.personName),
  lastName: Text(M.personName),
  email: S.NullOr(Text(M.email)),
  rootOrgId: Uuid,
  /** Visible organisations besides the root (the root is always visible, with its default access). */
  access: List(OrgAccessInput),
  /** Whether the root's access covers its children created later (« accès par défaut »). */
  rootIncludesChildren: S.Boolean,
  features: List(FeatureSchema),
  userGroupIds: IdList(Uuid),
  linkedToMicrosoft: S.Boolean,
  /** Update only: false deactivates (sessions end at once), true reactivates. */
  active: opt(S.Boolean),
  /** Update only: the `version` the form was read at; another change since → 409 `error.rights.conflict`. */
  version: opt(S.Number.pipe(S.int(), S.nonNegative())),
});
export type UserInput = typeof UserInput.Type;

/** A user as the rights screens show them (list row and detail). */
export const UserAdminView = S.Struct({
  id: Id,
  login: S.String,
  firstName: S.String,
  lastName: S.String,
  email: S.NullOr(S.String),
  active: S.Boolean,
  rootOrgId: S.NullOr(Id),
  rootIncludesChildren: S.Boolean,
  access: S.Array(S.Struct({ orgId: Id, includeChildren: S.Boolean })),
  /** The user's own flags. */
  features: S.Array(FeatureSchema),
  /** Own ∪ groups' ∪ rules' flags in this domain: what their next call is allowed. */
  effectiveFeatures: S.Array(FeatureSchema),
  userGroupIds: S.Array(Id),
  linkedToMicrosoft: S.Boolean,
  lastLoginAt: S.NullOr(IsoDate),
  createdAt: IsoDate,
  /** Bumped by every change; sent back with an update to detect a concurrent one. */
  version: S.Number,
  /**
   * The user ever logged in or authored anything: deleting them only deactivates them. Given by the
   * one user's read and write (`users.get`, `users.update`), not in lists.
   */
  hasHistory: opt(S.Boolean),
});
export type UserAdminView = typeof UserAdminView.Type;

export const USER_ADMIN_SORT_FIELDS = ['login', 'lastName', 'firstName', 'email', 'createdAt'] as const;
/** `POST {product}-users`: search, status, paging (20 by default) and order. */
export const UserListBody = S.Struct({
  search: opt(Text(M.search)),
  status: opt(S.Literal(...USER_STATUSES)),
  ...Paging,
  order: opt(S.Struct({ field: S.Literal(...USER_ADMIN_SORT_FIELDS), sens: S.Literal('asc', 'desc') })),
});
export type UserListBody = typeof UserListBody.Type;
export const UserAdminPage = S.Struct({ count: S.Number, items: S.Array(UserAdminView) });
export type UserAdminPage = typeof UserAdminPage.Type;

/**
 * `DELETE {product}-user/{id}`: a user with history (who ever logged in or authored anything) is
 * deactivated, the others deleted; either way their sessions and sockets end at once.
 */
export const UserDeleteResult = S.Struct({ outcome: S.Literal('deleted', 'deactivated') });
export type UserDeleteResult = typeof UserDeleteResult.Type;

/** `POST reinit-password`: mails the user a one-time link to set their password (needs an e-mail). */
export const ReinitPasswordBody = S.Struct({ userId: Uuid });
export type ReinitPasswordBody = typeof ReinitPasswordBody.Type;

/* ------------------------------------------------------------------ user groups */

export const UserGroupInput = S.Struct({
  name: Text(M.name),
  features: List(FeatureSchema),
  memberIds: IdList(Uuid),
  version: opt(S.Number.pipe(S.int(), S.nonNegative())),
});
export type UserGroupInput = typeof UserGroupInput.Type;

export const UserGroupView = S.Struct({
  id: Id,
  name: S.String,
  features: S.Array(FeatureSchema),
  memberIds: S.Array(Id),
  memberCount: S.Number,
  /** Access rules that target this group: while any does, the group cannot be deleted (seed 000 §5). */
  ruleIds: S.Array(Id),
  createdAt: IsoDate,
  version: S.Number,
});
export type UserGroupView = typeof UserGroupView.Type;

export const NAMED_SORT_FIELDS = ['name', 'createdAt'] as const;
/** `POST /{product}-user-groups` and `POST /access-rules`: search, paging (20) and order. */
export const NamedListBody = S.Struct({
  search: opt(Text(M.search)),
  ...Paging,
  order: opt(S.Struct({ field: S.Literal(...NAMED_SORT_FIELDS), sens: S.Literal('asc', 'desc') })),
});
export type NamedListBody = typeof NamedListBody.Type;
export const UserGroupPage = S.Struct({ count: S.Number, items: S.Array(UserGroupView) });
export type UserGroupPage = typeof UserGroupPage.Type;

/* ------------------------------------------------------------------ access rules */

/**
 * Which documents a rule lets its users see (seed 000 §3, §6). Every criterion that is set must
 * hold (AND); an empty list, null or an empty string is no constraint. A user sees a document of an
 * organisation they see when they have no rule, or when at least one of their rules matches it (OR);
 * a rule that sets nothing matches every document. Compiled to SQL and written as a reference in
 * src/server/auth/document-visibility.ts; a property test holds the two to agreement.
 * - period: the document's period [periodStart, periodEnd] (each falling back to the other, then to
 *   the emission date, then to the deposit date — the UTC calendar day of the deposit instant)
 *   overlaps [periodStart, periodEnd] of the rule: document start ≤ rule end and document end ≥
 *   rule start, both bounds inclusive, compared as calendar days (a date-time bound counts by its
 *   date part); a missing bound is open; a rule whose start is after its end matches nothing;
 * - docTypes: its type code is one of them (exact, case-sensitive);
 * - organizationIds: its organisation is one of them or below one of them, in the tree as it is at
 *   the call (an organisation created later below a named one is covered);
 * - employeeIds / employeeGroupIds: its employee is one of them / a member of one of them (both set:
 *   both hold); a document without an employee matches neither;
 * - metaKey (+ metaValue): one of its metaDatas is an object with that name (and that value, a
 *   string equal to it, case-sensitive); a metaValue without metaKey: one of its metaDatas has that
 *   value, whatever its name (the rights screens refuse such a rule, stored ones still mean this).
 * Ids are compared as uuids (case-insensitively); an id the domain does not hold matches nothing.
 */
export const DocumentCriteria = S.Struct({
  periodStart: S.NullOr(IsoDate),
  periodEnd: S.NullOr(IsoDate),
  docTypes: List(Text(M.code)),
  organizationIds: IdList(Uuid),
  employeeIds: IdList(Uuid),
  employeeGroupIds: IdList(Uuid),
  metaKey: S.NullOr(Text(M.name)),
  metaValue: S.NullOr(Text(M.text)),
});
export type DocumentCriteria = typeof DocumentCriteria.Type;

export const RuleInput = S.Struct({
  name: Text(M.name),
  features: List(FeatureSchema),
  criteria: DocumentCriteria,
  /** Whom the rule applies to: members of these groups, and these users. */
  userGroupIds: IdList(Uuid),
  userIds: IdList(Uuid),
  version: opt(S.Number.pipe(S.int(), S.nonNegative())),
});
export type RuleInput = typeof RuleInput.Type;

export const RuleView = S.Struct({
  id: Id,
  name: S.String,
  features: S.Array(FeatureSchema),
  criteria: DocumentCriteria,
  userGroupIds: S.Array(Id),
  userIds: S.Array(Id),
  createdAt: IsoDate,
  version: S.Number,
});
export type RuleView = typeof RuleView.Type;
export const RulePage = S.Struct({ count: S.Number, items: S.Array(RuleView) });
export type RulePage = typeof RulePage.Type;

/* ------------------------------------------------------------------ trail */

export const RIGHTS_CHANGE_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'deactivated',
  'reactivated',
  'passwordLinkSent',
] as const;
export const RIGHTS_CHANGE_SUBJECTS = ['user', 'userGroup', 'rule'] as const;

/** One change of rights: who, when, what, before and after (the fields that changed only). */
export const RightsChange = S.Struct({
  id: Id,
  at: IsoDate,
  domain: DomainSchema,
  actor: S.Struct({ id: S.NullOr(Id), name: S.String }),
  action: S.Literal(...RIGHTS_CHANGE_ACTIONS),
  subject: S.Literal(...RIGHTS_CHANGE_SUBJECTS),
  subjectId: Id,
  subjectName: S.String,
  before: S.NullOr(S.Record({ key: S.String, value: S.Unknown })),
  after: S.NullOr(S.Record({ key: S.String, value: S.Unknown })),
});
export type RightsChange = typeof RightsChange.Type;

/** `GET {product}-user/{id}`: the user and the changes that concern them, newest first. */
export const UserAdminDetail = S.Struct({ ...UserAdminView.fields, changes: S.Array(RightsChange) });
export type UserAdminDetail = typeof UserAdminDetail.Type;

/* ------------------------------------------------------------------ field rules (both sides) */

const blank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

export type UserField = 'login' | 'firstName' | 'lastName' | 'email';
/** Seed 000 §5: required names and login, an e-mail of valid format when given (keys `validation.*`). */
export const userFieldErrors = (
  input: Pick<UserInput, 'login' | 'firstName' | 'lastName' | 'email'>,
): FieldErrors<UserField> => {
  const errors: FieldErrors<UserField> = {};
  if (blank(input.login)) errors.login = VALIDATION_KEYS.required;
  if (blank(input.firstName)) errors.firstName = VALIDATION_KEYS.required;
  if (blank(input.lastName)) errors.lastName = VALIDATION_KEYS.required;
  if (!blank(input.email) && !isValidEmail(input.email ?? '')) errors.email = VALIDATION_KEYS.format;
  return errors;
};

export type RuleField = 'name' | 'periodStart' | 'periodEnd' | 'metaKey';
/** A group or rule name is required; a rule's dates are calendar dates in order, a metadata value needs its key. */
export const ruleFieldErrors = (input: Pick<RuleInput, 'name'> & { criteria?: DocumentCriteria }) => {
  const errors: FieldErrors<RuleField> = {};
  if (blank(input.name)) errors.name = VALIDATION_KEYS.required;
  const c = input.criteria;
  if (!c) return errors;
  if (c.periodStart !== null && !isCalendarDate(c.periodStart)) errors.periodStart = VALIDATION_KEYS.format;
  if (c.periodEnd !== null && !isCalendarDate(c.periodEnd)) errors.periodEnd = VALIDATION_KEYS.format;
  if (!errors.periodStart && !errors.periodEnd && c.periodStart && c.periodEnd && c.periodStart > c.periodEnd)
    errors.periodEnd = VALIDATION_KEYS.format;
  if (blank(c.metaKey) && !blank(c.metaValue)) errors.metaKey = VALIDATION_KEYS.required;
  return errors;
};
