import { describe, expect, it } from 'vitest';
import { createActor, type Subscribable, waitFor } from 'xstate';
import { DOCUMENT_ARCHIVE_MAX_DOCUMENTS } from '../../src/contract/documents.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { type Answer, tableApi } from '../testing/tableApi.ts';
import { createDocumentListActors } from './documentList.actors.ts';
import { DOC_1, DOC_2, PAGE, QUERY_ALL, QUERY_SEARCH } from './documentList.fixtures.ts';
import { documentListMachine } from './documentList.machine.ts';
import { selectDocumentList } from './documentList.selectors.ts';
import type { ArchiveInput, ArchiveOutcome, DepositFact, PageAlert } from './documentList.types.ts';

/** A deposits stream the test pushes facts into. */
const depositsStream = () => {
  const listeners = new Set<(fact: DepositFact) => void>();
  const stream: Subscribable<DepositFact> = {
    subscribe: (observer) => {
      const next = typeof observer === 'function' ? observer : (f: DepositFact) => observer.next?.(f);
      listeners.add(next);
      return { unsubscribe: () => listeners.delete(next) };
    },
  };
  return { stream, deposit: () => listeners.forEach((l) => l({ type: 'list.reload' })) };
};

/** A list on a fake API answering from a table; every call, zip and alert recorded. */
const start = (
  answers: Partial<Record<RouteId, Answer>>,
  zip: (input: ArchiveInput) => Promise<ArchiveOutcome> = () => Promise.resolve('saved'),
) => {
  const { api, calls } = tableApi(answers);
  const alerts: PageAlert[] = [];
  const zips: ArchiveInput[] = [];
  const deposits = depositsStream();
  const actor = createActor(
    documentListMachine.provide({
      actors: createDocumentListActors({
        api,
        downloadArchive: (input) => {
          zips.push(input);
          return zip(input);
        },
        deposits: deposits.stream,
      }),
      actions: { alert: (_, alert) => void alerts.push(alert) },
    }),
  ).start();
  return {
    actor,
    alerts,
    zips,
    deposit: deposits.deposit,
    calls,
    get bodies() {
      return calls.filter((c) => c.routeId === 'documents.list').map((c) => c.body);
    },
    view: () => selectDocumentList(actor.getSnapshot()),
  };
};
type List = ReturnType<typeof start>;
const shown = (list: List) => waitFor(list.actor, (s) => s.matches({ list: 'shown', archive: 'idle' }));
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('documents list', () => {
  it('reads the page once the query comes, and again only on a new query; the rows stay while the next loads', async () => {
    const list = start({ 'documents.list': () => PAGE });
    expect(list.view()).toMatchObject({ loading: true, rows: [], count: null });
    expect(list.calls).toEqual([]);
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    expect(list.view()).toMatchObject({ loading: false, failed: false, rows: PAGE.items, count: 2 });
    expect(list.bodies).toEqual([QUERY_ALL]);

    list.actor.send({ type: 'list.query', query: { ...QUERY_ALL } }); // a re-render: nothing read
    list.actor.send({ type: 'list.query', query: { ...QUERY_ALL, offset: 20 } });
    expect(list.view()).toMatchObject({ loading: true, rows: PAGE.items });
    await shown(list);
    expect(list.bodies).toHaveLength(2);
  });

  it('lets a newer query win: the read it overtakes is aborted', async () => {
    const signals: AbortSignal[] = [];
    const actor = createActor(
      documentListMachine.provide({
        actors: createDocumentListActors({
          api: {
            call: <T>(_route: RouteId, options?: { signal?: AbortSignal }) => {
              if (options?.signal) signals.push(options.signal);
              return new Promise<T>(() => undefined);
            },
          },
          downloadArchive: () => Promise.resolve('saved'),
          deposits: { subscribe: () => ({ unsubscribe: () => {} }) },
        }),
      }),
    ).start();
    actor.send({ type: 'list.query', query: QUERY_ALL });
    actor.send({ type: 'list.query', query: QUERY_SEARCH });
    await tick();
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
  });

  it('says so when the page cannot be read, with the failure’s key, and shows no rows rather than a loading look', async () => {
    const list = start({
      'documents.list': () => {
        throw { key: 'error.network', status: 0 };
      },
    });
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await waitFor(list.actor, (s) => s.matches({ list: 'failed' }));
    expect(list.alerts).toEqual([
      { type: 'error', message: 'documents.messages.listError', detailKey: 'error.network' },
    ]);
    expect(list.view()).toMatchObject({ loading: false, failed: true, rows: [], count: null, canZipFilter: false });
  });

  it('reads again on a reload and on each deposit heard, but not before the first query', async () => {
    const list = start({ 'documents.list': () => PAGE });
    list.actor.send({ type: 'list.reload' });
    list.deposit();
    await tick();
    expect(list.bodies).toEqual([]);
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    list.actor.send({ type: 'list.reload' });
    await shown(list);
    list.deposit();
    expect(list.view().loading).toBe(true);
    await shown(list);
    expect(list.bodies).toEqual([QUERY_ALL, QUERY_ALL, QUERY_ALL]);
  });

  it('names the filter’s employee: from the rows when one is theirs, else read once', async () => {
    const other = '0195f3a2-0000-7000-8000-0000000000e9';
    const list = start({
      'documents.list': ({ body }) =>
        (body as { employeeIds?: string[] }).employeeIds?.[0] === other ? { ...PAGE, items: [], count: 0 } : PAGE,
      'employees.get': () => ({ id: other, name: 'Bernard', firstName: 'Luc' }),
    });
    list.actor.send({ type: 'list.query', query: { ...QUERY_ALL, employeeIds: [DOC_1.employeeId!] } });
    await shown(list);
    expect(list.calls.map((c) => c.routeId)).toEqual(['documents.list']); // a row is theirs
    list.actor.send({ type: 'list.query', query: { ...QUERY_ALL, employeeIds: [other] } });
    await shown(list);
    expect(list.view().employee).toEqual({ id: other, label: 'Bernard Luc' });
    list.actor.send({ type: 'list.reload' });
    await shown(list);
    expect(list.calls.map((c) => c.routeId)).toEqual([
      'documents.list',
      'documents.list',
      'employees.get',
      'documents.list',
    ]);
    expect(list.view().employee).toEqual({ id: other, label: 'Bernard Luc' });
  });

  it('keeps the checked documents across pages and sorts, and empties them for another filter or search', async () => {
    const list = start({ 'documents.list': () => PAGE });
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    expect(list.view()).toMatchObject({ canZipSelection: false, canZipFilter: true });
    list.actor.send({ type: 'selection.change', ids: [DOC_1.id, DOC_2.id] });
    expect(list.view()).toMatchObject({ selected: [DOC_1.id, DOC_2.id], canZipSelection: true });
    list.actor.send({
      type: 'list.query',
      query: { ...QUERY_ALL, offset: 20, order: { field: 'description', sens: 'asc' } },
    });
    await shown(list);
    expect(list.view().selected).toEqual([DOC_1.id, DOC_2.id]);
    list.actor.send({ type: 'list.query', query: QUERY_SEARCH });
    expect(list.view()).toMatchObject({ selected: [], canZipSelection: false });
  });

  it('zips the checked documents with their sizes, then says it was saved', async () => {
    let finish: (outcome: ArchiveOutcome) => void = () => undefined;
    const list = start({ 'documents.list': () => PAGE }, () => new Promise((resolve) => (finish = resolve)));
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    list.actor.send({ type: 'selection.change', ids: [DOC_1.id] });
    list.actor.send({ type: 'list.query', query: { ...QUERY_ALL, offset: 20 } }); // another page: its rows differ
    await shown(list);
    list.actor.send({ type: 'selection.change', ids: [DOC_1.id, DOC_2.id] });
    list.actor.send({ type: 'archive.start', scope: 'selection' });
    expect(list.view()).toMatchObject({ zipping: 'selection', canZipSelection: false, canZipFilter: false });
    expect(list.zips).toEqual([
      { body: { ids: [DOC_1.id, DOC_2.id] }, count: 2, expectedBytes: DOC_1.size + DOC_2.size, atLeast: false },
    ]);
    finish('saved');
    await waitFor(list.actor, (s) => s.matches({ archive: 'idle' }));
    expect(list.alerts).toEqual([
      { type: 'success', message: 'documents.messages.archiveSaved', values: { count: 2 } },
    ]);
    expect(list.view()).toMatchObject({ zipping: null, canZipSelection: true });
  });

  it('zips the filter without its paging, « plus de » past the cap; a cancel says nothing, a failure its key', async () => {
    let outcome: () => Promise<ArchiveOutcome> = () => Promise.resolve('canceled');
    const capped = { count: 1_000, countCapped: true, items: [DOC_1] };
    const list = start({ 'documents.list': () => capped }, () => outcome());
    list.actor.send({ type: 'list.query', query: { ...QUERY_SEARCH, offset: 40 } });
    list.actor.send({ type: 'archive.start', scope: 'filter' }); // not before its page is shown
    expect(list.zips).toEqual([]);
    await shown(list);
    list.actor.send({ type: 'archive.start', scope: 'filter' });
    expect(list.zips).toEqual([
      { body: { filter: { search: 'mars' } }, count: 1_000, expectedBytes: null, atLeast: true },
    ]);
    await waitFor(list.actor, (s) => s.matches({ archive: 'idle' }));
    expect(list.alerts).toEqual([]);

    outcome = () => Promise.reject({ key: 'documents.errors.archiveTooLarge', status: 413 });
    list.actor.send({ type: 'archive.start', scope: 'filter' });
    await waitFor(list.actor, (s) => s.matches({ archive: 'idle' }));
    expect(list.alerts).toEqual([
      { type: 'error', message: 'documents.messages.archiveError', detailKey: 'documents.errors.archiveTooLarge' },
    ]);

    outcome = () => Promise.resolve('saved');
    list.actor.send({ type: 'archive.start', scope: 'filter' });
    await waitFor(list.actor, (s) => s.matches({ archive: 'idle' }));
    expect(list.alerts.at(-1)).toEqual({
      type: 'success',
      message: 'documents.messages.archiveSavedMany',
      values: { count: 1_000 },
    });
  });

  it('offers no zip of a filter that finds nothing, or more than one zip may take', async () => {
    let count = 0;
    const list = start({ 'documents.list': () => ({ count, countCapped: false, items: [] }) });
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    expect(list.view()).toMatchObject({ canZipFilter: false, tooManyToZip: false });
    count = DOCUMENT_ARCHIVE_MAX_DOCUMENTS + 1;
    list.actor.send({ type: 'list.reload' });
    await shown(list);
    expect(list.view()).toMatchObject({ canZipFilter: false, tooManyToZip: true });
  });

  it('keeps a running zip when the list is read again meanwhile', async () => {
    let finish: (outcome: ArchiveOutcome) => void = () => undefined;
    const list = start({ 'documents.list': () => PAGE }, () => new Promise((resolve) => (finish = resolve)));
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    list.actor.send({ type: 'archive.start', scope: 'filter' });
    list.actor.send({ type: 'list.query', query: QUERY_SEARCH });
    await waitFor(list.actor, (s) => s.matches({ list: 'shown' }));
    expect(list.view().zipping).toBe('filter');
    finish('saved');
    await shown(list);
    expect(list.alerts).toEqual([
      { type: 'success', message: 'documents.messages.archiveSaved', values: { count: 2 } },
    ]);
  });
});
