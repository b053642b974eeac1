/** Context, events, input and emitted facts of the employee group form (create and edit). */
import type { EmployeeGroupDetail, EmployeeGroupMember, Organization } from '../../src/contract/entities.ts';

export interface GroupFormInput {
  /** The group edited (`/employee-groups/{id}`); null creates (`/employee-groups/create`). */
  readonly groupId: string | null;
  /** The current organisation: the new group's by default. */
  readonly orgId: string;
}

/** What the form reads first: the group edited (null on creation) and the organisations a new group may take. */
export interface GroupFormLoaded {
  readonly group: EmployeeGroupDetail | null;
  readonly orgs: readonly Organization[];
}

export interface GroupFormContext {
  readonly groupId: string | null;
  /** The group as read or last saved; null while creating. */
  readonly group: EmployeeGroupDetail | null;
  readonly orgs: readonly Organization[];
  readonly name: string;
  readonly orgId: string;
  readonly members: readonly EmployeeGroupMember[];
  /** The fingerprint of what was read or saved, which "changed" compares with. */
  readonly savedPrint: string;
  readonly touched: boolean;
  /** The key the server answered the last save with; cleared as the name is typed. */
  readonly serverError: string | null;
  /** Why the edited group could not be read: the page says only that. */
  readonly loadError: string | null;
}

export type GroupFormEvent =
  | { readonly type: 'group.name.change'; readonly value: string }
  | { readonly type: 'group.name.blur' }
  | { readonly type: 'group.org.change'; readonly orgId: string }
  | { readonly type: 'group.member.add'; readonly member: EmployeeGroupMember }
  | { readonly type: 'group.member.remove'; readonly memberId: string }
  | { readonly type: 'group.save' }
  | { readonly type: 'group.delete.ask' }
  | { readonly type: 'group.delete.cancel' }
  | { readonly type: 'group.delete.confirm' }
  | { readonly type: 'xstate.done.actor.loadGroup'; readonly output: GroupFormLoaded }
  | { readonly type: 'xstate.error.actor.loadGroup'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.saveGroup'; readonly output: EmployeeGroupDetail }
  | { readonly type: 'xstate.error.actor.saveGroup'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.deleteGroup'; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.deleteGroup'; readonly error: unknown };
export type GroupFormEventType = GroupFormEvent['type'];

export interface GroupFormAlert {
  readonly type: 'success' | 'error';
  /** Translation key of the message. */
  readonly key: string;
  /** Translation key of the server's answer, shown as the alert's detail. */
  readonly detailKey?: string;
}

/** What the form tells its view: an alert, and that the page is over (created or deleted: back to the list). */
export type GroupFormEmitted =
  { readonly type: 'group.alert'; readonly alert: GroupFormAlert } | { readonly type: 'group.left' };
