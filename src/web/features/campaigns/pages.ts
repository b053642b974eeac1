/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import type { SectionPages } from '../../routes/sectionPages.ts';

export const campaignsPages: SectionPages = {};
