/** Context, events, input and actor payloads of the rights form (users, user groups, access rules). */
import type { OrganizationNode } from '../../src/contract/entities.ts';
import type { Feature } from '../../src/contract/features.ts';
import type { OrgAccessInput, RuleView, UserAdminDetail, UserGroupView } from '../../src/contract/rights.ts';
import type { FieldErrors } from '../../src/contract/validation.ts';

export const RIGHTS_KINDS = ['user', 'userGroup', 'rule'] as const;
export type RightsKind = (typeof RIGHTS_KINDS)[number];

/** A person picked by name (group member, rule target, rule employee): the label travels with the id. */
export interface PersonRef {
  readonly id: string;
  readonly label: string;
  /** A second line: e-mail or login. */
  readonly detail: string | null;
}

export interface NamedRef {
  readonly id: string;
  readonly name: string;
}

export interface UserDraft {
  readonly kind: 'user';
  readonly login: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly rootOrgId: string;
  readonly rootIncludesChildren: boolean;
  readonly access: readonly OrgAccessInput[];
  readonly features: readonly Feature[];
  readonly userGroupIds: readonly string[];
  readonly linkedToMicrosoft: boolean;
}

export interface UserGroupDraft {
  readonly kind: 'userGroup';
  readonly name: string;
  readonly features: readonly Feature[];
  readonly members: readonly PersonRef[];
}

export interface RuleDraft {
  readonly kind: 'rule';
  readonly name: string;
  readonly features: readonly Feature[];
  /** `YYYY-MM-DD` or '' (no bound). */
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly docTypes: readonly string[];
  readonly organizationIds: readonly string[];
  readonly employees: readonly PersonRef[];
  readonly employeeGroupIds: readonly string[];
  readonly metaKey: string;
  readonly metaValue: string;
  readonly userGroupIds: readonly string[];
  readonly users: readonly PersonRef[];
}

export type RightsDraft = UserDraft | UserGroupDraft | RuleDraft;
/** What a view changes: any fields of the draft of its kind (keys of another kind are ignored). */
export type RightsPatch =
  Partial<Omit<UserDraft, 'kind'>> | Partial<Omit<UserGroupDraft, 'kind'>> | Partial<Omit<RuleDraft, 'kind'>>;
export type DraftField = Exclude<keyof UserDraft | keyof UserGroupDraft | keyof RuleDraft, 'kind'>;

/** The entity as the server answered it (version, trail, effective rights, status). */
export type RightsRecord = UserAdminDetail | UserGroupView | RuleView;

/** What the form offers to choose from, loaded with the record. */
export interface RightsOptions {
  readonly orgTree: readonly OrganizationNode[];
  readonly userGroups: readonly NamedRef[];
  readonly users: readonly PersonRef[];
  readonly docTypes: readonly { readonly code: string; readonly label: string }[];
  readonly employeeGroups: readonly NamedRef[];
  /** The rule's chosen employees, by name. */
  readonly employees: readonly PersonRef[];
}

/** Actions on a saved entity besides saving it; each one is confirmed first. */
export const RIGHTS_ACTIONS = ['delete', 'deactivate', 'reactivate', 'sendPassword'] as const;
export type RightsAction = (typeof RIGHTS_ACTIONS)[number];
/** `deactivated`: the server kept a user with history and deactivated them instead of deleting. */
export type ActionOutcome = 'done' | 'deleted' | 'deactivated';

export interface RightsFailure {
  /** The alert key (seed 001 §8: api.*User.error, api.reinitPassword.error, …). */
  readonly key: string;
  /** The server's error key (`error.*`), translated under the form. */
  readonly reason: string;
  /** The server's first `errors` text, when it sent one (French). */
  readonly detail?: string;
}

export interface RightsFormInput {
  readonly kind: RightsKind;
  /** null: creation. */
  readonly id: string | null;
  /** The session's current organisation: its document types and employee groups are offered. */
  readonly orgId: string | null;
  /** The session's user: they may not deactivate or delete themselves. */
  readonly selfId?: string | null;
}

export interface RightsFormContext {
  readonly kind: RightsKind;
  readonly id: string | null;
  readonly orgId: string | null;
  readonly selfId: string | null;
  readonly options: RightsOptions;
  readonly record: RightsRecord | null;
  readonly values: RightsDraft;
  /** Last loaded or saved: what "unsaved changes" compares with. */
  readonly initial: RightsDraft;
  /** What was typed when a conflict made the form reload: still shown, and can be applied again. */
  readonly pending: RightsDraft | null;
  readonly errors: FieldErrors<DraftField>;
  readonly serverErrors: Readonly<Partial<Record<DraftField, string>>>;
  /** Fields changed at least once: their messages show before the first submit. */
  readonly touched: Readonly<Partial<Record<DraftField, true>>>;
  readonly submitted: boolean;
  readonly failure: RightsFailure | null;
  readonly confirming: RightsAction | null;
}

export interface LoadInput {
  readonly kind: RightsKind;
  readonly id: string | null;
  readonly orgId: string | null;
}
export interface LoadOutput {
  readonly record: RightsRecord | null;
  readonly options: RightsOptions;
}
export interface SaveInput {
  readonly kind: RightsKind;
  readonly id: string | null;
  readonly body: unknown;
}
export interface ActionInput {
  readonly kind: RightsKind;
  readonly id: string;
  readonly action: RightsAction;
  /** For (de)activation: the saved entity as an update body, with its version. */
  readonly body: unknown;
}
export interface ActionOutput {
  readonly action: RightsAction;
  readonly outcome: ActionOutcome;
  readonly record: RightsRecord | null;
}

export type RightsFormEvent =
  | { type: 'form.change'; patch: RightsPatch }
  | { type: 'form.submit' }
  | { type: 'form.reset' }
  | { type: 'form.retry' }
  | { type: 'form.reload' }
  | { type: 'form.reapply' }
  | { type: 'form.pending.dismiss' }
  | { type: 'form.action'; action: RightsAction }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'xstate.done.actor.loadForm'; actorId?: string; output: LoadOutput }
  | { type: 'xstate.error.actor.loadForm'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.saveForm'; actorId?: string; output: RightsRecord }
  | { type: 'xstate.error.actor.saveForm'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.runAction'; actorId?: string; output: ActionOutput }
  | { type: 'xstate.error.actor.runAction'; actorId?: string; error: unknown };
export type RightsFormEventType = RightsFormEvent['type'];

export type RightsFormEmitted =
  | { type: 'form.alert'; alert: { type: 'success' | 'error'; key: string; detail?: string } }
  | { type: 'form.saved'; id: string; created: boolean }
  | { type: 'form.deleted'; id: string };
