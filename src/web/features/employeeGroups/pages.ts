/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const edit = lazyRouteComponent(() => import('./GroupEditPage.tsx'), 'GroupEditPage');

export const employeeGroupsPages: SectionPages = {
  'employee-groups': lazyRouteComponent(() => import('./GroupListPage.tsx'), 'GroupListPage'),
  'employee-groups/create': edit,
  'employee-groups/$id': edit,
};
