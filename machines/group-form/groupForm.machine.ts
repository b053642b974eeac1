/**
 * The employee group form (`/employee-groups/create` and `/employee-groups/{id}`). Two regions:
 * data — loading (edit: the group; create: the organisations offered) → ready | failed (edit only:
 *   the page says why, with an alert);
 * form — open (editing → saving → editing; editing → confirmingDelete → deleting) → left, once a
 *   group is created or deleted (the view goes back to the list).
 * Invariants: no save without a name, an organisation and a change; a new organisation empties the
 * members (they belong to one organisation's tree); deletion only for an existing group, confirmed.
 * Views send `group.*`; the machine emits `group.alert` (translation keys) and `group.left`.
 */
import { assign, enqueueActions, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { createGroupFormActors } from './groupForm.actors.ts';
import { fingerprint, keyOf } from './groupForm.model.ts';
import type { GroupFormContext, GroupFormEmitted, GroupFormEvent, GroupFormInput } from './groupForm.types.ts';

const unwired = createGroupFormActors({
  call: () => Promise.reject(new Error('group-form machine: api not provided')),
});

export const isDirty = (c: GroupFormContext): boolean => fingerprint(c.name, c.orgId, c.members) !== c.savedPrint;

export const groupFormMachine = setup({
  types: {} as {
    context: GroupFormContext;
    events: GroupFormEvent;
    input: GroupFormInput;
    emitted: GroupFormEmitted;
  },
  actors: unwired,
  guards: {
    canSave: ({ context }) => context.name.trim() !== '' && context.orgId !== '' && isDirty(context),
    hasGroup: ({ context }) => context.group !== null,
    isCreating: ({ context }) => context.group === null,
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      if (event.type !== 'xstate.done.actor.loadGroup') return {};
      const { group, orgs } = event.output;
      if (!group) return { orgs };
      return {
        group,
        orgs,
        name: group.name,
        orgId: group.orgId,
        members: group.members,
        savedPrint: fingerprint(group.name, group.orgId, group.members),
      };
    }),
    storeLoadError: assign({ loadError: ({ event }) => keyOf('error' in event ? event.error : undefined) }),
    notifyLoadFailed: enqueueActions(({ enqueue }) =>
      enqueue.emit({ type: 'group.alert', alert: { type: 'error', key: ALERT_KEYS.groups.getError } }),
    ),
    storeName: assign({
      name: ({ context, event }) => (event.type === 'group.name.change' ? event.value : context.name),
      serverError: null,
    }),
    markTouched: assign({ touched: true }),
    // Members belong to one organisation's tree: a new organisation starts from an empty list.
    storeOrg: assign({
      orgId: ({ context, event }) => (event.type === 'group.org.change' ? event.orgId : context.orgId),
      members: [],
    }),
    addMember: assign({
      members: ({ context, event }) =>
        event.type === 'group.member.add' && !context.members.some((m) => m.id === event.member.id)
          ? [...context.members, event.member]
          : context.members,
    }),
    removeMember: assign({
      members: ({ context, event }) =>
        event.type === 'group.member.remove' ? context.members.filter((m) => m.id !== event.memberId) : context.members,
    }),
    clearServerError: assign({ serverError: null }),
    // Before storeSaved: whether the group existed says which message.
    notifySaved: enqueueActions(({ context, enqueue }) =>
      enqueue.emit({
        type: 'group.alert',
        alert: {
          type: 'success',
          key: context.group ? ALERT_KEYS.groups.updateSuccess : ALERT_KEYS.groups.createSuccess,
        },
      }),
    ),
    storeSaved: assign(({ event }) => {
      if (event.type !== 'xstate.done.actor.saveGroup') return {};
      const g = event.output;
      return { group: g, name: g.name, members: g.members, savedPrint: fingerprint(g.name, g.orgId, g.members) };
    }),
    storeServerError: assign({ serverError: ({ event }) => keyOf('error' in event ? event.error : undefined) }),
    notifySaveFailed: enqueueActions(({ context, event, enqueue }) =>
      enqueue.emit({
        type: 'group.alert',
        alert: {
          type: 'error',
          key: context.group ? ALERT_KEYS.groups.updateError : ALERT_KEYS.groups.createError,
          detailKey: keyOf('error' in event ? event.error : undefined),
        },
      }),
    ),
    notifyDeleted: enqueueActions(({ enqueue }) =>
      enqueue.emit({ type: 'group.alert', alert: { type: 'success', key: ALERT_KEYS.groups.deleteSuccess } }),
    ),
    notifyDeleteFailed: enqueueActions(({ enqueue }) =>
      enqueue.emit({ type: 'group.alert', alert: { type: 'error', key: ALERT_KEYS.groups.deleteError } }),
    ),
    emitLeft: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'group.left' })),
  },
}).createMachine({
  id: 'groupForm',
  context: ({ input }) => ({
    groupId: input.groupId,
    group: null,
    orgs: [],
    name: '',
    orgId: input.orgId,
    members: [],
    savedPrint: fingerprint('', input.orgId, []),
    touched: false,
    serverError: null,
    loadError: null,
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadGroup',
            src: 'loadGroup',
            input: ({ context }) => ({ groupId: context.groupId }),
            onDone: { target: 'ready', actions: 'storeLoaded' },
            onError: { target: 'failed', actions: ['storeLoadError', 'notifyLoadFailed'] },
          },
        },
        ready: {},
        failed: {},
      },
    },
    form: {
      initial: 'open',
      states: {
        open: {
          initial: 'editing',
          on: {
            'group.name.change': { actions: 'storeName' },
            'group.name.blur': { actions: 'markTouched' },
            'group.org.change': { actions: 'storeOrg' },
            'group.member.add': { actions: 'addMember' },
            'group.member.remove': { actions: 'removeMember' },
          },
          states: {
            editing: {
              on: {
                // Only a group that can be saved is: « Créer » / « Enregistrer » is enabled exactly when
                // this transition is (selectGroupForm's saveDisabled reads `can`).
                'group.save': { guard: 'canSave', target: 'saving', actions: ['markTouched', 'clearServerError'] },
                'group.delete.ask': { guard: 'hasGroup', target: 'confirmingDelete' },
              },
            },
            saving: {
              invoke: {
                id: 'saveGroup',
                src: 'saveGroup',
                input: ({ context }) => {
                  const employeesIds = context.members.map((m) => m.id);
                  const name = context.name.trim();
                  return context.group
                    ? { groupId: context.group.id, body: { name, employeesIds } }
                    : { groupId: null, body: { name, orgId: context.orgId, employeesIds } };
                },
                onDone: [
                  {
                    guard: 'isCreating',
                    target: '#groupForm.form.left',
                    actions: ['notifySaved', 'storeSaved', 'emitLeft'],
                  },
                  { target: 'editing', actions: ['notifySaved', 'storeSaved'] },
                ],
                onError: { target: 'editing', actions: ['storeServerError', 'notifySaveFailed'] },
              },
            },
            confirmingDelete: {
              on: {
                'group.delete.confirm': { target: 'deleting' },
                'group.delete.cancel': { target: 'editing' },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteGroup',
                src: 'deleteGroup',
                input: ({ context }) => ({ groupId: context.group?.id ?? '' }),
                onDone: { target: '#groupForm.form.left', actions: ['notifyDeleted', 'emitLeft'] },
                onError: { target: 'editing', actions: 'notifyDeleteFailed' },
              },
            },
          },
        },
        /** Created or deleted: the view goes back to the list, and nothing holds it. */
        left: { type: 'final' },
      },
    },
  },
});

export type GroupFormMachine = typeof groupFormMachine;
