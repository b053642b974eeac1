/** Pure helpers of the creation machine: the json part, the recipients mode, the failure of an answer. */
import type { CampaignCreateJson } from '../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { CreationContext, CreationEvent, CreationFailure, SubmitInput } from './creation.types.ts';

import type { CreationRecipient } from './creation.types.ts';

/** Reachable by e-mail: an employee with an address, a group whose members all have one. */
export const isReachable = (r: CreationRecipient): boolean =>
  r.kind === 'group' ? !r.withoutEmail?.length : Boolean(r.email?.trim());

export type RecipientMode = 'automatic' | 'manual' | null;

/** The type decides: a mask finds recipients in the pages; without one they are chosen by hand. */
export const recipientMode = (c: Pick<CreationContext, 'docType'>): RecipientMode =>
  c.docType ? (c.docType.hasMask ? 'automatic' : 'manual') : null;

export const effectiveDocName = (c: Pick<CreationContext, 'docName' | 'name'>): string =>
  c.docName.trim() || c.name.trim();

export const creationJson = (c: CreationContext): CampaignCreateJson => {
  const manual = recipientMode(c) === 'manual';
  const code = c.docType?.code ?? '';
  return {
    name: c.name.trim(),
    docName: effectiveDocName(c),
    docIds: c.documents.filter((d) => d.fromSafe).map((d) => d.id),
    groupIds: manual ? c.recipients.filter((r) => r.kind === 'group').map((r) => r.id) : [],
    empIds: manual ? c.recipients.filter((r) => r.kind === 'employee').map((r) => r.id) : [],
    review: c.review,
    onRefuse: c.onRefuse,
    onError: c.onError,
    usersToNotify: [...c.usersToNotify],
    docTypeCode: code,
    automaticRecipients: !manual,
    ...(manual
      ? { files: c.documents.filter((d) => !d.fromSafe).map((d) => ({ name: d.name, docTypeCode: code })) }
      : {}),
  };
};

export const submitInput = (c: CreationContext): SubmitInput => ({
  routeId: recipientMode(c) === 'manual' ? 'campaigns.createManual' : 'campaigns.create',
  json: creationJson(c),
  documentIds: c.documents.filter((d) => !d.fromSafe).map((d) => d.id),
  name: c.name.trim(),
});

interface ErrorLike {
  key?: unknown;
  message?: unknown;
  errors?: unknown;
  fields?: unknown;
}

/** The seed's creation alert, with the server's key (and the names it lists) as detail. */
export const failureOf = (error: unknown): CreationFailure => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const errors = Array.isArray(e.errors) ? e.errors.filter((x): x is string => typeof x === 'string') : [];
  return {
    key: ALERT_KEYS.campaigns.dispatchCreationError,
    ...(typeof e.key === 'string' ? { detailKey: e.key } : {}),
    ...(errors.length ? { detail: errors.join(', ') } : {}),
    ...(typeof e.fields === 'object' && e.fields !== null ? { fields: e.fields as Record<string, string> } : {}),
  };
};

type Fact<T extends CreationEvent['type']> = Extract<CreationEvent, { type: T }>;

/** The facts the `submitCampaign` actor reports, built here so the web's glue code names no event type. */
export const creationFacts = {
  progressed: (percentage: number, uploadCompleted: boolean): Fact<'api.creation.progressed'> => ({
    type: 'api.creation.progressed',
    percentage,
    uploadCompleted,
  }),
  succeeded: (campaign: { id: string }): Fact<'api.creation.succeeded'> => ({
    type: 'api.creation.succeeded',
    campaign,
  }),
  failed: (error: unknown): Fact<'api.creation.failed'> => ({ type: 'api.creation.failed', error }),
  canceled: (): Fact<'api.creation.canceled'> => ({ type: 'api.creation.canceled' }),
};
