/** The searches behind the person pickers: users (group members, rule targets) and employees (rule criteria). */
import { useCallback } from 'react';
import type { EmployeePage } from '../../../contract/entities.ts';
import type { UserAdminPage } from '../../../contract/rights.ts';
import { employeeRef, userRef } from '../../../../machines/rights-form/index.ts';
import { useServices } from '../../app/index.ts';
import { PICKER_PAGE, type PersonSearch } from './PersonPicker.tsx';

export const useUserSearch = (): PersonSearch => {
  const { api } = useServices();
  return useCallback<PersonSearch>(
    (text, offset, signal) =>
      api
        .call<UserAdminPage>('users.list', {
          body: {
            search: text,
            offset,
            limit: PICKER_PAGE,
            status: 'active',
            order: { field: 'lastName', sens: 'asc' },
          },
          ...(signal ? { signal } : {}),
        })
        .then((page) => ({ count: page.count, items: page.items.map(userRef) })),
    [api],
  );
};

export const useEmployeeSearch = (): PersonSearch => {
  const { api } = useServices();
  return useCallback<PersonSearch>(
    (text, offset, signal) =>
      api
        .call<EmployeePage>('employees.list', {
          body: { search: text, offset, limit: PICKER_PAGE },
          ...(signal ? { signal } : {}),
        })
        .then((page) => ({ count: page.count, items: page.items.map(employeeRef) })),
    [api],
  );
};
