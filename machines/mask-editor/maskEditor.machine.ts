/**
 * The mask editor's workflow (issue 14: no workflow in component state): editing → saving → saved
 * (final: the success alert, back to the list) | editing again with the failure's alert; or left
 * (« Annuler », back to the list).
 *
 * While editing, the settings, the samples (dropped or picked, checked by the view first), the zone
 * (drawn with the pointer or typed in) and the shown page's size are kept. « Enregistrer le masque » is
 * always taken while editing: with a problem (no sample, no zone, a zone outside the page, no name) it
 * only marks the editor tried, so the problems are shown; otherwise it saves. Nothing is edited while
 * the save runs.
 *
 * Pure: the call is an injected actor (`createMaskEditorActors(ports)`), the alerts and the navigation
 * are actions the view provides.
 */
import { assign, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { createMaskEditorActors } from './maskEditor.actors.ts';
import { canBeSaved } from './maskEditor.rules.ts';
import type { MaskEditorContext, MaskEditorEvent, MaskEditorInput, PageAlert } from './maskEditor.types.ts';

const unwired = createMaskEditorActors({
  saveMask: () => Promise.reject(new Error('mask-editor machine: saveMask not provided')),
});

export const maskEditorMachine = setup({
  types: {} as {
    context: MaskEditorContext;
    events: MaskEditorEvent;
    input: MaskEditorInput;
  },
  actors: unwired,
  guards: {
    canBeSaved: ({ context }) => canBeSaved(context),
  },
  actions: {
    /** Provided by the view: pushes the alert. */
    alert: (_, _params: PageAlert) => {},
    /** Provided by the view: back to the list of document types. */
    goToList: () => {},
    storeSettings: assign({
      settings: ({ context, event }) =>
        event.type === 'settings.change' ? { ...context.settings, ...event.patch } : context.settings,
    }),
    storeSamples: assign({
      samples: ({ context, event }) => (event.type === 'samples.change' ? event.samples : context.samples),
    }),
    storeZone: assign({
      zone: ({ context, event }) => (event.type === 'zone.change' ? event.zone : context.zone),
    }),
    storePageSize: assign({
      pageSize: ({ context, event }) => (event.type === 'page.measured' ? event.size : context.pageSize),
    }),
    markTried: assign({ tried: true }),
  },
}).createMachine({
  id: 'maskEditor',
  context: ({ input }) => ({
    docType: input.docType,
    settings: input.settings,
    samples: input.samples,
    zone: input.zone,
    pageSize: null,
    tried: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'settings.change': { actions: 'storeSettings' },
        'samples.change': { actions: 'storeSamples' },
        'zone.change': { actions: 'storeZone' },
        'page.measured': { actions: 'storePageSize' },
        'mask.save': [{ guard: 'canBeSaved', target: 'saving', actions: 'markTried' }, { actions: 'markTried' }],
        'mask.cancel': { target: 'left', actions: 'goToList' },
      },
    },
    saving: {
      invoke: {
        id: 'saveMask',
        src: 'saveMask',
        input: ({ context }) => ({
          json: {
            ...context.settings,
            maskName: context.settings.maskName.trim(),
            docType: context.docType,
            zone: context.zone!,
          },
          samples: context.samples,
        }),
        onDone: {
          target: 'saved',
          actions: [
            {
              type: 'alert',
              params: ({ event }) => ({
                message: ALERT_KEYS.masks.postSuccess,
                type: 'success',
                values: { name: event.output.maskName },
              }),
            },
            'goToList',
          ],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'alert',
            params: ({ event }) => ({ message: ALERT_KEYS.masks.postError, type: 'error', failure: event.error }),
          },
        },
      },
    },
    saved: { type: 'final' },
    left: { type: 'final' },
  },
});

export type MaskEditorMachine = typeof maskEditorMachine;
