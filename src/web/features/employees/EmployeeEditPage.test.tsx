// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Employee } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { EMPLOYEE } from '../../../../machines/employee-sheet/employeeSheet.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { EmployeeEditPage } from './EmployeeEditPage.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const PATHS = ['/employees', '/employees/$id'] as const;
const ORGS = { items: [{ id: 'org-a', name: 'Horizon Lyon', parentId: null }] };

const open = async (answers: Parameters<typeof renderDocumentsPage>[2]) => {
  const page = await renderDocumentsPage(EmployeeEditPage, `/employees/${EMPLOYEE.id}`, answers, PATHS);
  stop = page.stop;
  await screen.findByRole('heading', { name: 'Durand Alice' });
  return page;
};
const alertsOf = (page: Awaited<ReturnType<typeof open>>) =>
  page.services.actors.alerts
    .getSnapshot()
    .context.alerts.map((a: { type: string; message: string }) => [a.type, a.message]);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('employee sheet page', () => {
  it('opens the safe through the machine, reads the employee again and then offers it no more', async () => {
    let employee: Employee = EMPLOYEE;
    const page = await open({
      'organizations.list': () => ORGS,
      'employees.get': () => employee,
      'employees.createEDocPerso': () => {
        employee = { ...EMPLOYEE, safeStatus: 'CREATED' as Employee['safeStatus'] };
        return { accountCreated: true };
      },
    });
    expect(button('Créer le coffre-fort').disabled).toBe(false);
    act(() => fireEvent.click(button('Créer le coffre-fort')));
    await waitFor(() => expect(button('Créer le coffre-fort').disabled).toBe(true));
    await waitFor(() => expect(page.calls.filter((c) => c.routeId === 'employees.get')).toHaveLength(2));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['success', 'employees.messages.safe.success']));
    expect(button('Envoyer un rappel').disabled).toBe(false);
  });

  it('asks for an e-mail before a reminder, and deactivates only after the confirmation', async () => {
    const page = await open({
      'organizations.list': () => ORGS,
      'employees.get': () => EMPLOYEE,
      'employees.deactivate': () => undefined,
    });
    act(() => fireEvent.click(button('Envoyer un rappel')));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['error', ALERT_KEYS.reminderNeedsEmail]));
    expect(page.calls.some((c) => c.routeId === 'employees.reminder')).toBe(false);

    act(() => fireEvent.click(button('Désactiver')));
    const dialog = await screen.findByRole('alertdialog');
    expect(page.calls.some((c) => c.routeId === 'employees.deactivate')).toBe(false);
    act(() => fireEvent.click(dialog.querySelector('button:last-of-type') as HTMLButtonElement));
    await waitFor(() => expect(page.calls.some((c) => c.routeId === 'employees.deactivate')).toBe(true));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/employees'));
    expect(alertsOf(page)).toContainEqual(['success', 'employees.messages.deactivate.success']);
  });

  it('says so when the employee cannot be read', async () => {
    const page = await renderDocumentsPage(
      EmployeeEditPage,
      `/employees/${EMPLOYEE.id}`,
      { 'organizations.list': () => ORGS },
      PATHS,
    );
    stop = page.stop;
    expect((await screen.findByRole('alert')).textContent).toBe("Le salarié n'a pas pu être chargé.");
  });
});
