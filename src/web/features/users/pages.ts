/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const form = lazyRouteComponent(() => import('./UserFormPage.tsx'), 'UserFormPage');

export const usersPages: SectionPages = {
  users: lazyRouteComponent(() => import('./UserListPage.tsx'), 'UserListPage'),
  'users/create': form,
  'users/$id': form,
};
