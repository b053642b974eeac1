/**
 * What the filters and the upload offer: the organisations the user sees (as a tree), the document
 * types of the current organisation, and the employee groups. Each may fail on its own (a user
 * without the employees menu has no groups): the filter it feeds is then simply not offered.
 */
import { useEffect, useState } from 'react';
import type { EmployeeGroupPage, OrgDocTypeConf, OrganizationNode } from '../../../contract/entities.ts';
import { useAuth, useServices } from '../../app/index.ts';
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

export const useDocumentOptions = (): DocumentOptions => {
  const { api } = useServices();
  const { session } = useAuth();
  const orgId = session?.orgId ?? null;
  const [options, setOptions] = useState<DocumentOptions>(EMPTY);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    const quiet = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
    void Promise.all([
      quiet(api.call<OrganizationNode[]>('organizations.eligibleTree', { signal }), []),
      orgId
        ? quiet(api.call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: orgId }, signal }), [])
        : Promise.resolve([] as OrgDocTypeConf[]),
      quiet(
        api.call<EmployeeGroupPage>('groups.list', {
          body: { limit: 200, order: { field: 'name', sens: 'asc' } },
          signal,
        }),
        { count: 0, items: [] },
      ),
    ]).then(([tree, types, groups]) => {
      if (signal.aborted) return;
      setOptions({
        orgs: flattenTree(tree).map(({ node, depth }) => ({ id: node.id, name: node.name, depth })),
        docTypes: types.filter((d) => d.enabled).map((d) => ({ code: d.code, label: d.label })),
        groups: groups.items.map((g) => ({ id: g.id, name: g.name, depth: 0 })),
        loaded: true,
      });
    });
    return () => controller.abort();
  }, [api, orgId]);

  return options;
};

/** Document types for one organisation (the upload's organisation may differ from the session's). */
export const useOrgDocTypes = (orgId: string): { types: readonly DocTypeOption[]; loaded: boolean } => {
  const { api } = useServices();
  const [state, setState] = useState<{ orgId: string; types: readonly DocTypeOption[] } | null>(null);
  useEffect(() => {
    if (!orgId) return;
    const controller = new AbortController();
    api
      .call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: orgId }, signal: controller.signal })
      .then((list) =>
        setState({ orgId, types: list.filter((d) => d.enabled).map((d) => ({ code: d.code, label: d.label })) }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ orgId, types: [] });
      });
    return () => controller.abort();
  }, [api, orgId]);
  return state?.orgId === orgId ? { types: state.types, loaded: true } : { types: [], loaded: orgId === '' };
};
