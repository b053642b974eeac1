// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { EMPLOYEE_1, EMPLOYEE_2, PAGE, STATS } from '../../../../machines/employee-list/employeeList.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { EmployeeListPage } from './EmployeeListPage.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const PATHS = ['/employees', '/employees/status/$status', '/employees/$id', '/employees/status/$status/$id'] as const;
const ORGS = { items: [{ id: 'org-a', name: 'Horizon Lyon', parentId: null }] };

const open = async (path: string, answers: Parameters<typeof renderDocumentsPage>[2]) => {
  const page = await renderDocumentsPage(
    EmployeeListPage,
    path,
    { 'organizations.list': () => ORGS, ...answers },
    PATHS,
  );
  stop = page.stop;
  return page;
};
type Page = Awaited<ReturnType<typeof open>>;
const alertsOf = (page: Page) =>
  page.services.actors.alerts
    .getSnapshot()
    .context.alerts.map((a: { type: string; message: string; values?: { detail?: unknown } }) => [
      a.type,
      a.message,
      a.values?.detail,
    ]);
const routes = (page: Page, routeId: string) => page.calls.filter((c) => c.routeId === routeId);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const checkRow = (name: string) => {
  const row = screen.getByText(name).closest('tr') as HTMLElement;
  act(() => fireEvent.click(within(row).getByRole('checkbox')));
};

describe('employee list page', () => {
  it('shows the page and the statistics, validates the checked employees once confirmed, then reads both again', async () => {
    const page = await open('/employees/status/to-validate', {
      'employees.list': () => PAGE,
      'employees.stats': () => STATS,
      'employees.validate': () => undefined,
    });
    await screen.findByText('Durand');
    expect(routes(page, 'employees.list')[0]?.body).toMatchObject({ offset: 0, limit: 20, status: 'to-validate' });
    await waitFor(() => expect(screen.getByTestId('stat-needsValidationCount').textContent).toContain('2'));
    expect(screen.queryByRole('toolbar')).toBeNull();

    checkRow('Durand');
    checkRow('Petit');
    const toolbar = screen.getByRole('toolbar', { name: '2 salariés sélectionnés' });
    expect(within(toolbar).getByRole('button', { name: 'Valider la sélection' })).toHaveProperty('disabled', false);
    act(() => fireEvent.click(button('Valider la sélection')));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Valider 2 salariés ?');
    expect(routes(page, 'employees.validate')).toHaveLength(0);
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' })));

    await waitFor(() => expect(routes(page, 'employees.list')).toHaveLength(2));
    expect(routes(page, 'employees.validate')[0]?.body).toEqual({ ids: [EMPLOYEE_1.id, EMPLOYEE_2.id] });
    await waitFor(() => expect(routes(page, 'employees.stats')).toHaveLength(2));
    expect(alertsOf(page)).toContainEqual(['success', 'employees.messages.validate.success', undefined]);
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull()); // the selection went with the re-read
  });

  it('offers no validation on the whole list, and deactivates one employee after another, saying the refusal', async () => {
    const page = await open('/employees', {
      'employees.list': () => PAGE,
      'employees.stats': () => STATS,
      'employees.deactivate': ({ params }) => {
        if (params?.id === EMPLOYEE_2.id) throw { key: 'error.internal', status: 500, errors: ['Refusé.'] };
        return undefined;
      },
    });
    await screen.findByText('Durand');
    checkRow('Durand');
    checkRow('Petit');
    expect(screen.queryByRole('button', { name: 'Valider la sélection' })).toBeNull();

    act(() => fireEvent.click(button('Désactiver la sélection')));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Désactiver 2 salariés ?');
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(routes(page, 'employees.deactivate')).toHaveLength(0);

    act(() => fireEvent.click(button('Désactiver la sélection')));
    dialog = await screen.findByRole('alertdialog');
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' })));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['error', ALERT_KEYS.employees.deleteError, 'Refusé.']));
    expect(routes(page, 'employees.deactivate').map((c) => c.params)).toEqual([
      { id: EMPLOYEE_1.id },
      { id: EMPLOYEE_2.id },
    ]);
    await waitFor(() => expect(routes(page, 'employees.list')).toHaveLength(2));
  });

  it('says so when the list cannot be read, and shows it empty', async () => {
    const page = await open('/employees', { 'employees.stats': () => STATS });
    expect(await screen.findByText('Aucun salarié')).toBeTruthy();
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['error', 'employees.messages.list.error', undefined]));
  });
});
