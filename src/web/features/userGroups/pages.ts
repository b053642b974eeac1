/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const form = lazyRouteComponent(() => import('./UserGroupFormPage.tsx'), 'UserGroupFormPage');

export const userGroupsPages: SectionPages = {
  'user-groups': lazyRouteComponent(() => import('./UserGroupListPage.tsx'), 'UserGroupListPage'),
  'user-groups/create': form,
  'user-groups/$id': form,
};
