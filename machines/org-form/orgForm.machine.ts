/**
 * The organisation form (`/organizations/create[?parentId=]` and `/organizations/{id}`). Three regions:
 * data — loading (edit: the organisation and the parents it may move under; create: the eligible
 *   parents) → ready | failed; the edit page shows only the failure, the creation keeps its form;
 * lookup — idle → searching (the company directory fills name and address from a valid SIRET) → idle;
 * save — editing → saving → saved, or back to editing with the failure (a taken SIRET marks the field).
 * Invariants: nothing is sent while a rule fails, the organisation is managed by payroll (read-only),
 * or, editing, nothing changed — a submit is then no event at all (the button is hidden or disabled). Views send `form.*`; the machine emits `form.alert` (translation keys)
 * and `form.saved` (the view opens the organisation's sheet).
 */
import { and, assign, enqueueActions, setup } from 'xstate';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import { siretError } from '../../src/contract/validation.ts';
import { createOrgFormActors } from './orgForm.actors.ts';
import { asFailure, emptyValues, formErrors, inputOf, sameValues, valuesOf, withCompany } from './orgForm.model.ts';
import type { OrgFormContext, OrgFormEmitted, OrgFormEvent, OrgFormInput } from './orgForm.types.ts';

const unwired = createOrgFormActors({
  call: () => Promise.reject(new Error('org-form machine: api not provided')),
});

export const initialOrgFormContext = (input: OrgFormInput): OrgFormContext => ({
  orgId: input.orgId,
  organization: null,
  parents: [],
  initial: input.orgId === null ? emptyValues(input.parentId ?? '') : null,
  values: emptyValues(input.parentId ?? ''),
  touched: {},
  submitted: false,
  failure: null,
  lookupFilled: false,
  lookupError: null,
  siretTaken: null,
  saved: null,
});

export const isReadOnly = (c: OrgFormContext): boolean => c.organization?.payeDomainId != null;
export const isDirty = (c: OrgFormContext): boolean => c.initial !== null && !sameValues(c.values, c.initial);
/**
 * « Créer » / « Enregistrer » is there and enabled: the form is drawn, not managed by payroll (no button
 * then) and, editing, something changed. Otherwise a submit is no event of the chart (the selector's
 * `canSubmit` reads `can`).
 */
export const isSubmittable = (c: OrgFormContext): boolean =>
  c.initial !== null && !isReadOnly(c) && (c.organization === null || isDirty(c));

export const orgFormMachine = setup({
  types: {} as {
    context: OrgFormContext;
    events: OrgFormEvent;
    input: OrgFormInput;
    emitted: OrgFormEmitted;
  },
  actors: unwired,
  guards: {
    isSubmittable: ({ context }) => isSubmittable(context),
    hasFieldErrors: ({ context }) => Object.values(formErrors(context.values, context.siretTaken)).some(Boolean),
    isSiretInvalid: ({ context }) => siretError(context.values.siret) !== null,
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      if (event.type !== 'xstate.done.actor.loadForm') return {};
      const { organization, parents } = event.output;
      if (!organization) return { parents };
      return { organization, parents, initial: valuesOf(organization), values: valuesOf(organization) };
    }),
    storeFailure: assign({ failure: ({ event }) => asFailure('error' in event ? event.error : undefined) }),
    storeChange: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    setTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'form.blur' ? { ...context.touched, [event.field]: true as const } : context.touched,
    }),
    setSiretTouched: assign({ touched: ({ context }) => ({ ...context.touched, siret: true as const }) }),
    clearLookup: assign({ lookupFilled: false, lookupError: null }),
    storeCompany: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.lookupCompany'
        ? { values: withCompany(context.values, event.output), lookupFilled: true }
        : {},
    ),
    storeLookupError: assign({
      lookupError: ({ event }) => asFailure('error' in event ? event.error : undefined).key,
    }),
    markSubmitted: assign({ submitted: true }),
    startSaving: assign({ submitted: true, failure: null }),
    storeSaved: assign({
      saved: ({ event }) => (event.type === 'xstate.done.actor.saveOrganization' ? event.output : null),
    }),
    notifySaved: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'xstate.done.actor.saveOrganization') return;
      const key = context.orgId ? ALERT_KEYS.organizations.updateSuccess : ALERT_KEYS.organizations.createSuccess;
      enqueue.emit({ type: 'form.alert', alert: { type: 'success', key } });
      enqueue.emit({ type: 'form.saved', organization: event.output });
    }),
    storeSaveFailure: assign(({ context, event }) => {
      const failure = asFailure('error' in event ? event.error : undefined);
      return {
        failure,
        ...(failure.key === ERROR_KEYS.orgSiretTaken ? { siretTaken: context.values.siret.trim() } : {}),
      };
    }),
    // The creation shows its failure in the form alone; the edit also raises an alert.
    notifySaveFailed: enqueueActions(({ context, enqueue }) => {
      if (context.orgId === null || context.failure === null) return;
      enqueue.emit({
        type: 'form.alert',
        alert: { type: 'error', key: ALERT_KEYS.organizations.updateError, failure: context.failure },
      });
    }),
  },
}).createMachine({
  id: 'orgForm',
  context: ({ input }) => initialOrgFormContext(input),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadForm',
            src: 'loadForm',
            input: ({ context }) => ({ orgId: context.orgId }),
            onDone: { target: 'ready', actions: 'storeLoaded' },
            onError: { target: 'failed', actions: 'storeFailure' },
          },
        },
        ready: {},
        failed: {},
      },
    },
    lookup: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'form.lookup': [
              { guard: 'isSiretInvalid', actions: 'setSiretTouched' },
              { target: 'searching', actions: ['setSiretTouched', 'clearLookup'] },
            ],
          },
        },
        searching: {
          invoke: {
            id: 'lookupCompany',
            src: 'lookupCompany',
            input: ({ context }) => ({ siret: context.values.siret.trim() }),
            onDone: { target: 'idle', actions: 'storeCompany' },
            onError: { target: 'idle', actions: 'storeLookupError' },
          },
        },
      },
    },
    save: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.change': { actions: 'storeChange' },
            'form.blur': { actions: 'setTouched' },
            'form.submit': [
              // A rule failing: the submit shows every message (the button stays enabled to say why).
              { guard: and(['isSubmittable', 'hasFieldErrors']), actions: 'markSubmitted' },
              { guard: 'isSubmittable', target: 'saving', actions: 'startSaving' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveOrganization',
            src: 'saveOrganization',
            input: ({ context }) => ({ orgId: context.orgId, body: inputOf(context.values) }),
            onDone: { target: 'saved', actions: ['storeSaved', 'notifySaved'] },
            onError: { target: 'editing', actions: ['storeSaveFailure', 'notifySaveFailed'] },
          },
        },
        /** The view leaves for the organisation's sheet. */
        saved: { type: 'final' },
      },
    },
  },
});

export type OrgFormMachine = typeof orgFormMachine;
