/**
 * What was typed before a conflict reload, in words: one line per field that differs from the version
 * now shown (« Nom : Martin-Roux », « Droits : Campagnes : lister »), so nothing typed is lost from view.
 */
import type { RightsDraft } from '../../../../machines/rights-form/index.ts';
import { featureLabel, type Translate } from './rightsLabels.ts';

export interface PendingNames {
  org(id: string): string | undefined;
  group(id: string): string | undefined;
}

export const pendingLines = (t: Translate, pending: RightsDraft, shown: RightsDraft, names: PendingNames): string[] => {
  const lines: string[] = [];
  const typed = pending as unknown as Record<string, unknown>;
  const now = shown as unknown as Record<string, unknown>;
  const none = t('rights.trail.empty');
  for (const [key, value] of Object.entries(typed)) {
    if (key === 'kind' || JSON.stringify(value) === JSON.stringify(now[key])) continue;
    const field = t(`rights.trail.fields.${key}`, { defaultValue: key });
    let text: string;
    if (typeof value === 'boolean') text = t(value ? 'rights.trail.yes' : 'rights.trail.no');
    else if (typeof value === 'string')
      text = value === '' ? none : key === 'rootOrgId' ? (names.org(value) ?? value) : value;
    else if (Array.isArray(value)) {
      const items = value.map((item: unknown) => {
        if (typeof item === 'string') {
          if (key === 'features') return featureLabel(t, item as never);
          if (key === 'userGroupIds') return names.group(item) ?? item;
          if (key === 'organizationIds') return names.org(item) ?? item;
          return item;
        }
        const o = item as { orgId?: string; label?: string };
        return o.label ?? (o.orgId ? (names.org(o.orgId) ?? o.orgId) : '');
      });
      text = items.length ? items.join(', ') : none;
    } else text = String(value);
    lines.push(t('rights.pending.line', { field, value: text }));
  }
  return lines;
};
