/** Context, events and input of a signbook template's page (`/signworkflows/templates/{id}` and `/new`). */
import type { OrgDocTypeConf } from '../../src/contract/entities.ts';
import type { TemplateBody, TemplateView } from '../../src/contract/signbook.ts';
import type { DraftStep } from '../signbook-creation/signbookCreation.model.ts';

export interface SignbookTemplateInput {
  /** The template's id, or 'new'. */
  readonly id: string;
  /** The session's organisation: a new template's until another is chosen ('' : none). */
  readonly orgId: string;
}

export interface SignbookTemplateContext {
  readonly id: string;
  readonly creating: boolean;
  readonly name: string;
  readonly orgId: string;
  /** The document-type codes the template allows. */
  readonly docTypes: readonly string[];
  /** The organisation's document types offered. */
  readonly types: readonly OrgDocTypeConf[];
  readonly steps: readonly DraftStep[];
  /** « Enregistrer » was pressed once: the problems show from then on. */
  readonly tried: boolean;
  /** The server's key of the last failed read, save or deletion. */
  readonly error: string | null;
}

export type SignbookTemplateEvent =
  | { readonly type: 'template.name.change'; readonly value: string }
  | { readonly type: 'template.org.change'; readonly orgId: string }
  | { readonly type: 'template.docType.toggle'; readonly code: string; readonly checked: boolean }
  | { readonly type: 'template.steps.change'; readonly steps: readonly DraftStep[] }
  | { readonly type: 'template.save' }
  | { readonly type: 'template.delete.ask' }
  | { readonly type: 'template.delete.cancel' }
  | { readonly type: 'template.delete.confirm' }
  /** A new template is read as null. */
  | { type: 'xstate.done.actor.loadTemplate'; actorId?: string; output: TemplateView | null }
  | { type: 'xstate.error.actor.loadTemplate'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.loadDocTypes'; actorId?: string; output: readonly OrgDocTypeConf[] }
  | { type: 'xstate.error.actor.loadDocTypes'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.saveTemplate'; actorId?: string; output: TemplateView }
  | { type: 'xstate.error.actor.saveTemplate'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.deleteTemplate'; actorId?: string; output: unknown }
  | { type: 'xstate.error.actor.deleteTemplate'; actorId?: string; error: unknown };
export type SignbookTemplateEventType = SignbookTemplateEvent['type'];

export interface SaveTemplateInput {
  /** Null: create. */
  readonly id: string | null;
  readonly body: TemplateBody;
}

export type SignbookTemplateEmitted =
  | { readonly type: 'template.alert'; readonly key: string }
  /** A new template was created: the page moves to its address. */
  | { readonly type: 'template.created'; readonly id: string }
  | { readonly type: 'template.deleted' };
