/** Runs the employee-sheet machine for `/employees/$id`: wired to the API client, the alerts and navigation. */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { DOWNLOAD_NAMES } from '../../../contract/constants.ts';
import {
  createEmployeeSheetActors,
  employeeSheetMachine,
  selectEmployeeSheet,
} from '../../../../machines/employee-sheet/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { saveBlob } from '../../components/saveBlob.ts';

export const useEmployeeSheet = (employeeId: string) => {
  const { api } = useServices();
  const { push } = useAlerts();
  const navigate = useNavigate();
  const machine = useMemo(() => employeeSheetMachine.provide({ actors: createEmployeeSheetActors(api) }), [api]);
  const actor = useActorRef(machine, { input: { employeeId } });
  const view = useSelector(actor, selectEmployeeSheet);
  useEffect(() => {
    const subs = [
      actor.on('sheet.alert', ({ alert }) =>
        push({ type: alert.type, message: alert.key, ...(alert.detail ? { detail: alert.detail } : {}) }),
      ),
      actor.on('sheet.letter', ({ letter }) => saveBlob(letter, DOWNLOAD_NAMES.activationLetter)),
      actor.on('sheet.deactivated', () => void navigate({ to: '/employees' })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, push, navigate]);
  return { view, send: actor.send };
};
export type EmployeeSheet = ReturnType<typeof useEmployeeSheet>;
