/**
 * The rights form: one chart for the user, user-group and access-rule forms (input `kind`).
 * loading → editing ⇄ validating → saving → saved | failed | conflict; conflict → reloading → editing
 * with what was typed kept as `pending` (shown, and applied again on demand); actions on a saved
 * entity (delete, deactivate, reactivate, send the password link) → awaitingConfirmation → acting.
 * Invariants: errors are recomputed on every change; nothing is sent while a rule fails or nothing
 * changed; an update carries the version it was read at, so another change since answers 409.
 * Views send `form.*` / `action.*`; the machine emits `form.alert` (keys), `form.saved`, `form.deleted`.
 */
import { assign, emit, setup } from 'xstate';
import { createRightsFormActors } from './rightsForm.actors.ts';
import {
  ALERTS_BY_KIND,
  actionSuccessKey,
  draftErrors,
  EMPTY_OPTIONS,
  emptyDraft,
  isActionAllowed,
  isConflictError,
  isDirty,
  toInput,
} from './rightsForm.model.ts';
import {
  acted,
  actionFailed,
  changed,
  conflicted,
  loaded,
  loadFailed,
  reapplied,
  reloaded,
  resetToInitial,
  saved,
  saveFailed,
  versionOf,
} from './rightsForm.updates.ts';
import type { RightsFormContext, RightsFormEmitted, RightsFormEvent, RightsFormInput } from './rightsForm.types.ts';

const unwired = createRightsFormActors({
  api: { call: () => Promise.reject(new Error('rights-form machine: api not provided')) },
});

export const initialRightsFormContext = (input: RightsFormInput): RightsFormContext => {
  const values = emptyDraft(input.kind);
  return {
    kind: input.kind,
    id: input.id,
    orgId: input.orgId,
    selfId: input.selfId ?? null,
    options: EMPTY_OPTIONS,
    record: null,
    values,
    initial: values,
    pending: null,
    errors: draftErrors(values),
    serverErrors: {},
    touched: {},
    submitted: false,
    failure: null,
    confirming: null,
  };
};

export const rightsFormMachine = setup({
  types: {} as {
    context: RightsFormContext;
    events: RightsFormEvent;
    input: RightsFormInput;
    emitted: RightsFormEmitted;
  },
  actors: unwired,
  guards: {
    hasErrors: ({ context }) => Object.keys(context.errors).length > 0 || Object.keys(context.serverErrors).length > 0,
    isUnchanged: ({ context }) => !isDirty(context),
    isConflict: ({ event }) => 'error' in event && isConflictError(event.error),
    hasPending: ({ context }) => context.pending !== null,
    canAct: ({ context, event }) => event.type === 'form.action' && isActionAllowed(context, event.action),
    isDeleted: ({ event }) => event.type === 'xstate.done.actor.runAction' && event.output.outcome === 'deleted',
  },
  actions: {
    storeLoaded: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.loadForm' ? loaded(context, event.output) : {},
    ),
    storeReloaded: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.loadForm' ? reloaded(context, event.output) : {},
    ),
    storeLoadFailure: assign(({ context, event }) => loadFailed(context, 'error' in event ? event.error : undefined)),
    storeChange: assign(({ context, event }) => (event.type === 'form.change' ? changed(context, event.patch) : {})),
    reset: assign(({ context }) => resetToInitial(context)),
    reapplyPending: assign(({ context }) => reapplied(context)),
    clearPending: assign({ pending: null }),
    markSubmitted: assign({ submitted: true, failure: null }),
    storeSaved: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.saveForm' ? saved(context, event.output) : {},
    ),
    storeSaveFailure: assign(({ context, event }) => saveFailed(context, 'error' in event ? event.error : undefined)),
    storeConflict: assign(({ context, event }) => conflicted(context, 'error' in event ? event.error : undefined)),
    storeConfirming: assign({ confirming: ({ event }) => (event.type === 'form.action' ? event.action : null) }),
    clearConfirming: assign({ confirming: null }),
    storeActed: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.runAction' ? acted(context, event.output) : {},
    ),
    storeActionFailure: assign(({ context, event }) =>
      actionFailed(context, 'error' in event ? event.error : undefined),
    ),
    notifySaved: emit(({ context }) => ({
      type: 'form.alert' as const,
      alert: {
        type: 'success' as const,
        key: ALERTS_BY_KIND[context.kind][context.id === null ? 'created' : 'updated'],
      },
    })),
    notifyFailure: emit(({ context }) => ({
      type: 'form.alert' as const,
      alert: {
        type: 'error' as const,
        key: context.failure?.key ?? ALERTS_BY_KIND[context.kind].update,
        ...(context.failure?.detail ? { detail: context.failure.detail } : {}),
      },
    })),
    notifyActed: emit(({ context, event }) => ({
      type: 'form.alert' as const,
      alert: {
        type: 'success' as const,
        key:
          event.type === 'xstate.done.actor.runAction'
            ? actionSuccessKey(context.kind, event.output.action, event.output.outcome)
            : ALERTS_BY_KIND[context.kind].updated,
      },
    })),
    emitSaved: emit(({ context, event }) => ({
      type: 'form.saved' as const,
      id: event.type === 'xstate.done.actor.saveForm' ? event.output.id : (context.id ?? ''),
      created: context.id === null,
    })),
    emitDeleted: emit(({ context }) => ({ type: 'form.deleted' as const, id: context.id ?? '' })),
  },
}).createMachine({
  id: 'rightsForm',
  context: ({ input }) => initialRightsFormContext(input),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ kind: context.kind, id: context.id, orgId: context.orgId }),
        onDone: { target: 'editing', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: ['storeLoadFailure', 'notifyFailure'] },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      on: {
        'form.change': { actions: 'storeChange' },
        'form.reset': { actions: 'reset' },
        'form.submit': 'validating',
        'form.reapply': { guard: 'hasPending', actions: 'reapplyPending' },
        'form.pending.dismiss': { guard: 'hasPending', actions: 'clearPending' },
        'form.action': { guard: 'canAct', target: 'awaitingConfirmation', actions: 'storeConfirming' },
      },
    },
    /** Decides at once: back to editing with the messages shown, or on to saving. */
    validating: {
      entry: 'markSubmitted',
      always: [
        { guard: 'hasErrors', target: 'editing' },
        { guard: 'isUnchanged', target: 'editing' },
        { target: 'saving' },
      ],
    },
    saving: {
      invoke: {
        id: 'saveForm',
        src: 'saveForm',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id,
          body: toInput(context.values, context.id === null ? null : versionOf(context.record)),
        }),
        onDone: { target: 'saved', actions: ['notifySaved', 'emitSaved', 'storeSaved'] },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'storeConflict' },
          { target: 'failed', actions: ['storeSaveFailure', 'notifyFailure'] },
        ],
      },
    },
    saved: {
      on: {
        'form.change': { target: 'editing', actions: 'storeChange' },
        'form.action': { guard: 'canAct', target: 'awaitingConfirmation', actions: 'storeConfirming' },
      },
    },
    failed: {
      on: {
        'form.change': { target: 'editing', actions: 'storeChange' },
        'form.reset': { target: 'editing', actions: 'reset' },
        'form.submit': 'validating',
        'form.action': { guard: 'canAct', target: 'awaitingConfirmation', actions: 'storeConfirming' },
      },
    },
    /** Someone else saved first: the form stays as typed until the user asks for their version. */
    conflict: {
      on: { 'form.reload': 'reloading' },
    },
    reloading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ kind: context.kind, id: context.id, orgId: context.orgId }),
        onDone: { target: 'editing', actions: 'storeReloaded' },
        onError: { target: 'conflict', actions: ['storeLoadFailure', 'notifyFailure'] },
      },
    },
    awaitingConfirmation: {
      on: {
        'action.confirm': 'acting',
        'action.cancel': { target: 'editing', actions: 'clearConfirming' },
      },
    },
    acting: {
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id ?? '',
          action: context.confirming ?? 'delete',
          body: toInput(context.initial, versionOf(context.record)),
        }),
        onDone: [
          { guard: 'isDeleted', target: 'deleted', actions: ['notifyActed', 'emitDeleted'] },
          { target: 'editing', actions: ['notifyActed', 'storeActed'] },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'storeConflict' },
          { target: 'editing', actions: ['storeActionFailure', 'notifyFailure'] },
        ],
      },
    },
    deleted: { type: 'final' },
  },
});

export type RightsFormMachine = typeof rightsFormMachine;
