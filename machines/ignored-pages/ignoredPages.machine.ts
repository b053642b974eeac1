/**
 * A campaign's ignored pages (issue 15 §2): the pages of the source PDF whose identifier matched
 * nobody, read once (a failure shows none); before validation each can be given to an employee.
 * One picker open at a time (toggling the open page closes it, another page moves it there); it
 * searches the campaign organisation's employees, first with what was read on the page, then with
 * what is typed once it has stopped changing for `SEARCH_DELAY_MS`; a failed search offers nobody.
 * Giving the page runs one at a time and the picker stays put meanwhile; success says so and hands
 * the campaign as the server left it to the view (`ignored.assigned`); the page given leaves the
 * list. When the campaign's push counts other pages than listed while none is being given here
 * (another operator gave one), the list is read again. A refusal says the server's reason. The view shows the list only when the campaign has ignored
 * pages and offers the picker only before validation.
 */
import { and, assign, cancel, emit, fromPromise, not, raise, setup } from 'xstate';
import type { IgnoredPageItem } from '../../src/contract/dispatch.ts';
import type { Campaign, Employee } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type {
  IgnoredPagesContext,
  IgnoredPagesEmitted,
  IgnoredPagesEvent,
  IgnoredPagesInput,
} from './ignoredPages.types.ts';

export const SEARCH_DELAY_MS = 300;
const SEARCH_DELAY = 'searchDelay';

const unwired = <T, I>(name: string) =>
  fromPromise<T, I>(() => Promise.reject(new Error(`${name}: no actor provided`)));

const keyOf = (failure: unknown): string => {
  const key = (failure as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : ERROR_KEYS.internal;
};

/** One page of one source: what tells two items apart. */
export const itemKey = (item: IgnoredPageItem): string => `${item.sourceId}:${item.page}`;

/**
 * The picker's first search: what the zone read, without the label a payslip prints before the value
 * (« Matricule : ZZ-90009 » → « ZZ-90009 »), which no employee's name or number contains.
 */
export const searchOfReadText = (readText: string): string => {
  const value = readText.includes(':') ? readText.slice(readText.lastIndexOf(':') + 1) : readText;
  return value.trim() || readText.trim();
};

export const ignoredPagesMachine = setup({
  types: {} as {
    context: IgnoredPagesContext;
    events: IgnoredPagesEvent;
    input: IgnoredPagesInput;
    emitted: IgnoredPagesEmitted;
  },
  actors: {
    loadItems: unwired<readonly IgnoredPageItem[], { campaignId: string }>('loadItems'),
    searchEmployees: unwired<readonly Employee[], { organizationId: string; search: string }>('searchEmployees'),
    assignPage: unwired<Campaign, { campaignId: string; item: IgnoredPageItem; employeeId: string }>('assignPage'),
  },
  guards: {
    isAssigning: ({ context }) => context.assigning !== null,
    isOpenItem: ({ context, event }) =>
      event.type === 'ignored.picker.toggle' && context.open !== null && itemKey(context.open) === itemKey(event.item),
    /** The campaign counts other pages than the list shows: someone else gave one meanwhile. */
    countDiffers: ({ context, event }) =>
      event.type === 'ignored.count.changed' && event.count !== context.items.length,
    /** Spaces around the search do not make a new one. */
    searchChanged: ({ context, event }) =>
      event.type === 'ignored.search.edit' && event.text.trim() !== context.text.trim(),
  },
  actions: {
    storeItems: assign({
      items: ({ context, event }) => (event.type === 'xstate.done.actor.loadItems' ? event.output : context.items),
    }),
    storeOpen: assign(({ context, event }) =>
      event.type === 'ignored.picker.toggle'
        ? { open: event.item, text: searchOfReadText(event.item.readText), found: [] }
        : context,
    ),
    clearOpen: assign({ open: null, text: '', found: [] }),
    storeText: assign({
      text: ({ context, event }) => (event.type === 'ignored.search.edit' ? event.text : context.text),
    }),
    startSearchDelay: raise({ type: 'ignored.search.settled' }, { id: SEARCH_DELAY, delay: SEARCH_DELAY_MS }),
    cancelSearchDelay: cancel(SEARCH_DELAY),
    storeFound: assign({
      found: ({ context, event }) =>
        event.type === 'xstate.done.actor.searchEmployees' ? event.output : context.found,
    }),
    clearFound: assign({ found: [] }),
    storeAssigning: assign({
      assigning: ({ context, event }) => (event.type === 'ignored.assign' ? event.employeeId : context.assigning),
    }),
    clearAssigning: assign({ assigning: null }),
    /** The page given is no longer ignored: it leaves the list, and its picker closes. */
    dropAssigned: assign({
      items: ({ context }) =>
        context.open ? context.items.filter((i) => itemKey(i) !== itemKey(context.open!)) : context.items,
      open: null,
    }),
    notifyAssigned: emit({ type: 'ignored.alert', alert: { type: 'success', key: 'campaigns.ignored.assigned' } }),
    emitAssigned: emit(({ event }) => {
      if (event.type !== 'xstate.done.actor.assignPage') throw new Error('no campaign');
      return { type: 'ignored.assigned' as const, campaign: event.output };
    }),
    notifyAssignFailed: emit(({ event }) => ({
      type: 'ignored.alert' as const,
      alert: {
        type: 'error' as const,
        key: event.type === 'xstate.error.actor.assignPage' ? keyOf(event.error) : ERROR_KEYS.internal,
      },
    })),
  },
}).createMachine({
  id: 'ignoredPages',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    organizationId: input.organizationId,
    items: [],
    open: null,
    text: '',
    found: [],
    assigning: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: { target: 'ready', actions: 'storeItems' },
        // Silent, as the list was: no page is listed.
        onError: { target: 'ready' },
      },
    },
    ready: {
      initial: 'closed',
      on: {
        // Another operator gave a page (the campaign's push counts one fewer than listed): read the
        // list again. Never while this page gives one: its own push arrives before its answer.
        'ignored.count.changed': { guard: and([not('isAssigning'), 'countDiffers']), target: 'loading' },
        'ignored.picker.toggle': [
          { guard: and([not('isAssigning'), 'isOpenItem']), target: '.closed', actions: 'clearOpen' },
          { guard: not('isAssigning'), target: '.open', reenter: true, actions: 'storeOpen' },
        ],
      },
      states: {
        closed: {},
        open: {
          type: 'parallel',
          states: {
            search: {
              initial: 'searching',
              on: {
                'ignored.search.edit': [
                  { guard: 'searchChanged', target: '.waiting', reenter: true, actions: 'storeText' },
                  { actions: 'storeText' },
                ],
              },
              states: {
                waiting: {
                  entry: 'startSearchDelay',
                  exit: 'cancelSearchDelay',
                  on: { 'ignored.search.settled': { target: 'searching' } },
                },
                searching: {
                  invoke: {
                    id: 'searchEmployees',
                    src: 'searchEmployees',
                    input: ({ context }) => ({ organizationId: context.organizationId, search: context.text.trim() }),
                    onDone: { target: 'idle', actions: 'storeFound' },
                    onError: { target: 'idle', actions: 'clearFound' },
                  },
                },
                idle: {},
              },
            },
            assign: {
              initial: 'idle',
              states: {
                idle: { on: { 'ignored.assign': { target: 'assigning', actions: 'storeAssigning' } } },
                assigning: {
                  invoke: {
                    id: 'assignPage',
                    src: 'assignPage',
                    input: ({ context }) => {
                      if (!context.open || !context.assigning) throw new Error('nothing to assign');
                      return { campaignId: context.campaignId, item: context.open, employeeId: context.assigning };
                    },
                    // The answer is heard even when the campaign's push (one ignored page fewer) came first.
                    onDone: {
                      target: '#ignoredPages.ready.closed',
                      actions: ['notifyAssigned', 'emitAssigned', 'dropAssigned', 'clearAssigning'],
                    },
                    onError: { target: 'idle', actions: ['clearAssigning', 'notifyAssignFailed'] },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type IgnoredPagesMachine = typeof ignoredPagesMachine;
