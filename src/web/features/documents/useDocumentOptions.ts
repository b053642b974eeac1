/**
 * What the filters and the upload offer: the organisations the user sees (as a tree), the document
 * types of the current organisation, and the employee groups. Each is one read (`useRead`, its answer
 * from the bus) and may fail on its own (a user without the employees menu has no groups): the filter
 * it feeds is then simply not offered.
 */
import { useMemo } from 'react';
import type { EmployeeGroupPage, OrgDocTypeConf, OrganizationNode } from '../../../contract/entities.ts';
import { useAuth, useRead, type ReadView } from '../../app/index.ts';
import { flattenTree } from '../rights/OrgTreePicker.tsx';

export interface NamedOption {
  readonly id: string;
  readonly name: string;
  /** Depth in the organisation tree (0 for a root). */
  readonly depth: number;
}

export interface DocTypeOption {
  readonly code: string;
  readonly label: string;
}

export interface DocumentOptions {
  readonly orgs: readonly NamedOption[];
  readonly docTypes: readonly DocTypeOption[];
  readonly groups: readonly NamedOption[];
  readonly loaded: boolean;
}

const EMPTY: DocumentOptions = { orgs: [], docTypes: [], groups: [], loaded: false };
const GROUPS = { limit: 200, order: { field: 'name', sens: 'asc' } } as const;

/** Answered, well or not (a failed read offers nothing, quietly). */
const settled = (read: ReadView<unknown>): boolean => read.data !== null || read.failure !== null;

const enabledTypes = (list: readonly OrgDocTypeConf[] | null): DocTypeOption[] =>
  (list ?? []).filter((d) => d.enabled).map((d) => ({ code: d.code, label: d.label }));

export const useDocumentOptions = (): DocumentOptions => {
  const { session } = useAuth();
  const orgId = session?.orgId ?? null;
  // The tree and the groups depend on the session's organisation though the calls do not name it.
  const scope = orgId ?? '';
  const tree = useRead('organizations.eligibleTree', { scope });
  const types = useRead('documents.orgDocTypes', orgId ? { params: { id: orgId } } : null);
  const groups = useRead('groups.list', { body: GROUPS, scope });
  const typeList = types.data as readonly OrgDocTypeConf[] | null;
  const treeList = tree.data as readonly OrganizationNode[] | null;
  const groupPage = groups.data as EmployeeGroupPage | null;
  // All three at once, as the filters appear together once every read has answered.
  const loaded = settled(tree) && settled(groups) && (orgId === null || settled(types));

  return useMemo(
    () =>
      loaded
        ? {
            orgs: flattenTree(treeList ?? []).map(({ node, depth }) => ({
              id: node.id,
              name: node.name,
              depth,
            })),
            docTypes: orgId ? enabledTypes(typeList) : [],
            groups: (groupPage?.items ?? []).map((g) => ({ id: g.id, name: g.name, depth: 0 })),
            loaded: true,
          }
        : EMPTY,
    [loaded, treeList, typeList, groupPage, orgId],
  );
};

/** Document types for one organisation (the upload's organisation may differ from the session's). */
export const useOrgDocTypes = (orgId: string): { types: readonly DocTypeOption[]; loaded: boolean } => {
  const read = useRead('documents.orgDocTypes', orgId ? { params: { id: orgId } } : null);
  const list = read.data as readonly OrgDocTypeConf[] | null;
  // Another organisation's types never show while this one's load.
  const shown = orgId !== '' && !read.loading;
  const types = useMemo(() => (shown ? enabledTypes(list) : []), [shown, list]);
  return { types, loaded: orgId === '' || shown };
};
