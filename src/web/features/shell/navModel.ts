/**
 * The side navigation of seed 000 §2 as data: which entries a session sees (feature gating), with
 * which badge counts. Pure, so the gating rules are tested without rendering.
 */
import { LIMITS } from '../../../contract/constants.ts';
import type { BadgeCounts } from '../../../contract/entities.ts';
import type { Feature } from '../../../contract/features.ts';

export type NavIcon = 'home' | 'documents' | 'employees' | 'campaigns' | 'signbooks';

export interface NavLeaf {
  readonly id: string;
  /** i18n key */
  readonly label: string;
  readonly to: string;
  readonly count?: number;
  readonly children?: readonly NavLeaf[];
}

export interface NavGroup {
  readonly id: string;
  readonly label: string;
  readonly icon: NavIcon;
  /** Where the group's own link (mini variant) leads. */
  readonly to: string;
  readonly count?: number;
  readonly children: readonly NavLeaf[];
  /** i18n key explaining why the group cannot be used; its entries are then not links. */
  readonly disabledReason?: string;
}

export interface NavInput {
  readonly features: readonly Feature[];
  readonly badges: BadgeCounts | null;
  /** The signbook section needs an e-mail on the profile (seed 000 §2, §6). */
  readonly hasEmail: boolean;
  /** The signing session answered 500: the signing menu is hidden (seed 000 §2, 001 §4). */
  readonly signingMenuHidden?: boolean;
}

/** A count worth a badge: positive, and for employees only under 100 (seed 000 §2). */
const shown = (count: number | undefined, max = Number.POSITIVE_INFINITY): number | undefined =>
  count !== undefined && count > 0 && count < max ? count : undefined;
const employeeCount = (count: number | undefined) => shown(count, LIMITS.employeeBadgeMax);

const leaf = (id: string, label: string, to: string, count?: number, children?: NavLeaf[]): NavLeaf => ({
  id,
  label,
  to,
  ...(count !== undefined ? { count } : {}),
  ...(children ? { children } : {}),
});

export const buildNav = ({ features, badges, hasEmail, signingMenuHidden = false }: NavInput): NavGroup[] => {
  const has = (f: Feature) => features.includes(f);
  const e = badges?.employees;
  const c = badges?.campaigns;
  const s = badges?.signbooks;
  const groups: NavGroup[] = [{ id: 'home', label: 'shell.nav.home', icon: 'home', to: '/dashboard', children: [] }];

  if (has('DocSearch'))
    groups.push({ id: 'documents', label: 'shell.nav.documents', icon: 'documents', to: '/documents', children: [] });

  if (has('EmpList'))
    groups.push({
      id: 'employees',
      label: 'shell.nav.employees',
      icon: 'employees',
      to: '/employees',
      children: [
        leaf('employees.all', 'shell.nav.employeesAll', '/employees', employeeCount(e?.all)),
        leaf('employees.active', 'shell.nav.employeesActive', '/employees/status/active', employeeCount(e?.active)),
        leaf(
          'employees.inactive',
          'shell.nav.employeesInactive',
          '/employees/status/inactive',
          employeeCount(e?.inactive),
        ),
        leaf(
          'employees.toValidate',
          'shell.nav.employeesToValidate',
          '/employees/status/to-validate',
          employeeCount(e?.toValidate),
        ),
        leaf('employees.groups', 'shell.nav.employeeGroups', '/employee-groups'),
      ],
    });

  if (has('DocListDispatch'))
    groups.push({
      id: 'campaigns',
      label: 'shell.nav.campaigns',
      icon: 'campaigns',
      to: '/campaigns/status/validation',
      children: [
        // Every campaign, and « Nouvelle campagne » there: the heading « Campagnes » is not a link (issue 15).
        leaf('campaigns.all', 'shell.nav.campaignsAll', '/campaigns'),
        leaf(
          'campaigns.validation',
          'shell.nav.campaignsValidation',
          '/campaigns/status/validation',
          shown(c?.validation),
        ),
        leaf('campaigns.finalized', 'shell.nav.campaignsFinalized', '/campaigns/status/finalized', shown(c?.finalized)),
        leaf(
          'campaigns.error',
          'shell.nav.campaignsErrors',
          '/campaigns/status/error',
          shown(c ? c.errorRetry + c.errorDelete : undefined),
          [
            leaf(
              'campaigns.errorRetry',
              'shell.nav.campaignsErrorRetry',
              '/campaigns/status/error/subStatus/error-retry',
              shown(c?.errorRetry),
            ),
            leaf(
              'campaigns.errorDelete',
              'shell.nav.campaignsErrorDelete',
              '/campaigns/status/error/subStatus/error-delete',
              shown(c?.errorDelete),
            ),
          ],
        ),
        leaf('campaigns.splitting', 'shell.nav.campaignsSplitting', '/campaigns/status/splitting', shown(c?.splitting)),
        leaf(
          'campaigns.dispatching',
          'shell.nav.campaignsDispatching',
          '/campaigns/status/dispatching',
          shown(c?.dispatching),
        ),
        leaf('campaigns.refused', 'shell.nav.campaignsRefused', '/campaigns/status/refused', shown(c?.refused)),
        // The masks a campaign splits with: where a payroll officer looks for them (README's demo walk).
        leaf('campaigns.docTypes', 'shell.nav.docTypes', '/doc-types'),
      ],
    });

  if (has('ParaphList') && !signingMenuHidden)
    groups.push({
      id: 'signbooks',
      label: 'shell.nav.signbooks',
      icon: 'signbooks',
      to: '/signworkflows/status/in-progress',
      ...(hasEmail ? {} : { disabledReason: 'alert.sidenav.signworkflows.alert' }),
      children: [
        // Every signbook, drafts included (no other list shows them), and « Nouveau parapheur » there.
        leaf('signbooks.all', 'shell.nav.signbooksAll', '/signworkflows'),
        leaf(
          'signbooks.inProgress',
          'shell.nav.signbooksInProgress',
          '/signworkflows/status/in-progress',
          shown(s?.inProgress),
        ),
        leaf(
          'signbooks.toSign',
          'shell.nav.signbooksToSign',
          '/signworkflows/status/in-progress/to-sign',
          shown(s?.toSign),
        ),
        ...(has('ParaphCreateUpdate')
          ? [leaf('signbooks.templates', 'shell.nav.signbooksTemplates', '/signworkflows/templates')]
          : []),
        leaf('signbooks.done', 'shell.nav.signbooksDone', '/signworkflows/status/done', shown(s?.done)),
        leaf('signbooks.refused', 'shell.nav.signbooksRefused', '/signworkflows/status/refused', shown(s?.refused)),
        leaf('signbooks.error', 'shell.nav.signbooksError', '/signworkflows/status/error', shown(s?.error)),
      ],
    });

  return groups;
};
