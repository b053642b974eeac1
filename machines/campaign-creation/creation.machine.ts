/**
 * Campaign creation (seed 000 §2 CreateCampaign, §5 campaign rules), a stepper:
 * editing (type → documents → recipients → options → review) → sending → sent | failed.
 * Invariants: no document before a type; the type decides the recipients (mask → automatic, none →
 * manual, behind an irreversible confirmation after which no masked type can be chosen); manual
 * recipients need an e-mail (refused otherwise) and at least one; the name is required and the
 * name shown to employees defaults to it. `sending` invokes `submitCampaign` (the web's upload,
 * with its progress notification) which answers with `api.creation.*` facts; leaving `sending`
 * stops it, which aborts the upload. Views send `creation.*`; the machine emits alerts and `creation.sent`.
 */
import { assign, emit, fromCallback, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { failureOf, isReachable, recipientMode, submitInput } from './creation.model.ts';
import type { CreationContext, CreationEmitted, CreationEvent, CreationInput, SubmitInput } from './creation.types.ts';

const unwiredSubmit = fromCallback<CreationEvent, SubmitInput>(({ sendBack }) => {
  sendBack({ type: 'api.creation.failed', error: { key: 'error.network', status: 0 } });
});

export const initialCreationContext = (input: CreationInput = {}): CreationContext => ({
  docType: null,
  manualConfirmed: false,
  documents: [],
  rejected: [],
  recipients: [],
  refusedRecipient: null,
  name: '',
  docName: '',
  review: input.review ?? true,
  onRefuse: false,
  onError: false,
  usersToNotify: [],
  percentage: 0,
  uploadCompleted: false,
  campaignId: null,
  failure: null,
});

export const campaignCreationMachine = setup({
  types: {} as { context: CreationContext; events: CreationEvent; input: CreationInput; emitted: CreationEmitted },
  actors: { submitCampaign: unwiredSubmit },
  guards: {
    /** After the manual confirmation, a masked type would bring automatic recipients back: refused. */
    canSelectType: ({ context, event }) =>
      event.type === 'creation.type.select' && !(context.manualConfirmed && event.docType.hasMask),
    hasType: ({ context }) => context.docType !== null,
    canAddDocument: ({ context, event }) =>
      event.type === 'creation.document.add' &&
      context.docType !== null &&
      !context.documents.some((d) => d.id === event.document.id),
    hasDocument: ({ context, event }) =>
      event.type === 'creation.document.remove' && context.documents.some((d) => d.id === event.id),
    hasDocuments: ({ context }) => context.documents.length > 0,
    isManualPending: ({ context }) => recipientMode(context) === 'manual' && !context.manualConfirmed,
    canAddRecipient: ({ context, event }) =>
      event.type === 'creation.recipient.add' &&
      context.manualConfirmed &&
      recipientMode(context) === 'manual' &&
      isReachable(event.recipient) &&
      !context.recipients.some((r) => r.id === event.recipient.id),
    isWithoutEmail: ({ context, event }) =>
      event.type === 'creation.recipient.add' && context.manualConfirmed && !isReachable(event.recipient),
    hasRecipient: ({ context, event }) =>
      event.type === 'creation.recipient.remove' && context.recipients.some((r) => r.id === event.id),
    hasRecipients: ({ context }) =>
      recipientMode(context) === 'automatic' || (context.manualConfirmed && context.recipients.length > 0),
    hasName: ({ context }) => context.name.trim() !== '',
  },
  actions: {
    storeType: assign({
      docType: ({ event }) => (event.type === 'creation.type.select' ? event.docType : null),
      // Documents from the safe were chosen for their type: another type lets them go.
      documents: ({ context, event }) =>
        event.type === 'creation.type.select' && event.docType.code !== context.docType?.code
          ? context.documents.filter((d) => !d.fromSafe)
          : context.documents,
    }),
    storeDocument: assign({
      documents: ({ context, event }) =>
        event.type === 'creation.document.add' ? [...context.documents, event.document] : context.documents,
      rejected: ({ context, event }) =>
        event.type === 'creation.document.add'
          ? context.rejected.filter((r) => r.name !== event.document.name)
          : context.rejected,
    }),
    storeRejected: assign({
      rejected: ({ context, event }) =>
        event.type === 'creation.document.reject'
          ? [...context.rejected.filter((r) => r.name !== event.file.name), event.file]
          : context.rejected,
    }),
    removeDocument: assign({
      documents: ({ context, event }) =>
        event.type === 'creation.document.remove'
          ? context.documents.filter((d) => d.id !== event.id)
          : context.documents,
    }),
    setManualConfirmed: assign({ manualConfirmed: true }),
    storeRecipient: assign({
      recipients: ({ context, event }) =>
        event.type === 'creation.recipient.add' ? [...context.recipients, event.recipient] : context.recipients,
      refusedRecipient: null,
    }),
    storeRefusedRecipient: assign({
      refusedRecipient: ({ event }) => (event.type === 'creation.recipient.add' ? event.recipient : null),
    }),
    removeRecipient: assign({
      recipients: ({ context, event }) =>
        event.type === 'creation.recipient.remove'
          ? context.recipients.filter((r) => r.id !== event.id)
          : context.recipients,
    }),
    storeOption: assign(({ event }) => (event.type === 'creation.option.set' ? { [event.option]: event.value } : {})),
    storeName: assign({
      name: ({ context, event }) => (event.type === 'creation.name.change' ? event.value : context.name),
    }),
    storeDocName: assign({
      docName: ({ context, event }) => (event.type === 'creation.docName.change' ? event.value : context.docName),
    }),
    storeUsersToNotify: assign({
      usersToNotify: ({ context, event }) =>
        event.type === 'creation.notify.change' ? [...new Set(event.userIds)] : context.usersToNotify,
    }),
    clearSending: assign({ percentage: 0, uploadCompleted: false, failure: null }),
    storeProgress: assign(({ context, event }) =>
      event.type === 'api.creation.progressed'
        ? {
            percentage: Math.max(context.percentage, Math.min(100, event.percentage)),
            uploadCompleted: context.uploadCompleted || event.uploadCompleted,
          }
        : {},
    ),
    storeCampaign: assign({
      campaignId: ({ event }) => (event.type === 'api.creation.succeeded' ? event.campaign.id : null),
      percentage: 100,
      uploadCompleted: true,
    }),
    storeFailure: assign({
      failure: ({ event }) => (event.type === 'api.creation.failed' ? failureOf(event.error) : null),
    }),
    notifySent: emit({
      type: 'creation.alert',
      alert: { type: 'success', key: ALERT_KEYS.campaigns.dispatchCreationSuccess },
    } as const),
    emitSent: emit(({ context }) => ({ type: 'creation.sent' as const, campaignId: context.campaignId ?? '' })),
    notifyFailure: emit(({ context }) => ({
      type: 'creation.alert' as const,
      alert: {
        type: 'error' as const,
        key: context.failure?.key ?? ALERT_KEYS.campaigns.dispatchCreationError,
        ...(context.failure?.detailKey ? { cause: context.failure.detailKey } : {}),
        ...(context.failure?.detail ? { detail: context.failure.detail } : {}),
      },
    })),
  },
}).createMachine({
  id: 'campaignCreation',
  context: ({ input }) => initialCreationContext(input),
  initial: 'editing',
  states: {
    editing: {
      initial: 'type',
      on: {
        'creation.type.select': { guard: 'canSelectType', actions: 'storeType' },
        'creation.document.add': { guard: 'canAddDocument', actions: 'storeDocument' },
        'creation.document.reject': { actions: 'storeRejected' },
        'creation.document.remove': { guard: 'hasDocument', actions: 'removeDocument' },
        'creation.recipient.add': [
          { guard: 'canAddRecipient', actions: 'storeRecipient' },
          { guard: 'isWithoutEmail', actions: 'storeRefusedRecipient' },
        ],
        'creation.recipient.remove': { guard: 'hasRecipient', actions: 'removeRecipient' },
        'creation.option.set': { actions: 'storeOption' },
        'creation.name.change': { actions: 'storeName' },
        'creation.docName.change': { actions: 'storeDocName' },
        'creation.notify.change': { actions: 'storeUsersToNotify' },
      },
      states: {
        type: { on: { 'creation.next': { guard: 'hasType', target: 'documents' } } },
        documents: {
          on: {
            'creation.next': { guard: 'hasDocuments', target: 'recipients' },
            'creation.back': { target: 'type' },
          },
        },
        recipients: {
          on: {
            'creation.manual.confirm': { guard: 'isManualPending', actions: 'setManualConfirmed' },
            'creation.next': { guard: 'hasRecipients', target: 'options' },
            'creation.back': { target: 'documents' },
          },
        },
        options: {
          on: {
            'creation.next': { guard: 'hasName', target: 'review' },
            'creation.back': { target: 'recipients' },
          },
        },
        review: {
          on: {
            // The options step lets no nameless campaign through, and the review has no name field: « Envoyer »
            // is enabled exactly when this is taken (the selector reads can()).
            'creation.send': { guard: 'hasName', target: '#campaignCreation.sending' },
            'creation.back': { target: 'options' },
          },
        },
      },
    },
    sending: {
      entry: 'clearSending',
      invoke: { id: 'submitCampaign', src: 'submitCampaign', input: ({ context }) => submitInput(context) },
      on: {
        'api.creation.progressed': { actions: 'storeProgress' },
        'api.creation.succeeded': { target: 'sent', actions: ['storeCampaign', 'notifySent', 'emitSent'] },
        'api.creation.failed': { target: 'failed', actions: ['storeFailure', 'notifyFailure'] },
        'api.creation.canceled': { target: 'editing.review' },
        'creation.cancel': { target: 'editing.review' },
      },
    },
    sent: { type: 'final' },
    failed: {
      on: {
        'creation.send': { target: 'sending' },
        'creation.back': { target: 'editing.review' },
      },
    },
  },
});

export type CampaignCreationMachine = typeof campaignCreationMachine;
