/**
 * The documents archive list's workflow (issue 14: no workflow in component state), in two regions:
 *
 * - list: waiting (no query yet) → loading (the `readList` actor; a new query — search, filters, sort
 *   or paging from the URL — or a reload reads again, the running read aborted so a newer query always
 *   wins) → shown | failed (the alert said so; no rows). A reload comes from the upload dialog, or from
 *   the `deposits` actor (documents deposited elsewhere, or pushes lost), invoked while the machine runs.
 * - archive: idle → zipping (`downloadArchive`: the checked documents, or everything the filter finds —
 *   only once its page is shown, with something to zip and not past the server's limit) → idle with its
 *   alert: saved, or the failure with its key; a zip canceled from the notifications panel says nothing
 *   more (the panel does).
 *
 * The checked documents span pages and belong to one filter: a query with another filter or search
 * starts them empty, a new page or sort keeps them.
 *
 * Pure: the calls are injected actors (`createDocumentListActors(ports)`), the alerts an action the view
 * provides.
 */
import { and, assign, setup, stateIn, type Subscribable } from 'xstate';
import { DOCUMENT_ARCHIVE_MAX_DOCUMENTS, type DocumentFilter } from '../../src/contract/documents.ts';
import { createDocumentListActors } from './documentList.actors.ts';
import type {
  ArchiveInput,
  DepositFact,
  DocumentListContext,
  DocumentListEvent,
  DocumentQuery,
  PageAlert,
} from './documentList.types.ts';

const silent: Subscribable<DepositFact> = { subscribe: () => ({ unsubscribe: () => {} }) };
const unwired = createDocumentListActors({
  api: { call: () => Promise.reject(new Error('document-list machine: API not provided')) },
  downloadArchive: () => Promise.reject(new Error('document-list machine: downloadArchive not provided')),
  deposits: silent,
});

/** The query without its paging and sort: what a zip of the filter takes, and what a selection belongs to. */
export const filterOf = (query: DocumentQuery): DocumentFilter => {
  const { offset: _offset, limit: _limit, order: _order, ...filter } = query;
  return filter;
};
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The failure's own translation key, when it carries one. */
const keyOf = (error: unknown): string | undefined => {
  const key = (error as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : undefined;
};
const failure = (message: string, error: unknown): PageAlert => {
  const detailKey = keyOf(error);
  return { type: 'error', message, ...(detailKey ? { detailKey } : {}) };
};

/**
 * Reading again, declared on each state of the list region (between siblings, so only that region
 * is left and entered again: a zip running meanwhile keeps its call and its alert).
 */
const readAgain = {
  'list.query': { guard: 'queryChanged', target: 'loading', reenter: true, actions: 'storeQuery' },
  'list.reload': { guard: 'hasQuery', target: 'loading', reenter: true },
} as const;

export const documentListMachine = setup({
  types: {} as {
    context: DocumentListContext;
    events: DocumentListEvent;
  },
  actors: unwired,
  guards: {
    queryChanged: ({ context, event }) => event.type === 'list.query' && !sameJson(context.query, event.query),
    hasQuery: ({ context }) => context.query !== null,
    hasSomethingToZip: ({ context, event }) => {
      if (event.type !== 'archive.start') return false;
      if (event.scope === 'selection') return context.selected.length > 0;
      const count = context.page?.count ?? 0;
      return count > 0 && count <= DOCUMENT_ARCHIVE_MAX_DOCUMENTS;
    },
    isFilterScope: ({ event }) => event.type === 'archive.start' && event.scope === 'filter',
    isSelectionScope: ({ event }) => event.type === 'archive.start' && event.scope === 'selection',
    wasSaved: ({ event }) => event.type === 'xstate.done.actor.downloadArchive' && event.output === 'saved',
  },
  actions: {
    /** Provided by the view: pushes the alert. */
    alert: (_, _params: PageAlert) => {},
    storeQuery: assign(({ context, event }) => {
      if (event.type !== 'list.query') return {};
      const sameFilter = context.query !== null && sameJson(filterOf(context.query), filterOf(event.query));
      return { query: event.query, ...(sameFilter ? {} : { selected: [] }) };
    }),
    storeSelection: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'selection.change') return context.selected;
        const sizeOf = (id: string) =>
          context.selected.find((d) => d.id === id)?.size ?? context.page?.items.find((d) => d.id === id)?.size ?? 0;
        return event.ids.map((id) => ({ id, size: sizeOf(id) }));
      },
    }),
    storeArchive: assign({
      archive: ({ context, event }): ArchiveInput | null => {
        if (event.type !== 'archive.start') return context.archive;
        if (event.scope === 'selection')
          return {
            body: { ids: context.selected.map((d) => d.id) },
            count: context.selected.length,
            expectedBytes: context.selected.reduce((sum, d) => sum + d.size, 0),
            atLeast: false,
          };
        return {
          body: { filter: filterOf(context.query!) },
          count: context.page!.count,
          expectedBytes: null,
          atLeast: context.page!.countCapped,
        };
      },
    }),
    clearArchive: assign({ archive: null }),
  },
}).createMachine({
  id: 'documentList',
  context: { query: null, page: null, employee: null, selected: [], archive: null },
  type: 'parallel',
  invoke: { id: 'deposits', src: 'deposits' },
  on: { 'selection.change': { actions: 'storeSelection' } },
  states: {
    list: {
      initial: 'waiting',
      states: {
        // Nothing to reload before the first query.
        waiting: { on: { 'list.query': readAgain['list.query'] } },
        loading: {
          on: readAgain,
          invoke: {
            id: 'readList',
            src: 'readList',
            input: ({ context }) => ({ query: context.query!, known: context.employee }),
            onDone: {
              target: 'shown',
              actions: assign({
                page: ({ event }) => event.output.page,
                employee: ({ event }) => event.output.employee,
              }),
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ page: null }),
                { type: 'alert', params: ({ event }) => failure('documents.messages.listError', event.error) },
              ],
            },
          },
        },
        shown: { on: readAgain },
        failed: { on: readAgain },
      },
    },
    archive: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'archive.start': [
              // The filter's count is the one on screen: not while another query's page is awaited.
              {
                guard: and(['isFilterScope', 'hasSomethingToZip', stateIn({ list: 'shown' })]),
                target: 'zipping',
                actions: 'storeArchive',
              },
              {
                guard: and(['isSelectionScope', 'hasSomethingToZip']),
                target: 'zipping',
                actions: 'storeArchive',
              },
            ],
          },
        },
        zipping: {
          invoke: {
            id: 'downloadArchive',
            src: 'downloadArchive',
            input: ({ context }) => context.archive!,
            onDone: [
              {
                guard: 'wasSaved',
                target: 'idle',
                actions: [
                  {
                    type: 'alert',
                    params: ({ context }) => ({
                      type: 'success',
                      message: context.archive!.atLeast
                        ? 'documents.messages.archiveSavedMany'
                        : 'documents.messages.archiveSaved',
                      values: { count: context.archive!.count },
                    }),
                  },
                  'clearArchive',
                ],
              },
              { target: 'idle', actions: 'clearArchive' },
            ],
            onError: {
              target: 'idle',
              actions: [
                { type: 'alert', params: ({ event }) => failure('documents.messages.archiveError', event.error) },
                'clearArchive',
              ],
            },
          },
        },
      },
    },
  },
});

export type DocumentListMachine = typeof documentListMachine;
