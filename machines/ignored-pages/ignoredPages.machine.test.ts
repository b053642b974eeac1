import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { EMPLOYEE } from '../employee-sheet/employeeSheet.fixtures.ts';
import { createIgnoredPagesActors } from './ignoredPages.actors.ts';
import { IGNORED_CAMPAIGN, IGNORED_INPUT, IGNORED_ITEMS } from './ignoredPages.fixtures.ts';
import { ignoredPagesMachine, searchOfReadText } from './ignoredPages.machine.ts';
import { selectIgnoredPages } from './ignoredPages.selectors.ts';
import type { IgnoredPagesEmitted } from './ignoredPages.types.ts';
import { type Answer, tableApi } from '../testing/tableApi.ts';

/** The list on a fake API answering from a table; every call and every emitted fact recorded. */
const start = (answers: Partial<Record<RouteId, Answer>>) => {
  const { api, calls } = tableApi(answers);
  const actor = createActor(ignoredPagesMachine.provide({ actors: createIgnoredPagesActors(api) }), {
    input: IGNORED_INPUT,
  });
  const emitted: IgnoredPagesEmitted[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor, calls, emitted, view: () => selectIgnoredPages(actor.getSnapshot()) };
};
type List = ReturnType<typeof start>;

const searched = (list: List) =>
  waitFor(list.actor, (s) => s.matches({ ready: { open: { search: 'idle', assign: 'idle' } } }));
const searches = (list: List) =>
  list.calls.filter((c) => c.routeId === 'employees.list').map((c) => (c.body as { search?: string }).search);
const ANSWERS = {
  'campaigns.ignoredPagesList': () => ({ items: IGNORED_ITEMS }),
  'employees.list': () => ({ count: 1, items: [EMPLOYEE], nextCursor: null }),
} satisfies Partial<Record<RouteId, Answer>>;

describe('ignored pages', () => {
  it('lists the pages, opens one picker at a time and searches first with what was read on the page', async () => {
    const list = start(ANSWERS);
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }));
    expect(list.view().items).toEqual(IGNORED_ITEMS);
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[0] });
    await searched(list);
    expect([list.view().openKey, list.view().text, list.view().found]).toEqual([
      `${IGNORED_ITEMS[0].sourceId}:2`,
      'DURAND',
      [EMPLOYEE],
    ]);
    expect(list.calls.at(-1)?.body).toEqual({
      search: 'DURAND',
      limit: 6,
      orgID: IGNORED_INPUT.organizationId,
      status: 'active',
    });
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[1] });
    await searched(list);
    expect([list.view().openKey, searches(list)]).toEqual([`${IGNORED_ITEMS[1].sourceId}:5`, ['DURAND', undefined]]);
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[1] });
    expect(list.view().openKey).toBeNull();
  });

  it('searches first with the value read, without the label printed before it', () => {
    expect(searchOfReadText('Matricule : ZZ-90009')).toBe('ZZ-90009');
    expect(searchOfReadText('N° salarié:HSP-00006 ')).toBe('HSP-00006');
    expect(searchOfReadText('DURAND')).toBe('DURAND');
    expect(searchOfReadText('Matricule :')).toBe('Matricule :');
    expect(searchOfReadText('')).toBe('');
  });

  it('searches once the typing has stopped, and not again for spaces around the same text', async () => {
    const list = start(ANSWERS);
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }));
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[0] });
    await searched(list);
    list.actor.send({ type: 'ignored.search.edit', text: 'Du' });
    list.actor.send({ type: 'ignored.search.edit', text: 'Dur' });
    list.actor.send({ type: 'ignored.search.edit', text: 'Dur ' });
    expect(list.view().text).toBe('Dur ');
    await searched(list);
    expect(searches(list)).toEqual(['DURAND', 'Dur']);
  });

  it('gives the page once, says so and hands over the campaign; a refusal says why', async () => {
    let refuse = true;
    const list = start({
      ...ANSWERS,
      'campaigns.assignIgnoredPage': () => {
        if (refuse) throw { key: ERROR_KEYS.illegalTransition, status: 409 };
        return { ...IGNORED_CAMPAIGN, ignoredPages: 1 };
      },
    });
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }));
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[0] });
    await searched(list);
    list.actor.send({ type: 'ignored.assign', employeeId: EMPLOYEE.id });
    expect(list.view().assigning).toBe(EMPLOYEE.id);
    // The picker stays put while the page is being given.
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[1] });
    expect(list.view().openKey).toBe(`${IGNORED_ITEMS[0].sourceId}:2`);
    await searched(list);
    refuse = false;
    list.actor.send({ type: 'ignored.assign', employeeId: EMPLOYEE.id });
    // Given, the page leaves the list and its picker closes.
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }));
    expect(list.view().items.map((i) => i.page)).not.toContain(2);
    expect(list.view().items).toHaveLength(IGNORED_ITEMS.length - 1);
    expect(list.calls.filter((c) => c.routeId === 'campaigns.assignIgnoredPage').map((c) => c.body)).toEqual([
      { sourceId: IGNORED_ITEMS[0].sourceId, page: 2, employeeId: EMPLOYEE.id },
      { sourceId: IGNORED_ITEMS[0].sourceId, page: 2, employeeId: EMPLOYEE.id },
    ]);
    expect(list.emitted).toEqual([
      { type: 'ignored.alert', alert: { type: 'error', key: ERROR_KEYS.illegalTransition } },
      { type: 'ignored.alert', alert: { type: 'success', key: 'campaigns.ignored.assigned' } },
      { type: 'ignored.assigned', campaign: { ...IGNORED_CAMPAIGN, ignoredPages: 1 } },
    ]);
  });

  it('lists no page when the list cannot be read, and offers nobody when a search fails', async () => {
    const broken = start({
      'campaigns.ignoredPagesList': () => {
        throw { key: 'error.internal', status: 500 };
      },
    });
    await waitFor(broken.actor, (s) => s.matches({ ready: 'closed' }));
    expect(broken.view().items).toEqual([]);

    let fail = false;
    const list = start({
      ...ANSWERS,
      'employees.list': () => {
        if (fail) throw { key: 'error.internal', status: 500 };
        return { count: 1, items: [EMPLOYEE], nextCursor: null };
      },
    });
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }));
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[0] });
    await searched(list);
    fail = true;
    list.actor.send({ type: 'ignored.search.edit', text: 'Martin' });
    await waitFor(list.actor, () => searches(list).length === 2);
    await searched(list);
    expect(list.view().found).toEqual([]);
  });

  it('reads the list again when the campaign counts other pages than listed, never while giving one itself', async () => {
    let items: readonly (typeof IGNORED_ITEMS)[number][] = IGNORED_ITEMS;
    const list = start({
      ...ANSWERS,
      'campaigns.ignoredPagesList': () => ({ items }),
      'campaigns.assignIgnoredPage': () => ({ ...IGNORED_CAMPAIGN, ignoredPages: 1 }),
    });
    const reads = () => list.calls.filter((c) => c.routeId === 'campaigns.ignoredPagesList').length;
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }));
    // The count the list already shows: nothing to read.
    list.actor.send({ type: 'ignored.count.changed', count: 2 });
    expect(reads()).toBe(1);
    // Its own assignment: the push (one fewer) comes before the answer, and is no reason to read.
    list.actor.send({ type: 'ignored.picker.toggle', item: IGNORED_ITEMS[0] });
    await searched(list);
    list.actor.send({ type: 'ignored.assign', employeeId: EMPLOYEE.id });
    list.actor.send({ type: 'ignored.count.changed', count: 1 });
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }));
    list.actor.send({ type: 'ignored.count.changed', count: 1 });
    expect([reads(), list.view().items]).toEqual([1, [IGNORED_ITEMS[1]]]);
    // Another operator gave the last page: the list is read again, and is empty.
    items = [];
    list.actor.send({ type: 'ignored.count.changed', count: 0 });
    await waitFor(list.actor, (s) => s.matches({ ready: 'closed' }) && reads() === 2);
    expect(list.view().items).toEqual([]);
  });
});
