/**
 * The searches behind the person pickers: users (group members, rule targets) and employees (rule
 * criteria), each a paged read by offset (`read.more` asks from the rows shown) that the picker runs.
 */
import type { EmployeePage } from '../../../contract/entities.ts';
import type { UserAdminPage } from '../../../contract/rights.ts';
import { employeeRef, userRef } from '../../../../machines/rights-form/index.ts';
import { PICKER_PAGE, type PersonSearch } from './PersonPicker.tsx';

const USER_SEARCH: PersonSearch = {
  routeId: 'users.list',
  query: (text) => ({
    body: { search: text, offset: 0, limit: PICKER_PAGE, status: 'active', order: { field: 'lastName', sens: 'asc' } },
    paging: 'offset',
  }),
  people: (answer) => {
    const page = answer as UserAdminPage;
    return { count: page.count, items: page.items.map(userRef) };
  },
};

const EMPLOYEE_SEARCH: PersonSearch = {
  routeId: 'employees.list',
  query: (text) => ({ body: { search: text, offset: 0, limit: PICKER_PAGE }, paging: 'offset' }),
  people: (answer) => {
    const page = answer as EmployeePage;
    return { count: page.count, items: page.items.map(employeeRef) };
  },
};

/** Hooks kept so the pages that hand a search to their pickers stay as they are. */
export const useUserSearch = (): PersonSearch => USER_SEARCH;
export const useEmployeeSearch = (): PersonSearch => EMPLOYEE_SEARCH;
