/** Context, events and input of the signbook creation (`/signworkflows/creation`, seed 000 §5). */
import type { OrgDocTypeConf } from '../../src/contract/entities.ts';
import type { SignbookCreated, SignbookUploadJson, TemplateView } from '../../src/contract/signbook.ts';
import type { DraftStep } from './signbookCreation.model.ts';

/** The one document, accepted by the page's check; the page keeps its bytes by `id`. */
export interface SignbookDocument {
  readonly id: string;
  readonly name: string;
  readonly size: number;
}

export interface SignbookCreationInput {
  /** The session's organisation: the draft's organisation until another is chosen ('' : none). */
  readonly orgId: string;
}

export interface SignbookCreationContext {
  readonly name: string;
  readonly orgId: string;
  /** The templates offered (empty when they could not be read). */
  readonly templates: readonly TemplateView[];
  /** The template applied, null for a free signbook. */
  readonly template: TemplateView | null;
  /** The organisation's enabled document types. */
  readonly docTypes: readonly OrgDocTypeConf[];
  readonly docType: string;
  /** The document being checked (not yet accepted). */
  readonly pending: SignbookDocument | null;
  /** The accepted document: the only one sent. */
  readonly document: SignbookDocument | null;
  /** Why the last dropped document was refused (`error.upload.*`). */
  readonly fileError: string | null;
  readonly steps: readonly DraftStep[];
  readonly toSafe: boolean;
  /** « Créer et envoyer en signature » was pressed once: the problems and the required fields show from then on. */
  readonly tried: boolean;
  /** The server's key of the last failed sending (or the seed's creation alert when it gave none). */
  readonly failure: string | null;
  readonly created: SignbookCreated | null;
}

export type SignbookCreationEvent =
  | { readonly type: 'signbook.name.change'; readonly value: string }
  | { readonly type: 'signbook.org.change'; readonly orgId: string }
  /** '' : a free signbook. */
  | { readonly type: 'signbook.template.choose'; readonly templateId: string }
  | { readonly type: 'signbook.docType.change'; readonly code: string }
  | { readonly type: 'signbook.document.choose'; readonly document: SignbookDocument }
  | { readonly type: 'signbook.document.remove' }
  | { readonly type: 'signbook.steps.change'; readonly steps: readonly DraftStep[] }
  | { readonly type: 'signbook.toSafe.change'; readonly value: boolean }
  | { readonly type: 'signbook.submit' }
  | { readonly type: 'api.signbook.succeeded'; readonly created: SignbookCreated }
  | { readonly type: 'api.signbook.failed'; readonly error: unknown }
  | { type: 'xstate.done.actor.loadTemplates'; actorId?: string; output: readonly TemplateView[] }
  | { type: 'xstate.error.actor.loadTemplates'; actorId?: string; error: unknown }
  | { type: 'xstate.done.actor.loadDocTypes'; actorId?: string; output: readonly OrgDocTypeConf[] }
  | { type: 'xstate.error.actor.loadDocTypes'; actorId?: string; error: unknown }
  /** The page's check of the dropped PDF: the refusal key, or null when accepted. */
  | { type: 'xstate.done.actor.checkDocument'; actorId?: string; output: string | null };
export type SignbookCreationEventType = SignbookCreationEvent['type'];

/** What the `submitSignbook` actor receives: the json part and the document's id and name. */
export interface SubmitSignbookInput {
  readonly json: SignbookUploadJson;
  readonly document: SignbookDocument;
}

export interface SignbookCreationAlert {
  readonly type: 'success' | 'warning' | 'error';
  readonly key: string;
  /** A warning's signatory (« Prénom Nom »). */
  readonly detail?: string;
}

export type SignbookCreationEmitted =
  | { readonly type: 'signbook.alert'; readonly alert: SignbookCreationAlert }
  | { readonly type: 'signbook.created'; readonly signbookId: string };
