/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const list = lazyRouteComponent(() => import('./EmployeeListPage.tsx'), 'EmployeeListPage');
const edit = lazyRouteComponent(() => import('./EmployeeEditPage.tsx'), 'EmployeeEditPage');

export const employeesPages: SectionPages = {
  employees: list,
  'employees/create': list,
  'employees/status/$status': list,
  'employees/$id': edit,
  'employees/status/$status/$id': edit,
};
