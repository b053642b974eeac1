/**
 * Runs machines/employee-list for the employee lists: the app's API client as its actors (every
 * result published on the bus as usual), the alerts as its action; the URL's query (search, sort,
 * paging, status) sent as `list.query`. The page renders `view` and sends the machine's events.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  createEmployeeListActors,
  employeeListMachine,
  selectEmployeeList,
  type EmployeeListEvent,
  type EmployeeQuery,
} from '../../../../machines/employee-list/index.ts';
import { useServices } from '../../app/index.ts';

export const useEmployeeList = (query: EmployeeQuery) => {
  const services = useServices();
  // The machine is built once per page (useActorRef keeps the first): the alerts actor rather than a
  // render's `push`, which changes with every alert.
  const logic = useMemo(
    () =>
      employeeListMachine.provide({
        actors: createEmployeeListActors(services.api),
        actions: { alert: (_, alert) => services.actors.alerts.send({ type: 'alert.push', alert }) },
      }),
    [services],
  );
  const actor = useActorRef(logic);
  const view = useSelector(actor, selectEmployeeList);

  // The query stays in the URL; the machine reads again only when it changed.
  useEffect(() => {
    actor.send({ type: 'list.query', query });
  }, [actor, query]);

  const send = useMemo(() => (event: EmployeeListEvent) => actor.send(event), [actor]);
  return { view, send };
};
export type EmployeeList = ReturnType<typeof useEmployeeList>;
