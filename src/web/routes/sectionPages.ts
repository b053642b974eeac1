/**
 * Which component a section route renders, registered by each feature in its own `pages.ts`
 * (keyed by the route path as written in sections.tsx). A path no feature claims renders the
 * honest "arrives soon" page.
 */
import type { lazyRouteComponent } from '@tanstack/react-router';

export type SectionPage = ReturnType<typeof lazyRouteComponent>;
export type SectionPages = Partial<Record<string, SectionPage>>;
