/**
 * The signbook routes of seed 000 §2 read as a list scope or an item: `/signworkflows`,
 * `/signworkflows/status/{status}`, `…/{status}/{subStatus}`, `…/{status}/{id}` (the second segment
 * is a sub-status when it names one, else a signbook id) and `…/{status}/{subStatus}/{id}`.
 */
import {
  SIGNBOOK_LIST_STATUSES,
  SIGNBOOK_SUB_STATUSES,
  type SignbookStatus,
  type SignbookSubStatus,
  type SignbookUrlStatus,
} from '../../../contract/enums.ts';
import type { BadgeCounts } from '../../../contract/entities.ts';
import type { SignbookListBody } from '../../../contract/signbook.ts';

export interface SignbookRouteParams {
  readonly status?: string;
  readonly subStatusOrId?: string;
  readonly subStatus?: string;
  readonly id?: string;
}

export interface SignbookScope {
  readonly status?: SignbookUrlStatus;
  readonly subStatus?: SignbookSubStatus;
  /** The signbook shown, when the route names one. */
  readonly id?: string;
}

const isSubStatus = (value: string): value is SignbookSubStatus =>
  (SIGNBOOK_SUB_STATUSES as readonly string[]).includes(value);

export const scopeOf = (p: SignbookRouteParams): SignbookScope => {
  const status = p.status as SignbookUrlStatus | undefined;
  if (p.subStatus !== undefined)
    return { status, subStatus: p.subStatus as SignbookSubStatus, ...(p.id ? { id: p.id } : {}) };
  if (p.subStatusOrId !== undefined)
    return isSubStatus(p.subStatusOrId) ? { status, subStatus: p.subStatusOrId } : { status, id: p.subStatusOrId };
  return status ? { status } : {};
};

/** The list's URL (without an item). */
export const listPath = (scope: Pick<SignbookScope, 'status' | 'subStatus'>): string =>
  !scope.status
    ? '/signworkflows'
    : `/signworkflows/status/${scope.status}${scope.subStatus ? `/${scope.subStatus}` : ''}`;

/** The list a signbook of this status belongs to first (IN_ERROR: the errors, though "in progress" lists it too). */
export const urlStatusOf = (status: SignbookStatus | undefined): SignbookUrlStatus =>
  status === 'COMPLETE'
    ? 'done'
    : status === 'REFUSED'
      ? 'refused'
      : status === 'IN_ERROR'
        ? 'error'
        : status === 'DRAFT'
          ? 'draft'
          : 'in-progress';

/** Whether the list of `urlStatus` shows a signbook of `status` (the server's own table). */
export const listShows = (urlStatus: SignbookUrlStatus, status: SignbookStatus): boolean =>
  (SIGNBOOK_LIST_STATUSES[urlStatus] as readonly SignbookStatus[]).includes(status);

/** Where a signbook opens from a list: inside the list's scope, or under its own status. */
export const itemPath = (scope: Pick<SignbookScope, 'status' | 'subStatus'>, id: string, status?: SignbookStatus) =>
  scope.status ? `${listPath(scope)}/${id}` : `${listPath({ status: urlStatusOf(status) })}/${id}`;

/**
 * The path that names a signbook under a list that really shows it — or null when the current one
 * does: a signbook refused (or sealed) while open under "in progress" moves to its real list, so the
 * breadcrumb says its status.
 */
export const canonicalItemPath = (scope: SignbookScope, status: SignbookStatus): string | null => {
  if (!scope.id || !scope.status) return null;
  const stillListed =
    listShows(scope.status, status) && (!scope.subStatus || status === 'IN_PROGRESS' || status === 'SEALING');
  return stillListed ? null : itemPath({}, scope.id, status);
};

/** The list call for a scope: the whole section lists everything, newest first. */
export const listBodyOf = (scope: SignbookScope): Pick<SignbookListBody, 'status' | 'subStatus'> => ({
  ...(scope.status ? { status: scope.status } : {}),
  ...(scope.subStatus ? { subStatus: scope.subStatus } : {}),
});

/** Title key of a list scope. */
export const titleKeyOf = (scope: SignbookScope): string =>
  scope.subStatus
    ? `statuses.signbooks.${scope.subStatus}`
    : scope.status
      ? `statuses.signbooks.${scope.status}`
      : 'sections.signbooks';

/** Tabs of the list page: every list of the section, with the badge count that goes with it. */
export const LIST_TABS = [
  { id: 'in-progress', scope: { status: 'in-progress' }, badge: 'inProgress' },
  { id: 'to-sign', scope: { status: 'in-progress', subStatus: 'to-sign' }, badge: 'toSign' },
  { id: 'waiting-for-others', scope: { status: 'in-progress', subStatus: 'waiting-for-others' }, badge: null },
  { id: 'done', scope: { status: 'done' }, badge: 'done' },
  { id: 'refused', scope: { status: 'refused' }, badge: 'refused' },
  { id: 'error', scope: { status: 'error' }, badge: 'error' },
  { id: 'draft', scope: { status: 'draft' }, badge: null },
] as const satisfies readonly {
  id: string;
  scope: Pick<SignbookScope, 'status' | 'subStatus'>;
  badge: keyof BadgeCounts['signbooks'] | null;
}[];
