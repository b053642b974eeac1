import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { type Answer, tableApi } from '../testing/tableApi.ts';
import { createEmployeeListActors } from './employeeList.actors.ts';
import { EMPLOYEE_1, EMPLOYEE_2, PAGE, QUERY_ALL, QUERY_TO_VALIDATE, STATS } from './employeeList.fixtures.ts';
import { employeeListMachine } from './employeeList.machine.ts';
import { selectEmployeeList } from './employeeList.selectors.ts';
import type { PageAlert } from './employeeList.types.ts';

/** A list on a fake API answering from a table; every call and every alert recorded. */
const start = (answers: Partial<Record<RouteId, Answer>>) => {
  const { api, calls } = tableApi(answers);
  const alerts: PageAlert[] = [];
  const actor = createActor(
    employeeListMachine.provide({
      actors: createEmployeeListActors(api),
      actions: { alert: (_, alert) => void alerts.push(alert) },
    }),
  ).start();
  return {
    actor,
    alerts,
    get routes() {
      return calls.map((c) => c.routeId);
    },
    calls,
    view: () => selectEmployeeList(actor.getSnapshot()),
  };
};
type List = ReturnType<typeof start>;
const shown = (list: List) => waitFor(list.actor, (s) => s.matches({ list: 'shown', stats: 'shown', bulk: 'idle' }));
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('employee list', () => {
  it('reads the statistics at once, the page once the query comes, and again only on a new query', async () => {
    const list = start({ 'employees.list': () => PAGE, 'employees.stats': () => STATS });
    expect(list.view()).toMatchObject({ loading: true, rows: [], stats: null });
    expect(list.routes).toEqual(['employees.stats']);
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    expect(list.view()).toMatchObject({ loading: false, rows: PAGE.items, total: 2, stats: STATS });
    expect(list.calls[1]).toMatchObject({ routeId: 'employees.list', body: QUERY_ALL });

    list.actor.send({ type: 'list.query', query: { ...QUERY_ALL } }); // the same query (a re-render): nothing read
    expect(list.routes).toEqual(['employees.stats', 'employees.list']);
    list.actor.send({ type: 'list.query', query: { ...QUERY_ALL, offset: 20 } });
    expect(list.view()).toMatchObject({ loading: true, rows: PAGE.items }); // the rows read before stay meanwhile
    await shown(list);
    expect(list.routes).toEqual(['employees.stats', 'employees.list', 'employees.list']);
  });

  it('aborts a read overtaken by a new query', async () => {
    const signals: AbortSignal[] = [];
    const actor = createActor(
      employeeListMachine.provide({
        actors: createEmployeeListActors({
          call: <T>(_route: RouteId, options?: { signal?: AbortSignal }) => {
            if (options?.signal) signals.push(options.signal);
            return new Promise<T>(() => undefined);
          },
        }),
      }),
    ).start();
    actor.send({ type: 'list.query', query: QUERY_ALL });
    actor.send({ type: 'list.query', query: { ...QUERY_ALL, search: 'dur' } });
    await tick();
    expect(signals.map((s) => s.aborted)).toEqual([false, true, false]); // stats, first page, second page
  });

  it('says so when the page cannot be read, and shows an empty page rather than a loading look', async () => {
    const list = start({
      'employees.list': () => {
        throw { key: 'error.network', status: 0 };
      },
      'employees.stats': () => STATS,
    });
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await waitFor(list.actor, (s) => s.matches({ list: 'failed' }));
    expect(list.alerts).toEqual([{ type: 'error', message: 'employees.messages.list.error' }]);
    expect(list.view()).toMatchObject({ loading: false, rows: [], total: 0 });
  });

  it('keeps the statistics shown when they cannot be read again, silently', async () => {
    let fail = false;
    const list = start({
      'employees.list': () => PAGE,
      'employees.stats': () => {
        if (fail) throw { key: 'error.network', status: 0 };
        return STATS;
      },
    });
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    fail = true;
    list.actor.send({ type: 'list.reload' });
    await shown(list);
    expect(list.view().stats).toEqual(STATS);
    expect(list.alerts).toEqual([]);
  });

  it('offers validation on the to-validate list only, and a bulk action only with a checked employee', async () => {
    const list = start({ 'employees.list': () => PAGE, 'employees.stats': () => STATS });
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    expect(list.view()).toMatchObject({ offersValidate: false, canValidate: false, canDeactivate: false });
    list.actor.send({ type: 'selection.change', ids: [EMPLOYEE_1.id] });
    expect(list.view()).toMatchObject({ selected: [EMPLOYEE_1.id], canValidate: false, canDeactivate: true });
    list.actor.send({ type: 'list.query', query: QUERY_TO_VALIDATE });
    expect(list.view().selected).toEqual([]); // a selection belongs to the page it was made on
    await shown(list);
    list.actor.send({ type: 'selection.change', ids: [EMPLOYEE_1.id, EMPLOYEE_2.id] });
    expect(list.view()).toMatchObject({ offersValidate: true, canValidate: true, canDeactivate: true });
  });

  it('validates the checked employees once confirmed, then reads the list and the statistics again', async () => {
    const list = start({
      'employees.list': () => PAGE,
      'employees.stats': () => STATS,
      'employees.validate': () => undefined,
    });
    list.actor.send({ type: 'list.query', query: QUERY_TO_VALIDATE });
    await shown(list);
    list.actor.send({ type: 'selection.change', ids: [EMPLOYEE_1.id, EMPLOYEE_2.id] });
    list.actor.send({ type: 'bulk.request', action: 'validate' });
    expect(list.view()).toMatchObject({ confirming: 'validate', canValidate: false, canDeactivate: false });
    list.actor.send({ type: 'bulk.cancel' });
    expect(list.view().confirming).toBeNull();
    expect(list.routes).not.toContain('employees.validate');
    list.actor.send({ type: 'bulk.request', action: 'validate' });
    list.actor.send({ type: 'bulk.confirm' });
    expect(list.view()).toMatchObject({ confirming: null, busy: 'validate' });
    await tick();
    await shown(list);
    expect(list.calls.find((c) => c.routeId === 'employees.validate')?.body).toEqual({
      ids: [EMPLOYEE_1.id, EMPLOYEE_2.id],
    });
    expect(list.alerts).toEqual([{ type: 'success', message: 'employees.messages.validate.success' }]);
    expect(list.routes.slice(-2).sort()).toEqual(['employees.list', 'employees.stats']);
    expect(list.view()).toMatchObject({ selected: [], busy: null });
  });

  it('deactivates the checked employees one after another; a refusal says the action and the server reason', async () => {
    const list = start({
      'employees.list': () => PAGE,
      'employees.stats': () => STATS,
      'employees.deactivate': ({ params }) => {
        if (params?.id === EMPLOYEE_2.id) throw { key: 'error.internal', status: 500, errors: ['Refusé.'] };
        return undefined;
      },
    });
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    list.actor.send({ type: 'selection.change', ids: [EMPLOYEE_1.id, EMPLOYEE_2.id] });
    list.actor.send({ type: 'bulk.request', action: 'deactivate' });
    list.actor.send({ type: 'bulk.confirm' });
    await tick();
    await shown(list);
    expect(list.calls.filter((c) => c.routeId === 'employees.deactivate').map((c) => c.params)).toEqual([
      { id: EMPLOYEE_1.id },
      { id: EMPLOYEE_2.id },
    ]);
    expect(list.alerts).toEqual([{ type: 'error', message: ALERT_KEYS.employees.deleteError, detail: 'Refusé.' }]);
    expect(list.routes.filter((r) => r === 'employees.list')).toHaveLength(2); // read again after a failure too
  });

  it('reads the list and the statistics again on a reload (an import, a creation), the selection emptied', async () => {
    const list = start({ 'employees.list': () => PAGE, 'employees.stats': () => STATS });
    list.actor.send({ type: 'list.reload' }); // before any query: the statistics only
    await tick();
    expect(list.routes).toEqual(['employees.stats', 'employees.stats']);
    list.actor.send({ type: 'list.query', query: QUERY_ALL });
    await shown(list);
    list.actor.send({ type: 'selection.change', ids: [EMPLOYEE_1.id] });
    list.actor.send({ type: 'list.reload' });
    expect(list.view()).toMatchObject({ selected: [], loading: true });
    await shown(list);
    expect(list.routes).toEqual([
      'employees.stats',
      'employees.stats',
      'employees.list',
      'employees.list',
      'employees.stats',
    ]);
  });
});
