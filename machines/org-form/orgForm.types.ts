/** Context, events, input and emitted facts of the organisation form (create and edit). */
import type { CompanyInfo, Organization } from '../../src/contract/entities.ts';
import type { Failure, OrgFormValues } from './orgForm.model.ts';

export interface OrgFormInput {
  /** The organisation edited (`/organizations/{id}`); null creates (`/organizations/create`). */
  readonly orgId: string | null;
  /** `?parentId=` of the creation: the parent chosen in advance. */
  readonly parentId?: string;
}

export type OrgFormField = keyof OrgFormValues;

/** What the form reads before it can be used: the organisation edited (null on creation) and the parents offered. */
export interface OrgFormLoaded {
  readonly organization: Organization | null;
  readonly parents: readonly Organization[];
}

export interface OrgFormContext {
  readonly orgId: string | null;
  /** The organisation as read (edit); its payroll domain makes it read-only. */
  readonly organization: Organization | null;
  readonly parents: readonly Organization[];
  /** What "nothing changed" and the leave warning compare with; null while the edited organisation is read. */
  readonly initial: OrgFormValues | null;
  readonly values: OrgFormValues;
  readonly touched: Readonly<Partial<Record<OrgFormField, true>>>;
  readonly submitted: boolean;
  /** The last failed read or save, shown above the buttons (the edit page alone when the read failed). */
  readonly failure: Failure | null;
  /** The company lookup filled the form (its note shows), or its failure's key. */
  readonly lookupFilled: boolean;
  readonly lookupError: string | null;
  /** A SIRET the server said another organisation holds: the field says so while it is typed again. */
  readonly siretTaken: string | null;
  readonly saved: Organization | null;
}

export type OrgFormEvent =
  | { readonly type: 'form.change'; readonly field: OrgFormField; readonly value: string }
  | { readonly type: 'form.blur'; readonly field: OrgFormField }
  | { readonly type: 'form.lookup' }
  | { readonly type: 'form.submit' }
  | { readonly type: 'xstate.done.actor.loadForm'; readonly output: OrgFormLoaded }
  | { readonly type: 'xstate.error.actor.loadForm'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.lookupCompany'; readonly output: CompanyInfo }
  | { readonly type: 'xstate.error.actor.lookupCompany'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.saveOrganization'; readonly output: Organization }
  | { readonly type: 'xstate.error.actor.saveOrganization'; readonly error: unknown };
export type OrgFormEventType = OrgFormEvent['type'];

export interface OrgFormAlert {
  readonly type: 'success' | 'error';
  /** Translation key of the message. */
  readonly key: string;
  /** The failure whose text (`failureText`) the view shows as the alert's detail. */
  readonly failure?: Failure;
}

/** What the form tells its view: an alert to show, the organisation saved (the view opens its sheet). */
export type OrgFormEmitted =
  | { readonly type: 'form.alert'; readonly alert: OrgFormAlert }
  | { readonly type: 'form.saved'; readonly organization: Organization };
