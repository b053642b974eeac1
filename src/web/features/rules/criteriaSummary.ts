/** A rule's document criteria and targets in a few words, for the list (« Période · 2 types de documents »). */
import type { DocumentCriteria } from '../../../contract/rights.ts';
import type { Translate } from '../rights/rightsLabels.ts';

export const criteriaSummary = (t: Translate, c: DocumentCriteria): string => {
  const parts: string[] = [];
  if (c.periodStart || c.periodEnd) parts.push(t('rules.summary.period'));
  if (c.docTypes.length) parts.push(t('rules.summary.docTypes', { count: c.docTypes.length }));
  if (c.organizationIds.length) parts.push(t('rules.summary.organisations', { count: c.organizationIds.length }));
  if (c.employeeIds.length) parts.push(t('rules.summary.employees', { count: c.employeeIds.length }));
  if (c.employeeGroupIds.length) parts.push(t('rules.summary.employeeGroups', { count: c.employeeGroupIds.length }));
  if (c.metaKey) parts.push(t('rules.summary.meta', { key: c.metaKey }));
  return parts.length ? parts.join(' · ') : t('rules.summary.allDocuments');
};

export const targetsSummary = (t: Translate, groups: number, users: number): string => {
  const parts = [
    ...(groups ? [t('rules.summary.groups', { count: groups })] : []),
    ...(users ? [t('rules.summary.users', { count: users })] : []),
  ];
  return parts.length ? parts.join(', ') : t('rules.summary.nobody');
};
