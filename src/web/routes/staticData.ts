/**
 * Route metadata read by the breadcrumbs and the page titles. Registered with the router so
 * every route's `staticData` is type-checked.
 */
import type { StaticDataRouteOption } from '@tanstack/react-router';
import type { Feature } from '../../contract/features.ts';

export type SectionId =
  | 'campaigns'
  | 'docTypes'
  | 'documents'
  | 'employees'
  | 'employeeGroups'
  | 'organizations'
  | 'profile'
  | 'signbooks'
  | 'signbookTemplates'
  | 'socialSigners'
  | 'rules'
  | 'users'
  | 'userGroups';

/** Which status vocabulary a route's `status` / `subStatus` params belong to. */
export type StatusDomain = 'campaigns' | 'employees' | 'signbooks';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the page title. */
    title?: string;
    /** The breadcrumb's section (second crumb). */
    section?: SectionId;
    statusDomain?: StatusDomain;
    /** The page shows one item (its id is remembered as the current route). */
    item?: boolean;
    /** Feature required to open the page (the server checks it again on every call). */
    feature?: Feature;
  }
}

export type AppStaticData = StaticDataRouteOption;

/** Section landing pages: breadcrumb label and target. */
export const SECTIONS: Record<SectionId, { label: string; to: string }> = {
  campaigns: { label: 'sections.campaigns', to: '/campaigns' },
  docTypes: { label: 'sections.docTypes', to: '/doc-types' },
  documents: { label: 'sections.documents', to: '/documents' },
  employees: { label: 'sections.employees', to: '/employees' },
  employeeGroups: { label: 'sections.employeeGroups', to: '/employee-groups' },
  organizations: { label: 'sections.organizations', to: '/organizations' },
  profile: { label: 'sections.profile', to: '/profile' },
  signbooks: { label: 'sections.signbooks', to: '/signworkflows' },
  signbookTemplates: { label: 'sections.signbookTemplates', to: '/signworkflows/templates' },
  socialSigners: { label: 'sections.socialSigners', to: '/signatories/social' },
  rules: { label: 'sections.rules', to: '/rules' },
  users: { label: 'sections.users', to: '/users' },
  userGroups: { label: 'sections.userGroups', to: '/user-groups' },
};
