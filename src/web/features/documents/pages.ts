/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

export const documentsPages: SectionPages = {
  documents: lazyRouteComponent(() => import('./DocumentListPage.tsx'), 'DocumentListPage'),
  'documents/$docId': lazyRouteComponent(() => import('./DocumentPage.tsx'), 'DocumentPage'),
};
