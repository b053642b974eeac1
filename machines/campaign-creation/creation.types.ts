/** Context, events and input of the campaign creation (seed 000 §2 CreateCampaign, §5 campaign rules). */
import type { Campaign, CampaignCreateJson } from '../../src/contract/entities.ts';

export const CREATION_STEPS = ['type', 'documents', 'recipients', 'options', 'review'] as const;
export type CreationStep = (typeof CREATION_STEPS)[number];

export interface CreationDocType {
  readonly code: string;
  readonly label: string;
  /** A mask for the organisation (or an ancestor): recipients are found in the pages. */
  readonly hasMask: boolean;
}

/** An accepted file; the web keeps the bytes by `id`. */
export interface CreationDocument {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  /**
   * A document already in the safe (seed 001 §7.2 `docIds`): `id` is the document's, no bytes travel,
   * and it belongs to the chosen type (another type drops it).
   */
  readonly fromSafe?: true;
}

/** A file the page refused before upload (not a PDF by content, too large): shown with its key. */
export interface RejectedFile {
  readonly name: string;
  readonly key: string;
}

export interface CreationRecipient {
  readonly kind: 'employee' | 'group';
  readonly id: string;
  readonly label: string;
  /** Employees: their e-mail, null when they have none (refused). Groups: null. */
  readonly email: string | null;
  /** Groups: the members without e-mail ("Prénom Nom"); a group with any is refused. */
  readonly withoutEmail?: readonly string[];
}

export type CreationOption = 'review' | 'onRefuse' | 'onError';

export interface CreationFailure {
  readonly key: string;
  /** The server's key and text, shown after the seed's alert. */
  readonly detailKey?: string;
  readonly detail?: string;
  readonly fields?: Readonly<Record<string, string>>;
}

export interface CreationInput {
  /** Check before distribution: on unless the organisation says otherwise. */
  readonly review?: boolean;
}

export interface CreationContext {
  readonly docType: CreationDocType | null;
  /** Manual recipients confirmed: irreversible, no masked type can be chosen any more. */
  readonly manualConfirmed: boolean;
  readonly documents: readonly CreationDocument[];
  readonly rejected: readonly RejectedFile[];
  readonly recipients: readonly CreationRecipient[];
  /** The last recipient the picker refused (no e-mail). */
  readonly refusedRecipient: CreationRecipient | null;
  readonly name: string;
  /** Name shown to employees; empty = the campaign name. */
  readonly docName: string;
  readonly review: boolean;
  readonly onRefuse: boolean;
  readonly onError: boolean;
  readonly usersToNotify: readonly string[];
  readonly percentage: number;
  readonly uploadCompleted: boolean;
  readonly campaignId: string | null;
  readonly failure: CreationFailure | null;
}

export type CreationEvent =
  | { readonly type: 'creation.type.select'; readonly docType: CreationDocType }
  | { readonly type: 'creation.document.add'; readonly document: CreationDocument }
  | { readonly type: 'creation.document.reject'; readonly file: RejectedFile }
  | { readonly type: 'creation.document.remove'; readonly id: string }
  | { readonly type: 'creation.manual.confirm' }
  | { readonly type: 'creation.recipient.add'; readonly recipient: CreationRecipient }
  | { readonly type: 'creation.recipient.remove'; readonly id: string }
  | { readonly type: 'creation.option.set'; readonly option: CreationOption; readonly value: boolean }
  | { readonly type: 'creation.name.change'; readonly value: string }
  | { readonly type: 'creation.docName.change'; readonly value: string }
  | { readonly type: 'creation.notify.change'; readonly userIds: readonly string[] }
  | { readonly type: 'creation.next' }
  | { readonly type: 'creation.back' }
  | { readonly type: 'creation.send' }
  | { readonly type: 'creation.cancel' }
  | { readonly type: 'api.creation.progressed'; readonly percentage: number; readonly uploadCompleted: boolean }
  | { readonly type: 'api.creation.succeeded'; readonly campaign: Pick<Campaign, 'id'> }
  | { readonly type: 'api.creation.failed'; readonly error: unknown }
  | { readonly type: 'api.creation.canceled' };
export type CreationEventType = CreationEvent['type'];

/** What the `submitCampaign` actor receives: the route, the json part, the files by id, in order. */
export interface SubmitInput {
  readonly routeId: 'campaigns.create' | 'campaigns.createManual';
  readonly json: CampaignCreateJson;
  readonly documentIds: readonly string[];
  readonly name: string;
}

export type CreationEmitted =
  | {
      readonly type: 'creation.alert';
      /** `cause`: the server's error key (why), `detail`: what it named (files, people). */
      readonly alert: { type: 'success' | 'error'; key: string; cause?: string; detail?: string };
    }
  | { readonly type: 'creation.sent'; readonly campaignId: string };
