/** Context, events, input and emitted facts of an organisation's configuration panel (on its sheet). */
import type { OrgDocTypeConf, OrganizationConf } from '../../src/contract/entities.ts';
import type { DistributionMode } from '../../src/contract/enums.ts';

export interface OrgConfInput {
  readonly orgId: string;
}

export interface OrgConfLoaded {
  readonly conf: OrganizationConf;
  readonly docTypes: readonly OrgDocTypeConf[];
}

export interface OrgConfContext {
  readonly orgId: string;
  /** Null until read. */
  readonly conf: OrganizationConf | null;
  readonly docTypes: readonly OrgDocTypeConf[];
}

export type OrgConfEvent =
  | { readonly type: 'conf.mode.change'; readonly mode: DistributionMode }
  | { readonly type: 'conf.user.toggle'; readonly userId: string; readonly on: boolean }
  | { readonly type: 'conf.signature.toggle'; readonly on: boolean }
  | { readonly type: 'conf.css.change'; readonly value: string }
  | { readonly type: 'conf.docType.toggle'; readonly code: string; readonly on: boolean }
  | { readonly type: 'conf.save' }
  | { readonly type: 'xstate.done.actor.loadConf'; readonly output: OrgConfLoaded }
  | { readonly type: 'xstate.error.actor.loadConf'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.saveConf'; readonly output: OrganizationConf }
  | { readonly type: 'xstate.error.actor.saveConf'; readonly error: unknown };
export type OrgConfEventType = OrgConfEvent['type'];

export interface OrgConfAlert {
  readonly type: 'success' | 'error';
  /** Translation key of the message. */
  readonly key: string;
  /** The failed call's answer, whose text (`failureText`) the view shows as the alert's detail. */
  readonly error?: unknown;
}

export type OrgConfEmitted = { readonly type: 'conf.alert'; readonly alert: OrgConfAlert };
