/** Runs one employee-form machine for a view, wired to the API client and the alerts. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  createEmployeeFormActors,
  type EmployeeFormInput,
  employeeFormMachine,
  selectEmployeeForm,
} from '../../../../machines/employee-form/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';

export const todayIso = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const useEmployeeForm = (input: EmployeeFormInput) => {
  const { api } = useServices();
  const alerts = useAlerts();
  const machine = useMemo(() => employeeFormMachine.provide({ actors: createEmployeeFormActors({ api }) }), [api]);
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, selectEmployeeForm);
  const { push } = alerts;
  useEffect(() => {
    const sub = actor.on('form.alert', ({ alert }) =>
      push({ type: alert.type, message: alert.key, ...(alert.detail ? { detail: alert.detail } : {}) }),
    );
    return () => sub.unsubscribe();
  }, [actor, push]);
  return { actor, view, send: actor.send };
};
