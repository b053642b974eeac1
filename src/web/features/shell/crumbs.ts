/** Breadcrumbs from route metadata: pure, so the rule is readable and tested apart from rendering. */
import { SIGNBOOK_SUB_STATUSES } from '../../../contract/enums.ts';
import { SECTIONS, type AppStaticData } from '../../routes/staticData.ts';

export interface Crumb {
  readonly label: string;
  readonly values?: Record<string, string>;
  readonly to?: string;
}

export const buildCrumbs = (
  matches: readonly { staticData?: AppStaticData; params: Record<string, string> }[],
): Crumb[] => {
  const leaf = matches[matches.length - 1];
  const data = leaf?.staticData ?? {};
  const params = leaf?.params ?? {};
  const crumbs: Crumb[] = [{ label: 'shell.nav.home', to: '/dashboard' }];
  if (!data.title || data.title === 'sections.dashboard') {
    if (data.title) crumbs.push({ label: data.title });
    return crumbs;
  }
  const section = data.section ? SECTIONS[data.section] : undefined;
  if (section) crumbs.push({ label: section.label, to: section.to });
  const domain = data.statusDomain;
  if (domain && params.status) {
    const statusTo = `${section?.to ?? ''}/status/${params.status}`;
    crumbs.push({ label: `statuses.${domain}.${params.status}`, to: statusTo });
    const subStatus =
      params.subStatus ?? (SIGNBOOK_SUB_STATUSES as readonly string[]).find((s) => s === params.subStatusOrId);
    if (subStatus) {
      const subTo = domain === 'campaigns' ? `${statusTo}/subStatus/${subStatus}` : `${statusTo}/${subStatus}`;
      crumbs.push({ label: `statuses.${domain}.${subStatus}`, to: subTo });
    } else if (params.subStatusOrId) {
      crumbs.push({ label: 'sections.signbook' });
    }
  }
  const isSectionLanding = section && !data.item && !domain && data.title === section.label;
  if (data.item || !domain) {
    if (!isSectionLanding && !(data.section === 'profile')) crumbs.push({ label: data.title });
  }
  return crumbs;
};
