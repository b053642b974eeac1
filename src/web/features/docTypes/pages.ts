/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

export const docTypesPages: SectionPages = {
  'doc-types': lazyRouteComponent(() => import('./DocTypesPage.tsx'), 'DocTypesPage'),
  'doc-types/$code': lazyRouteComponent(() => import('./MaskEditorPage.tsx'), 'MaskEditorPage'),
};
