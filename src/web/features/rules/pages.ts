/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const form = lazyRouteComponent(() => import('./RuleFormPage.tsx'), 'RuleFormPage');

export const rulesPages: SectionPages = {
  rules: lazyRouteComponent(() => import('./RuleListPage.tsx'), 'RuleListPage'),
  'rules/create': form,
  'rules/$id': form,
};
