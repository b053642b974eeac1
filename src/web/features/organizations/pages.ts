/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const form = lazyRouteComponent(() => import('./OrganizationFormPage.tsx'), 'OrganizationFormPage');

export const organizationsPages: SectionPages = {
  organizations: lazyRouteComponent(() => import('./OrganizationListPage.tsx'), 'OrganizationListPage'),
  'organizations/create': form,
  'organizations/$id': form,
  'organizations/item/$id': lazyRouteComponent(() => import('./OrganizationSheetPage.tsx'), 'OrganizationSheetPage'),
};
