/**
 * An organisation's configuration panel (its sheet, seed 001): loading (the configuration and the
 * document types) → ready (idle ⇄ saving) | failed (the panel steps aside; an alert says why).
 * Choices are edited while ready, even during a save; the answer of a save replaces them.
 * Invariant: no save leaves while the style sheet is not an https URL (the server's rule).
 * Views send `conf.*`; the machine emits `conf.alert` with translation keys.
 */
import { assign, emit, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { createOrgConfActors } from './orgConf.actors.ts';
import { confBody, cssError, cssOf } from './orgConf.model.ts';
import type { OrgConfContext, OrgConfEmitted, OrgConfEvent, OrgConfInput } from './orgConf.types.ts';

const unwired = createOrgConfActors({
  call: () => Promise.reject(new Error('org-conf machine: api not provided')),
});

/** Ready always holds the configuration read: a save without one is a defect, not a user's case. */
const bodyOf = (c: OrgConfContext) => {
  if (!c.conf) throw new Error('org-conf: saving before the configuration was read');
  return confBody(c.conf, c.docTypes);
};

const errorOf = (event: OrgConfEvent): unknown => ('error' in event ? event.error : undefined);

export const orgConfMachine = setup({
  types: {} as {
    context: OrgConfContext;
    events: OrgConfEvent;
    input: OrgConfInput;
    emitted: OrgConfEmitted;
  },
  actors: unwired,
  guards: {
    isCssValid: ({ context }) => context.conf !== null && cssError(cssOf(context.conf)) === null,
  },
  actions: {
    storeLoaded: assign(({ event }) =>
      event.type === 'xstate.done.actor.loadConf' ? { conf: event.output.conf, docTypes: event.output.docTypes } : {},
    ),
    storeSaved: assign({
      conf: ({ context, event }) => (event.type === 'xstate.done.actor.saveConf' ? event.output : context.conf),
    }),
    changeConf: assign({
      conf: ({ context, event }) => {
        const conf = context.conf;
        if (!conf) return conf;
        switch (event.type) {
          case 'conf.mode.change':
            return { ...conf, distributionMode: event.mode };
          case 'conf.user.toggle':
            return {
              ...conf,
              usersToNotify: event.on
                ? [...conf.usersToNotify, event.userId]
                : conf.usersToNotify.filter((u) => u !== event.userId),
            };
          case 'conf.signature.toggle':
            return { ...conf, subscribeToSignature: event.on };
          case 'conf.css.change':
            return { ...conf, extraOptions: { specificCSSUrl: event.value } };
          default:
            return conf;
        }
      },
    }),
    toggleDocType: assign({
      docTypes: ({ context, event }) =>
        event.type === 'conf.docType.toggle'
          ? context.docTypes.map((d) => (d.code === event.code ? { ...d, enabled: event.on } : d))
          : context.docTypes,
    }),
    notifyLoadFailed: emit(({ event }) => ({
      type: 'conf.alert' as const,
      alert: { type: 'error' as const, key: ALERT_KEYS.organizations.confGetFailure, error: errorOf(event) },
    })),
    notifySaved: emit({
      type: 'conf.alert' as const,
      alert: { type: 'success' as const, key: ALERT_KEYS.organizations.confUpdateSuccess },
    }),
    notifySaveFailed: emit(({ event }) => ({
      type: 'conf.alert' as const,
      alert: { type: 'error' as const, key: ALERT_KEYS.organizations.confUpdateFailure, error: errorOf(event) },
    })),
  },
}).createMachine({
  id: 'orgConf',
  context: ({ input }) => ({ orgId: input.orgId, conf: null, docTypes: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConf',
        src: 'loadConf',
        input: ({ context }) => ({ orgId: context.orgId }),
        onDone: { target: 'ready', actions: 'storeLoaded' },
        onError: { target: 'failed', actions: 'notifyLoadFailed' },
      },
    },
    /** The configuration could not be read: the sheet shows no panel. */
    failed: { type: 'final' },
    ready: {
      initial: 'idle',
      on: {
        'conf.mode.change': { actions: 'changeConf' },
        'conf.user.toggle': { actions: 'changeConf' },
        'conf.signature.toggle': { actions: 'changeConf' },
        'conf.css.change': { actions: 'changeConf' },
        'conf.docType.toggle': { actions: 'toggleDocType' },
      },
      states: {
        idle: {
          on: {
            'conf.save': { guard: 'isCssValid', target: 'saving' },
          },
        },
        saving: {
          invoke: {
            id: 'saveConf',
            src: 'saveConf',
            input: ({ context }) => ({ orgId: context.orgId, body: bodyOf(context) }),
            onDone: { target: 'idle', actions: ['storeSaved', 'notifySaved'] },
            onError: { target: 'idle', actions: 'notifySaveFailed' },
          },
        },
      },
    },
  },
});

export type OrgConfMachine = typeof orgConfMachine;
