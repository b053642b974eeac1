/**
 * Signbook creation (`/signworkflows/creation`, seed 000 §5), four regions at once:
 * - templates: the templates offered, read once (none when they cannot be read);
 * - organisation: the draft's organisation and its enabled document types, read again when the
 *   organisation changes (by hand or by applying a template of another organisation); applying a
 *   template names the draft when it has no name yet, takes its organisation, first document type and steps;
 * - document: the one PDF, checked by the page as the server would (empty → checking → chosen | refused);
 *   a new drop or a removal cancels a check still running; nothing changes while the signbook is being sent;
 * - submission: « Créer et envoyer en signature » sends only a ready draft (name, an accepted document, no
 *   empty step, every signatory with an e-mail, each social signer after one of its authorised users),
 *   else it marks the draft tried so the page shows what is missing. `sending` invokes
 *   `submitSignbook` (the shared upload machine carrying the multipart `signbooks.upload`), which
 *   answers `api.signbook.*`; a failure keeps the draft with the server's key, a success alerts each
 *   warning then the creation and emits `signbook.created`.
 */
import { assign, emit, enqueueActions, fromCallback, fromPromise, not, setup, stateIn } from 'xstate';
import type { OrgDocTypeConf } from '../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { TemplateView } from '../../src/contract/signbook.ts';
import {
  creationFailureOf,
  draftProblems,
  fromTemplateSteps,
  toUploadJson,
  warningAlertsOf,
} from './signbookCreation.model.ts';
import type {
  SignbookCreationContext,
  SignbookCreationEmitted,
  SignbookCreationEvent,
  SignbookCreationInput,
  SubmitSignbookInput,
} from './signbookCreation.types.ts';

/** Without provided actors nothing is read and sending fails at once (tests and paths provide their own). */
const unwiredSubmit = fromCallback<SignbookCreationEvent, SubmitSignbookInput>(({ sendBack }) => {
  sendBack({ type: 'api.signbook.failed', error: { key: 'error.network', status: 0 } });
});
const unwired = <T, I>() => fromPromise<T, I>(() => Promise.reject(new Error('unwired')));

export const initialSignbookCreationContext = (input: SignbookCreationInput): SignbookCreationContext => ({
  name: '',
  orgId: input.orgId,
  templates: [],
  template: null,
  docTypes: [],
  docType: '',
  pending: null,
  document: null,
  fileError: null,
  steps: [{ signatoryType: 'user', signatories: [] }],
  toSafe: false,
  tried: false,
  failure: null,
  created: null,
});

const chosenTemplate = (context: SignbookCreationContext, event: SignbookCreationEvent): TemplateView | null =>
  event.type === 'signbook.template.choose' ? (context.templates.find((x) => x.id === event.templateId) ?? null) : null;

export const signbookCreationMachine = setup({
  types: {} as {
    context: SignbookCreationContext;
    events: SignbookCreationEvent;
    input: SignbookCreationInput;
    emitted: SignbookCreationEmitted;
  },
  actors: {
    loadTemplates: unwired<readonly TemplateView[], void>(),
    loadDocTypes: unwired<readonly OrgDocTypeConf[], { orgId: string }>(),
    checkDocument: unwired<string | null, { id: string }>(),
    submitSignbook: unwiredSubmit,
  },
  guards: {
    hasNoOrg: ({ context }) => !context.orgId,
    /** A different organisation: its document types are read. */
    isOtherOrg: ({ context, event }) => event.type === 'signbook.org.change' && event.orgId !== context.orgId,
    /** A template of another organisation moves the draft there. */
    isTemplateOfOtherOrg: ({ context, event }) => {
      const chosen = chosenTemplate(context, event);
      return Boolean(chosen?.organizationId) && chosen?.organizationId !== context.orgId;
    },
    isRefused: ({ event }) => event.type === 'xstate.done.actor.checkDocument' && event.output !== null,
    isNotSending: not(stateIn({ submission: 'sending' })),
    isReady: ({ context }) => draftProblems({ ...context, file: context.document }).length === 0,
  },
  actions: {
    storeTemplates: assign({
      templates: ({ event }) => (event.type === 'xstate.done.actor.loadTemplates' ? event.output : []),
    }),
    clearTemplates: assign({ templates: [] }),
    storeOrg: assign({
      orgId: ({ context, event }) => (event.type === 'signbook.org.change' ? event.orgId : context.orgId),
    }),
    /** As the page did: the template chosen (or none); a template fills the draft, a free choice keeps it. */
    storeTemplate: assign(({ context, event }) => {
      const chosen = chosenTemplate(context, event);
      if (!chosen) return { template: null };
      return {
        template: chosen,
        name: context.name.trim() ? context.name : chosen.name,
        orgId: chosen.organizationId || context.orgId,
        docType: chosen.docTypes[0] ?? '',
        steps: fromTemplateSteps(chosen.steps),
      };
    }),
    storeDocTypes: assign({
      docTypes: ({ event }) =>
        event.type === 'xstate.done.actor.loadDocTypes' ? event.output.filter((d) => d.enabled) : [],
    }),
    clearDocTypes: assign({ docTypes: [] }),
    storeName: assign({
      name: ({ context, event }) => (event.type === 'signbook.name.change' ? event.value : context.name),
    }),
    storeDocType: assign({
      docType: ({ context, event }) => (event.type === 'signbook.docType.change' ? event.code : context.docType),
    }),
    storeSteps: assign({
      steps: ({ context, event }) => (event.type === 'signbook.steps.change' ? event.steps : context.steps),
    }),
    storeToSafe: assign({
      toSafe: ({ context, event }) => (event.type === 'signbook.toSafe.change' ? event.value : context.toSafe),
    }),
    /** A new drop forgets the previous document and its refusal while it is checked. */
    storePending: assign({
      pending: ({ event }) => (event.type === 'signbook.document.choose' ? event.document : null),
      document: null,
      fileError: null,
    }),
    storeDocument: assign(({ context }) => ({ document: context.pending, pending: null, fileError: null })),
    storeRefusal: assign({
      pending: null,
      fileError: ({ event }) => (event.type === 'xstate.done.actor.checkDocument' ? event.output : null),
    }),
    clearPending: assign({ pending: null }),
    clearDocument: assign({ document: null, pending: null, fileError: null }),
    setTried: assign({ tried: true }),
    clearFailure: assign({ failure: null }),
    storeCreated: assign({
      created: ({ event }) => (event.type === 'api.signbook.succeeded' ? event.created : null),
    }),
    storeFailure: assign({
      failure: ({ event }) => (event.type === 'api.signbook.failed' ? creationFailureOf(event.error) : null),
    }),
    notifyCreated: enqueueActions(({ context, enqueue }) => {
      if (!context.created) return;
      for (const alert of warningAlertsOf(context.created)) enqueue.emit({ type: 'signbook.alert', alert });
      enqueue.emit({ type: 'signbook.alert', alert: { type: 'success', key: 'signbooks.create.created' } });
      enqueue.emit({ type: 'signbook.created', signbookId: context.created.signbook.id });
    }),
    notifyFailure: emit({
      type: 'signbook.alert',
      alert: { type: 'error', key: ALERT_KEYS.signature.createError },
    } as const),
  },
}).createMachine({
  id: 'signbookCreation',
  context: ({ input }) => initialSignbookCreationContext(input),
  type: 'parallel',
  on: {
    'signbook.name.change': { actions: 'storeName' },
    'signbook.docType.change': { actions: 'storeDocType' },
    'signbook.steps.change': { actions: 'storeSteps' },
    'signbook.toSafe.change': { actions: 'storeToSafe' },
  },
  states: {
    templates: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadTemplates',
            src: 'loadTemplates',
            onDone: { target: 'ready', actions: 'storeTemplates' },
            onError: { target: 'ready', actions: 'clearTemplates' },
          },
        },
        ready: {},
      },
    },
    organisation: {
      initial: 'loading',
      on: {
        // The organisation already chosen again is no change (the select fires none).
        'signbook.org.change': { guard: 'isOtherOrg', target: '.loading', actions: 'storeOrg' },
        'signbook.template.choose': [
          { guard: 'isTemplateOfOtherOrg', target: '.loading', actions: 'storeTemplate' },
          { actions: 'storeTemplate' },
        ],
      },
      states: {
        loading: {
          // Without an organisation there is nothing to read: the list stays as it was.
          always: { guard: 'hasNoOrg', target: 'ready' },
          invoke: {
            id: 'loadDocTypes',
            src: 'loadDocTypes',
            input: ({ context }) => ({ orgId: context.orgId }),
            onDone: { target: 'ready', actions: 'storeDocTypes' },
            onError: { target: 'ready', actions: 'clearDocTypes' },
          },
        },
        ready: {},
      },
    },
    document: {
      initial: 'empty',
      on: {
        'signbook.document.choose': { guard: 'isNotSending', target: '.checking', actions: 'storePending' },
        // The remove button, or a drop without a file: no document and no refusal any more.
        'signbook.document.remove': { guard: 'isNotSending', target: '.empty', actions: 'clearDocument' },
      },
      states: {
        empty: {},
        checking: {
          invoke: {
            id: 'checkDocument',
            src: 'checkDocument',
            input: ({ context }) => ({ id: context.pending?.id ?? '' }),
            onDone: [
              { guard: 'isRefused', target: 'refused', actions: 'storeRefusal' },
              { target: 'chosen', actions: 'storeDocument' },
            ],
          },
        },
        chosen: {},
        refused: {},
      },
    },
    submission: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'signbook.submit': [{ guard: 'isReady', target: 'sending', actions: 'setTried' }, { actions: 'setTried' }],
          },
        },
        sending: {
          entry: 'clearFailure',
          invoke: {
            id: 'submitSignbook',
            src: 'submitSignbook',
            input: ({ context }) => ({ json: toUploadJson(context), document: context.document! }),
          },
          on: {
            'api.signbook.succeeded': { target: 'sent', actions: ['storeCreated', 'notifyCreated'] },
            'api.signbook.failed': { target: 'idle', actions: ['storeFailure', 'notifyFailure'] },
          },
        },
        sent: { type: 'final' },
      },
    },
  },
});

export type SignbookCreationMachine = typeof signbookCreationMachine;
