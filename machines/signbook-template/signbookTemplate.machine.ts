/**
 * A signbook template's page (seed 000 §5): reading → editing → deleted.
 * - reading: the template read (a new one reads as nothing); a failed read still shows the form, with the key;
 * - editing, two regions: the form (idle → saving, idle → confirming → deleting) and the organisation's
 *   document types (read again when the organisation changes);
 * - « Enregistrer » saves only a template with a name, no empty step and every signatory with an e-mail,
 *   else it marks the form tried so the page shows the problems; a created template emits `template.created`
 *   (the page moves to its address), a deleted one `template.deleted`. Failures keep the form with the key.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { OrgDocTypeConf } from '../../src/contract/entities.ts';
import type { TemplateView } from '../../src/contract/signbook.ts';
import { fromTemplateSteps } from '../signbook-creation/signbookCreation.model.ts';
import { templateFailureOf, templateProblems, toTemplateBody } from './signbookTemplate.model.ts';
import type {
  SaveTemplateInput,
  SignbookTemplateContext,
  SignbookTemplateEmitted,
  SignbookTemplateEvent,
  SignbookTemplateInput,
} from './signbookTemplate.types.ts';

const unwired = <T, I>() => fromPromise<T, I>(() => Promise.reject(new Error('unwired')));

export const initialSignbookTemplateContext = (input: SignbookTemplateInput): SignbookTemplateContext => ({
  id: input.id,
  creating: input.id === 'new',
  name: '',
  orgId: input.orgId,
  docTypes: [],
  types: [],
  steps: [{ signatoryType: 'user', signatories: [] }],
  tried: false,
  error: null,
});

export const signbookTemplateMachine = setup({
  types: {} as {
    context: SignbookTemplateContext;
    events: SignbookTemplateEvent;
    input: SignbookTemplateInput;
    emitted: SignbookTemplateEmitted;
  },
  actors: {
    loadTemplate: unwired<TemplateView | null, { id: string | null }>(),
    loadDocTypes: unwired<readonly OrgDocTypeConf[], { orgId: string }>(),
    saveTemplate: unwired<TemplateView, SaveTemplateInput>(),
    deleteTemplate: unwired<unknown, { id: string }>(),
  },
  guards: {
    hasNoOrg: ({ context }) => !context.orgId,
    isOtherOrg: ({ context, event }) => event.type === 'template.org.change' && event.orgId !== context.orgId,
    isReady: ({ context }) => templateProblems(context).length === 0,
    isStored: ({ context }) => !context.creating,
  },
  actions: {
    storeTemplate: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.loadTemplate' || !event.output) return {};
      const x = event.output;
      return {
        name: x.name,
        orgId: x.organizationId || context.orgId,
        docTypes: [...x.docTypes],
        steps: fromTemplateSteps(x.steps),
      };
    }),
    storeError: assign({
      error: ({ event }) => ('error' in event ? templateFailureOf(event.error) : null),
    }),
    clearError: assign({ error: null }),
    storeName: assign({
      name: ({ context, event }) => (event.type === 'template.name.change' ? event.value : context.name),
    }),
    storeOrg: assign({
      orgId: ({ context, event }) => (event.type === 'template.org.change' ? event.orgId : context.orgId),
    }),
    storeDocTypeToggle: assign({
      docTypes: ({ context, event }) => {
        if (event.type !== 'template.docType.toggle') return context.docTypes;
        const others = context.docTypes.filter((c) => c !== event.code);
        return event.checked ? [...others, event.code] : others;
      },
    }),
    storeSteps: assign({
      steps: ({ context, event }) => (event.type === 'template.steps.change' ? event.steps : context.steps),
    }),
    storeTypes: assign({
      types: ({ event }) => (event.type === 'xstate.done.actor.loadDocTypes' ? event.output : []),
    }),
    clearTypes: assign({ types: [] }),
    setTried: assign({ tried: true }),
    notifySaved: emit({ type: 'template.alert', key: 'signbooks.templates.saved' } as const),
    /** Only a new template: the page moves to its address. */
    emitCreated: enqueueActions(({ context, event, enqueue }) => {
      if (context.creating && event.type === 'xstate.done.actor.saveTemplate')
        enqueue.emit({ type: 'template.created', id: event.output.id });
    }),
    notifyDeleted: emit({ type: 'template.alert', key: 'signbooks.templates.deleted' } as const),
    emitDeleted: emit({ type: 'template.deleted' } as const),
  },
}).createMachine({
  id: 'signbookTemplate',
  context: ({ input }) => initialSignbookTemplateContext(input),
  initial: 'reading',
  // A new template's form shows while its (empty) read settles: what is typed then is kept.
  on: {
    'template.name.change': { actions: 'storeName' },
    'template.docType.toggle': { actions: 'storeDocTypeToggle' },
    'template.steps.change': { actions: 'storeSteps' },
  },
  states: {
    reading: {
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ context }) => ({ id: context.creating ? null : context.id }),
        onDone: { target: 'editing', actions: 'storeTemplate' },
        // The form still shows, with the key (as before).
        onError: { target: 'editing', actions: 'storeError' },
      },
    },
    editing: {
      type: 'parallel',
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'template.save': [
                  { guard: 'isReady', target: 'saving', actions: ['setTried', 'clearError'] },
                  { actions: 'setTried' },
                ],
                'template.delete.ask': { guard: 'isStored', target: 'confirming' },
              },
            },
            saving: {
              invoke: {
                id: 'saveTemplate',
                src: 'saveTemplate',
                input: ({ context }) => ({ id: context.creating ? null : context.id, body: toTemplateBody(context) }),
                onDone: { target: 'idle', actions: ['notifySaved', 'emitCreated'] },
                onError: { target: 'idle', actions: 'storeError' },
              },
            },
            confirming: {
              on: {
                'template.delete.cancel': { target: 'idle' },
                'template.delete.confirm': { target: 'deleting' },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteTemplate',
                src: 'deleteTemplate',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: '#signbookTemplate.deleted', actions: ['notifyDeleted', 'emitDeleted'] },
                onError: { target: 'idle', actions: 'storeError' },
              },
            },
          },
        },
        organisation: {
          initial: 'loading',
          on: {
            // The organisation already chosen again is no change (the select fires none).
            'template.org.change': { guard: 'isOtherOrg', target: '.loading', actions: 'storeOrg' },
          },
          states: {
            loading: {
              always: { guard: 'hasNoOrg', target: 'ready' },
              invoke: {
                id: 'loadDocTypes',
                src: 'loadDocTypes',
                input: ({ context }) => ({ orgId: context.orgId }),
                onDone: { target: 'ready', actions: 'storeTypes' },
                onError: { target: 'ready', actions: 'clearTypes' },
              },
            },
            ready: {},
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});

export type SignbookTemplateMachine = typeof signbookTemplateMachine;
