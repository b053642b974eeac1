/**
 * The employee list page's workflow (issue 14: no workflow in component state), in four regions:
 *
 * - list: waiting (no query yet) → loading (the `readList` actor; a new query — search, sort, page,
 *   size or status from the URL — or a reload reads again, the running read aborted, the selection
 *   emptied) → shown | failed (the alert said so; the table shows an empty page).
 * - stats: loading (the `readStats` actor, at once and again on each reload) → shown; a failure keeps
 *   what was shown before, silently.
 * - selection: the checked employees, replaced by the table (`selection.change`).
 * - bulk: idle → confirming (validate — only on the to-validate list — or deactivate the checked
 *   employees) → running (`runBulk`) → idle: its alert (success, or the failure with the server's
 *   detail), then the list and the statistics read again.
 *
 * Pure: the calls are injected actors (`createEmployeeListActors(api)`), the alerts an action the view
 * provides.
 */
import { assign, raise, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { createEmployeeListActors } from './employeeList.actors.ts';
import type {
  BulkAction,
  EmployeeListContext,
  EmployeeListEvent,
  EmployeeQuery,
  PageAlert,
} from './employeeList.types.ts';

const unwired = createEmployeeListActors({
  call: () => Promise.reject(new Error('employee-list machine: API not provided')),
});

const sameQuery = (a: EmployeeQuery | null, b: EmployeeQuery): boolean =>
  !!a && JSON.stringify(a) === JSON.stringify(b);

const SUCCESS: Record<BulkAction, string> = {
  validate: 'employees.messages.validate.success',
  deactivate: 'employees.messages.deactivate.success',
};
const FAILURE: Record<BulkAction, string> = {
  validate: ALERT_KEYS.employees.updateError,
  deactivate: ALERT_KEYS.employees.deleteError,
};

/** The server's first reason, when the failure carries one. */
const detailOf = (error: unknown): string | undefined =>
  (error as { errors?: readonly string[] } | null)?.errors?.[0] ?? undefined;

/**
 * Reading the page again, declared on each state of the list region (between siblings, so only that
 * region is left and entered again: a bulk action running meanwhile keeps its call and its alert).
 */
const readAgain = {
  'list.query': { guard: 'queryChanged', target: 'loading', reenter: true, actions: 'storeQuery' },
  'list.reload': { guard: 'hasQuery', target: 'loading', reenter: true },
} as const;

export const employeeListMachine = setup({
  types: {} as {
    context: EmployeeListContext;
    events: EmployeeListEvent;
  },
  actors: unwired,
  guards: {
    queryChanged: ({ context, event }) => event.type === 'list.query' && !sameQuery(context.query, event.query),
    hasQuery: ({ context }) => context.query !== null,
    /** Something is checked, and validating is asked on the to-validate list only. */
    canRequest: ({ context, event }) =>
      event.type === 'bulk.request' &&
      context.selected.length > 0 &&
      (event.action === 'deactivate' || context.query?.status === 'to-validate'),
  },
  actions: {
    /** Provided by the view: pushes the alert. */
    alert: (_, _params: PageAlert) => {},
    storeQuery: assign({
      query: ({ context, event }) => (event.type === 'list.query' ? event.query : context.query),
    }),
    clearSelection: assign({ selected: [] }),
    storeAction: assign({
      action: ({ context, event }) => (event.type === 'bulk.request' ? event.action : context.action),
    }),
    clearAction: assign({ action: null }),
    reload: raise({ type: 'list.reload' }),
  },
}).createMachine({
  id: 'employeeList',
  context: { query: null, page: null, stats: null, selected: [], action: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'waiting',
      states: {
        // Nothing to reload before the first query.
        waiting: { on: { 'list.query': readAgain['list.query'] } },
        loading: {
          // A selection belongs to the page it was made on: another page, sort, filter or a re-read starts empty.
          entry: 'clearSelection',
          on: readAgain,
          invoke: {
            id: 'readList',
            src: 'readList',
            input: ({ context }) => ({ query: context.query! }),
            onDone: { target: 'shown', actions: assign({ page: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: [
                assign({ page: { count: 0, items: [], nextCursor: null } }),
                { type: 'alert', params: { type: 'error', message: 'employees.messages.list.error' } },
              ],
            },
          },
        },
        shown: { on: readAgain },
        failed: { on: readAgain },
      },
    },
    stats: {
      initial: 'loading',
      states: {
        loading: {
          on: { 'list.reload': { target: 'loading', reenter: true } },
          invoke: {
            id: 'readStats',
            src: 'readStats',
            onDone: { target: 'shown', actions: assign({ stats: ({ event }) => event.output }) },
            onError: { target: 'shown' },
          },
        },
        shown: { on: { 'list.reload': 'loading' } },
      },
    },
    selection: {
      on: { 'selection.change': { actions: assign({ selected: ({ event }) => [...event.ids] }) } },
    },
    bulk: {
      initial: 'idle',
      states: {
        idle: { on: { 'bulk.request': { guard: 'canRequest', target: 'confirming', actions: 'storeAction' } } },
        confirming: {
          on: {
            'bulk.confirm': 'running',
            'bulk.cancel': { target: 'idle', actions: 'clearAction' },
          },
        },
        running: {
          invoke: {
            id: 'runBulk',
            src: 'runBulk',
            input: ({ context }) => ({ action: context.action!, ids: context.selected }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'alert', params: ({ context }) => ({ type: 'success', message: SUCCESS[context.action!] }) },
                'clearAction',
                'reload',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'alert',
                  params: ({ context, event }) => {
                    const detail = detailOf(event.error);
                    return { type: 'error', message: FAILURE[context.action!], ...(detail ? { detail } : {}) };
                  },
                },
                'clearAction',
                'reload',
              ],
            },
          },
        },
      },
    },
  },
});

export type EmployeeListMachine = typeof employeeListMachine;
