/**
 * Every section route of seed 000 §2 that a later issue fills in. Each is declared now, with its
 * guard and breadcrumb metadata, and renders the honest "arrives soon" page.
 */
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import {
  CAMPAIGN_ERROR_SUB_STATUSES,
  CAMPAIGN_URL_STATUS_KEYS,
  EMPLOYEE_URL_STATUSES,
  SIGNBOOK_SUB_STATUSES,
  SIGNBOOK_URL_STATUSES,
} from '../../contract/enums.ts';
import { campaignCreatePages } from '../features/campaignCreate/pages.ts';
import { campaignsPages } from '../features/campaigns/pages.ts';
import { docTypesPages } from '../features/docTypes/pages.ts';
import { documentsPages } from '../features/documents/pages.ts';
import { employeeGroupsPages } from '../features/employeeGroups/pages.ts';
import { employeesPages } from '../features/employees/pages.ts';
import { organizationsPages } from '../features/organizations/pages.ts';
import { rulesPages } from '../features/rules/pages.ts';
import { signbooksPages } from '../features/signbooks/pages.ts';
import { userGroupsPages } from '../features/userGroups/pages.ts';
import { usersPages } from '../features/users/pages.ts';
import { appLayoutRoute } from './app.tsx';
import type { SectionPages } from './sectionPages.ts';
import { requireFeature } from './guards.ts';
import { SECTIONS, type AppStaticData } from './staticData.ts';

const ComingSoon = lazyRouteComponent(() => import('../features/sections/ComingSoonPage.tsx'), 'ComingSoonPage');

/** Pages the features have built; every other section route says it arrives soon. */
const PAGES: SectionPages = {
  ...campaignCreatePages,
  ...campaignsPages,
  ...docTypesPages,
  ...documentsPages,
  ...employeesPages,
  ...employeeGroupsPages,
  ...organizationsPages,
  ...rulesPages,
  ...signbooksPages,
  ...userGroupsPages,
  ...usersPages,
};

const VALID_STATUSES: Record<
  NonNullable<AppStaticData['statusDomain']>,
  { status: readonly string[]; subStatus: readonly string[] }
> = {
  campaigns: { status: [...CAMPAIGN_URL_STATUS_KEYS, 'error-retry'], subStatus: CAMPAIGN_ERROR_SUB_STATUSES },
  employees: { status: EMPLOYEE_URL_STATUSES, subStatus: [] },
  signbooks: { status: SIGNBOOK_URL_STATUSES, subStatus: SIGNBOOK_SUB_STATUSES },
};

const page = <TPath extends string>(path: TPath, staticData: AppStaticData) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    staticData,
    beforeLoad: async ({ context, params, location }) => {
      await requireFeature(context, staticData.feature, location.pathname);
      const domain = staticData.statusDomain;
      if (!domain) return;
      // An unknown status in the URL would list nothing meaningful: back to the section.
      const p = params as { status?: string; subStatus?: string };
      const valid = VALID_STATUSES[domain];
      const badStatus = p.status !== undefined && !valid.status.includes(p.status);
      const badSubStatus = p.subStatus !== undefined && !valid.subStatus.includes(p.subStatus);
      if ((badStatus || badSubStatus) && staticData.section) throw redirect({ href: SECTIONS[staticData.section].to });
    },
    component: PAGES[path] ?? ComingSoon,
  });

const campaigns = { section: 'campaigns', feature: 'DocListDispatch' } as const;
const campaignStatus = { ...campaigns, statusDomain: 'campaigns' } as const;
const employees = { section: 'employees', feature: 'EmpList' } as const;
const employeeStatus = { ...employees, statusDomain: 'employees' } as const;
const groups = { section: 'employeeGroups', feature: 'EmpList' } as const;
const orgs = { section: 'organizations', feature: 'OrgList' } as const;
const signbooks = { section: 'signbooks', feature: 'ParaphList' } as const;
const signbookStatus = { ...signbooks, statusDomain: 'signbooks' } as const;
const templates = { section: 'signbookTemplates', feature: 'ParaphCreateUpdate' } as const;
const rights = { feature: 'UserAccess' } as const;

export const sectionRoutes = [
  page('campaigns', { ...campaigns, title: 'sections.campaigns' }),
  page('campaigns/create', { ...campaigns, feature: 'DocCreateDispatch', title: 'sections.createCampaign' }),
  page('campaigns/$campaignId', { ...campaigns, title: 'sections.campaign', item: true }),
  page('campaigns/$campaignId/$docId', { ...campaigns, title: 'sections.campaignDocument', item: true }),
  page('campaigns/status/$status', { ...campaignStatus, title: 'sections.campaigns' }),
  page('campaigns/status/$status/$campaignId', { ...campaignStatus, title: 'sections.campaign', item: true }),
  page('campaigns/status/$status/$campaignId/$docId', {
    ...campaignStatus,
    title: 'sections.campaignDocument',
    item: true,
  }),
  page('campaigns/status/$status/subStatus/$subStatus', { ...campaignStatus, title: 'sections.campaigns' }),
  page('campaigns/status/$status/subStatus/$subStatus/$campaignId', {
    ...campaignStatus,
    title: 'sections.campaign',
    item: true,
  }),
  page('campaigns/status/$status/subStatus/$subStatus/$campaignId/$docId', {
    ...campaignStatus,
    title: 'sections.campaignDocument',
    item: true,
  }),
  page('doc-types', { section: 'docTypes', title: 'sections.docTypes' }),
  page('doc-types/$code', {
    section: 'docTypes',
    feature: 'DocCreateDispatch',
    title: 'sections.docTypeMask',
    item: true,
  }),
  page('documents', { section: 'documents', feature: 'DocSearch', title: 'sections.documents' }),
  page('documents/$docId', { section: 'documents', feature: 'DocSearch', title: 'sections.document', item: true }),
  page('employees', { ...employees, title: 'sections.employees' }),
  page('employees/create', { ...employees, title: 'sections.createEmployee' }),
  page('employees/$id', { ...employees, title: 'sections.employee', item: true }),
  page('employees/status/$status', { ...employeeStatus, title: 'sections.employees' }),
  page('employees/status/$status/$id', { ...employeeStatus, title: 'sections.employee', item: true }),
  page('employee-groups', { ...groups, title: 'sections.employeeGroups' }),
  page('employee-groups/create', { ...groups, title: 'sections.createEmployeeGroup' }),
  page('employee-groups/$id', { ...groups, title: 'sections.employeeGroup', item: true }),
  page('organizations', { ...orgs, title: 'sections.organizations' }),
  page('organizations/create', { ...orgs, feature: 'OrgCreateUpdate', title: 'sections.createOrganization' }),
  page('organizations/$id', { ...orgs, title: 'sections.organization', item: true }),
  page('organizations/item/$id', { ...orgs, title: 'sections.organizationSheet', item: true }),
  page('signworkflows', { ...signbooks, title: 'sections.signbooks' }),
  page('signworkflows/creation', { ...signbooks, title: 'sections.signbookCreation' }),
  page('signworkflows/templates', { ...templates, title: 'sections.signbookTemplates' }),
  page('signworkflows/templates/$id', { ...templates, title: 'sections.signbookTemplate', item: true }),
  page('signworkflows/status/$status', { ...signbookStatus, title: 'sections.signbooks' }),
  // `/status/{status}/{id}` and `/status/{status}/{subStatus}` share a shape: the value tells them apart.
  page('signworkflows/status/$status/$subStatusOrId', { ...signbookStatus, title: 'sections.signbooks' }),
  page('signworkflows/status/$status/$subStatus/$id', { ...signbookStatus, title: 'sections.signbook', item: true }),
  page('signatories/social', {
    section: 'socialSigners',
    feature: 'ParaphCreateUpdate',
    title: 'sections.socialSigners',
  }),
  page('rules', { ...rights, section: 'rules', title: 'sections.rules' }),
  page('rules/create', { ...rights, section: 'rules', title: 'sections.createRule' }),
  page('rules/$id', { ...rights, section: 'rules', title: 'sections.rule', item: true }),
  page('users', { ...rights, section: 'users', title: 'sections.users' }),
  page('users/create', { ...rights, section: 'users', title: 'sections.createUser' }),
  page('users/$id', { ...rights, section: 'users', title: 'sections.user', item: true }),
  page('user-groups', { ...rights, section: 'userGroups', title: 'sections.userGroups' }),
  page('user-groups/create', { ...rights, section: 'userGroups', title: 'sections.createUserGroup' }),
  page('user-groups/$id', { ...rights, section: 'userGroups', title: 'sections.userGroup', item: true }),
] as const;
