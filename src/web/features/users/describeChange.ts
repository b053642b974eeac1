/**
 * A change of rights in plain words: who did what, then one line per field that changed, before → after
 * (names rather than ids, rights as « Campagnes : lister »). Pure, so the trail is tested without rendering.
 */
import { isFeature } from '../../../contract/features.ts';
import type { RightsChange } from '../../../contract/rights.ts';
import { featureLabel, type Translate } from '../rights/rightsLabels.ts';

export interface Names {
  org(id: string): string | undefined;
  group(id: string): string | undefined;
  user(id: string): string | undefined;
}

export interface DescribedChange {
  readonly headline: string;
  readonly lines: readonly string[];
}

type Values = Readonly<Record<string, unknown>>;

/** Fields in the order a reader expects them; others follow in the order the server gave. */
const ORDER = [
  'name',
  'lastName',
  'firstName',
  'login',
  'email',
  'linkedToMicrosoft',
  'active',
  'rootOrgId',
  'rootIncludesChildren',
  'access',
  'features',
  'userGroupIds',
  'memberIds',
  'userIds',
  'criteria',
];
const TEXT_FIELDS = new Set(['name', 'lastName', 'firstName', 'login', 'email']);
const BOOLEAN_FIELDS = new Set(['linkedToMicrosoft', 'rootIncludesChildren']);

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const idsOf = (value: unknown): string[] =>
  asList(value).flatMap((v) =>
    typeof v === 'string' ? [v] : typeof v === 'object' && v !== null && 'orgId' in v ? [String(v.orgId)] : [],
  );

export const describeChange = (t: Translate, change: RightsChange, names: Names): DescribedChange => {
  const what = t(`rights.trail.subjects.${change.subject}`, { name: change.subjectName });
  const headline = t(`rights.trail.actions.${change.action}`, { actor: change.actor.name, what });
  if (change.action !== 'updated' && change.action !== 'created') return { headline, lines: [] };
  const before: Values = change.before ?? {};
  const after: Values = change.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99),
  );
  const empty = t('rights.trail.empty');
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? empty : String(v));
  const yesNo = (v: unknown) => t(v ? 'rights.trail.yes' : 'rights.trail.no');
  const field = (key: string) => t(`rights.trail.fields.${key}`, { defaultValue: key });
  const lines: string[] = [];

  const diff = (key: string, label: (id: string) => string) => {
    const was = new Set(idsOf(before[key]));
    const now = new Set(idsOf(after[key]));
    const added = [...now].filter((id) => !was.has(id)).map(label);
    const removed = [...was].filter((id) => !now.has(id)).map(label);
    if (added.length) lines.push(t(`rights.trail.addedTo.${key}`, { list: added.join(', ') }));
    if (removed.length) lines.push(t(`rights.trail.removedFrom.${key}`, { list: removed.join(', ') }));
  };

  for (const key of keys) {
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    if (TEXT_FIELDS.has(key))
      lines.push(t('rights.trail.changed', { field: field(key), from: text(from), to: text(to) }));
    else if (BOOLEAN_FIELDS.has(key))
      lines.push(t('rights.trail.changed', { field: field(key), from: yesNo(from), to: yesNo(to) }));
    else if (key === 'active')
      lines.push(
        t('rights.trail.changed', {
          field: field(key),
          from: t(from ? 'rights.status.active' : 'rights.status.inactive'),
          to: t(to ? 'rights.status.active' : 'rights.status.inactive'),
        }),
      );
    else if (key === 'rootOrgId')
      lines.push(
        t('rights.trail.changed', {
          field: field(key),
          from: from ? (names.org(String(from)) ?? t('rights.trail.unknownOrg')) : empty,
          to: to ? (names.org(String(to)) ?? t('rights.trail.unknownOrg')) : empty,
        }),
      );
    else if (key === 'features') diff(key, (f) => (isFeature(f) ? featureLabel(t, f) : f));
    else if (key === 'access') diff(key, (id) => names.org(id) ?? t('rights.trail.unknownOrg'));
    else if (key === 'userGroupIds') diff(key, (id) => names.group(id) ?? t('rights.trail.unknownGroup'));
    else if (key === 'memberIds' || key === 'userIds')
      diff(key, (id) => names.user(id) ?? t('rights.trail.unknownUser'));
    else lines.push(t('rights.trail.modified', { field: field(key) }));
  }
  return { headline, lines };
};
